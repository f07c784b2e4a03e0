package dev.icebergops.test.internal;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.HistoryRecord.Status;
import dev.icebergops.migration.ResolvedMigration;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.runner.spi.RunnerSeam;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The history table agrees with what ran: one applied row per version after migrate(), rolled-back
 * rows after a full rollback.
 */
final class HistoryCheck {

  private HistoryCheck() {}

  /** The check's own pass, from the start (see {@link CheckRun#resolved}): up to head and back. */
  static void walk(CheckRun run) {
    if (!run.startsEmpty()) {
      return;
    }
    if (!run.upgrade(null, null)) {
      run.cleanUp();
      return;
    }
    atHead(run);
    CheckRun.Stop stop = run.rollBack(run.start().version());
    afterRollback(run, stop);
    if (stop != null) {
      run.cleanUp();
    }
  }

  /** Right after migrate() to head: one applied row per version. */
  static void atHead(CheckRun run) {
    run.migrations().forEach(m -> run.cover(m.version()));
    List<HistoryRecord> rows = run.runner().history();
    noteStaged(run, rows, "");
    List<String> problems = compare(run, rows, MigrationRunner.BASE_VERSION, true);
    if (!problems.isEmpty()) {
      run.fail(
          ("Expecting the history of %s to hold one applied row per migration after migrate() to"
                  + " head (%s), but:%s")
              .formatted(run.ns(), run.head(), bullets(problems)));
    }
  }

  /**
   * After rollbackTo(the start's version, "0000" from empty) from head: rolled-back rows, up to
   * where it stopped.
   *
   * @param stop why the rollback stopped early, or null
   */
  static void afterRollback(CheckRun run, CheckRun.Stop stop) {
    String start = run.start().version();
    String stoppedAt = start;
    if (stop != null) {
      run.reportStop(stop, "");
      stoppedAt = stop.version();
    }
    List<HistoryRecord> rows = run.runner().history();
    noteStaged(run, rows, "the downgrade of ");
    List<String> problems = compare(run, rows, stoppedAt, false);
    if (!problems.isEmpty()) {
      run.fail(
          ("Expecting the history of %s to show every rolled-back version as rolled_back after"
                  + " rollbackTo(\"%s\")%s, but:%s")
              .formatted(
                  run.ns(),
                  start,
                  stop == null ? "" : " (which stopped at " + stoppedAt + ")",
                  bullets(problems)));
    }
  }

  /**
   * Compares the rows with the migrations.
   *
   * @param rows the namespace's history rows
   * @param appliedUpTo versions up to this one must be applied, those above rolled back
   * @param afterUpgrade whether this is right after migrate() (then every row must be applied)
   * @return one line per mismatch
   */
  private static List<String> compare(
      CheckRun run, List<HistoryRecord> rows, String appliedUpTo, boolean afterUpgrade) {
    List<String> problems = new ArrayList<>();
    for (ResolvedMigration migration : run.migrations()) {
      String version = migration.version();
      List<HistoryRecord> mine = rows.stream().filter(r -> r.version().equals(version)).toList();
      if (mine.isEmpty()) {
        problems.add(version + ": no row");
        continue;
      }
      if (mine.size() > 1) {
        problems.add(version + ": " + mine.size() + " rows, expected one");
      }
      HistoryRecord row = mine.get(0);
      Status expected =
          afterUpgrade || version.compareTo(appliedUpTo) <= 0 ? Status.APPLIED : Status.ROLLED_BACK;
      if (row.status() != expected) {
        String error = row.error() == null ? "" : " (" + row.error() + ")";
        problems.add(
            "%s: status %s%s, expected %s"
                .formatted(version, row.status().value(), error, expected.value()));
      }
      if (!Objects.equals(row.description(), migration.description())) {
        problems.add(
            "%s: description '%s', expected '%s'"
                .formatted(version, row.description(), migration.description()));
      }
      if (!Objects.equals(row.checksum(), migration.checksum())) {
        problems.add(
            version + ": checksum " + row.checksum() + ", expected " + migration.checksum());
      }
    }
    // the rows at or below the start's version are production's (a snapshot's), not the checks'
    rows.stream()
        .filter(r -> run.start().isPending(r.version()) && !run.has(r.version()))
        .forEach(r -> problems.add(r.version() + ": a row, but no migration has that version"));
    return problems;
  }

  /**
   * Notes each data step the rows record as staged on a branch ({@code
   * MigrationContext.stageData}), published since the version ran to its end.
   *
   * @param direction what ran, before the version's label: empty for the upgrade
   */
  private static void noteStaged(CheckRun run, List<HistoryRecord> rows, String direction) {
    for (HistoryRecord row : rows) {
      String version = direction + run.label(row.version());
      row.steps().stream()
          .map(RunnerSeam::stagedStep)
          .flatMap(Optional::stream)
          .forEach(
              staged ->
                  run.note(
                      ("%s staged data of %s on branch %s, audited there and published onto main"
                              + " in one commit")
                          .formatted(version, staged.getKey(), staged.getValue())));
    }
  }

  private static String bullets(List<String> lines) {
    return "\n  - " + String.join("\n  - ", lines);
  }
}
