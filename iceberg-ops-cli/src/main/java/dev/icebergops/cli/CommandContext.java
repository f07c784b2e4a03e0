package dev.icebergops.cli;

import dev.icebergops.tooling.ToolSession;
import java.nio.file.Path;

/**
 * What a subcommand needs of the command line it runs in: the working directory, the config, the
 * session, the output. The root command provides it; the subcommands never name the root.
 */
interface CommandContext {
  /** The exit code of any error. */
  int FAILED = 1;

  /** The exit code of {@code check --drift} when a live table differs from its migrations. */
  int DRIFT = 3;

  /**
   * The exit code of {@code plan --preview --fail-on} when a pending version makes a change of that
   * class or worse that its migration does not declare.
   */
  int GATED = 4;

  /** The directory relative paths on the command line resolve against. */
  Path workDir();

  /** The config file: --config, else iceberg-ops.yaml in the working directory. */
  Path configFile();

  /** The session on the configured catalog and migrations. */
  ToolSession openSession();

  /** Tells the exit guard which command runs on which namespace, for its error line. */
  void running(String command, String namespace);

  /** The output of this run, made once the options are parsed. */
  Output output();

  /**
   * Reports that code the command ran ended the JVM: the {@code Error:} line, and with {@code
   * --json} the document with its error.
   */
  void reportJvmExit(String message, String version);
}
