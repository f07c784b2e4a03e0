package dev.icebergops.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.ParentCommand;

/** A subcommand that works on the configured catalog and migrations. */
abstract class SessionCommand implements Callable<Integer> {

  @ParentCommand IcebergOpsCli cli;

  @Override
  public final Integer call() throws Exception {
    try (Session session = cli.openSession()) {
      run(session, cli.output());
    }
    return 0;
  }

  abstract void run(Session session, Output output) throws Exception;
}
