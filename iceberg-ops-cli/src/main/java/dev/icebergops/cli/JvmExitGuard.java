package dev.icebergops.cli;

import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Keeps a migration from choosing the command line's exit code: when code that a command runs (a
 * migration's {@code upgrade} calling {@code System.exit(0)}, say) ends the JVM while the command
 * is still running, a shutdown hook prints one {@code Error:} line naming the version and halts the
 * JVM with exit 1, so that a pipeline never reads a half-done run as a success.
 *
 * <p>{@code Runtime.halt} runs no shutdown hooks, so a migration that halts the JVM cannot be
 * caught this way: its exit code is the one it chose. A JVM ended by a signal (SIGTERM, Ctrl-C)
 * keeps the signal's exit code.
 */
final class JvmExitGuard {

  /** A migration class: {@code V0002__AddRegion} or {@code B0001__Start}, in any package. */
  private static final Pattern MIGRATION_CLASS =
      Pattern.compile("(?:.*[.$])?[VB](\\d{4})__[A-Za-z0-9][A-Za-z0-9_]*(?:\\$.*)?");

  private static final Map<String, String> VERBS =
      Map.of("migrate", "migrate", "rollback", "roll back", "stamp", "stamp");

  private volatile CommandContext cli;
  private volatile String command;
  private volatile String namespace;

  /** A guard whose shutdown hook is not installed: it never acts. */
  JvmExitGuard() {}

  /** A guard whose shutdown hook is installed; it acts between {@link #begin} and {@link #end}. */
  static JvmExitGuard install() {
    JvmExitGuard guard = new JvmExitGuard();
    Runtime.getRuntime().addShutdownHook(new Thread(guard::onExit, "iceberg-ops-exit-guard"));
    return guard;
  }

  /** A command line starts running: from now on, an exit of the JVM is a failure of it. */
  void begin(CommandContext running) {
    this.cli = running;
  }

  /** The running command's name and namespace, for the error line. */
  void command(String name, String namespaceName) {
    this.command = name;
    this.namespace = namespaceName;
  }

  /** The command line has ended: the exit that follows is its own. */
  void end() {
    this.cli = null;
  }

  private void onExit() {
    CommandContext running = cli;
    if (running == null) {
      return;
    }
    Optional<StackTraceElement[]> exiting = exitingStack();
    // a JVM ended by a signal keeps the signal's exit code
    if (exiting.isEmpty()
        || Arrays.stream(exiting.get())
            .anyMatch(f -> f.getClassName().startsWith("java.lang.Terminator"))) {
      return;
    }
    String version = version(exiting.get());
    running.reportJvmExit(message(version), version);
    Runtime.getRuntime().halt(CommandContext.FAILED);
  }

  String message(String version) {
    String what =
        command == null
            ? "Cannot run iceberg-ops"
            : "Cannot "
                + VERBS.getOrDefault(command, "run iceberg-ops " + command + " on")
                + (namespace == null ? "" : " " + namespace);
    if (version == null) {
      return what
          + ": code it ran ended the JVM (System.exit) before the command finished; run"
          + " iceberg-ops validate to see what is left running";
    }
    return ("%s: migration %s ended the JVM (System.exit) while it ran, so it did not finish; its"
            + " history row is left running: roll it back, or check the tables and run iceberg-ops"
            + " repair (or iceberg-ops stamp %s)")
        .formatted(what, version, version);
  }

  /** The stack of the thread that is ending the JVM (it waits in {@code Shutdown.exit}). */
  private static Optional<StackTraceElement[]> exitingStack() {
    return Thread.getAllStackTraces().values().stream()
        .filter(
            stack ->
                Arrays.stream(stack)
                    .anyMatch(
                        f ->
                            f.getClassName().equals("java.lang.Shutdown")
                                && f.getMethodName().equals("exit")))
        .findFirst();
  }

  /** The version of the innermost migration class on the stack, or null. */
  static String version(StackTraceElement[] stack) {
    for (StackTraceElement frame : stack) {
      Matcher m = MIGRATION_CLASS.matcher(frame.getClassName());
      if (m.matches()) {
        return m.group(1);
      }
    }
    return null;
  }
}
