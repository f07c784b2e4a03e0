package dev.icebergops.cli;

import dev.icebergops.history.RunLease;
import dev.icebergops.tooling.ToolSession;
import java.util.Optional;
import picocli.CommandLine.Command;

/** {@code unlock}: releases the namespace's run lease left by a run that is gone. */
@Command(
    name = "unlock",
    description =
        "Release the namespace's run lease, whoever holds it. Only for a run known to be gone: a"
            + " run still holding it fails on its next write.")
final class UnlockCommand extends SessionCommand {

  @Override
  void run(ToolSession session, Output output) {
    Optional<RunLease> released = session.runner().build().releaseLease();
    output.result(
        session.namespace(),
        "released",
        released
            .map(
                l ->
                    Output.of(
                        "owner", l.owner(),
                        "since", Output.time(l.since()),
                        "expiresAt", Output.time(l.expiresAt())))
            .orElse(null));
    output.line(
        released
            .map(l -> "Released the run lease of " + session.namespace() + " held by " + l)
            .orElse("No run lease is held on " + session.namespace()));
  }
}
