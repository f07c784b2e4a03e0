package dev.icebergops.migration.internal;

import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.StagedData;
import dev.icebergops.migration.StagedData.MainMoved;
import java.util.Optional;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.ValidationException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One staged data step (see {@code MigrationContext.stageData}): the branch made at main's head,
 * the write on it, the audits and the audited tag, then main fast-forwarded onto it in one commit
 * and the branch removed. Each is a step of the context's listener, naming the table and branch.
 */
final class StagedStep {

  private static final Logger LOG = LoggerFactory.getLogger(StagedStep.class);

  /** How often a step is staged in all when main moves each time and it is to be staged again. */
  static final int STAGINGS = 3;

  /** How the context runs a part of the step as one of its listener's steps. */
  interface Steps {

    /** Runs a change as a step; {@code ownCode}: it runs the migration's code, not bounded. */
    void run(String step, Runnable change, boolean ownCode);
  }

  private final MigrationContext ctx;
  private final Steps steps;
  private final String qualified;
  private final String branch;
  private final StagedData data;
  private long stagedFrom;

  /** Whether main had no snapshot when the branch was made: the branch began empty. */
  private boolean fromEmpty;

  StagedStep(MigrationContext ctx, Steps steps, String table, String version, StagedData data) {
    this.ctx = ctx;
    this.steps = steps;
    this.qualified = ctx.qualified(table);
    if (data == null) {
      throw new IllegalArgumentException(
          "Cannot stage data of " + qualified + ": the step is null");
    }
    TableIdentifier id = TableIdentifier.parse(qualified);
    this.branch = StagedBranches.branch(id.namespace().toString(), version, id.name());
    this.data = data;
  }

  /** The step's texts, as the listener hears them. */
  String stage() {
    return StagedBranches.stageStep(qualified, branch);
  }

  /** {@code write staged data of ns.t on branch B}, {@code publish ... from branch B}. */
  private String step(String verb, String preposition) {
    return verb + " staged data of " + qualified + " " + preposition + " branch " + branch;
  }

  void run() {
    ctx.publishChanges();
    Table table = ctx.loadTable(qualified);
    StagedBranches.State state = StagedBranches.state(table, branch);
    if (state == StagedBranches.State.PUBLISHED) {
      LOG.info("Branch {} of {} was published by an earlier run: removing it", branch, qualified);
      steps.run(step("publish", "from"), () -> StagedBranches.drop(table, branch), false);
      return;
    }
    if (state != StagedBranches.State.ABSENT) {
      throw new IllegalStateException(
          String.format(
              "Cannot stage data of %s: branch %s was left %s by an earlier run; repair publishes"
                  + " or drops it",
              qualified,
              branch,
              state == StagedBranches.State.AUDITED ? "audited" : "unpublished"));
    }
    for (int staging = 1; !stageOnce(table, staging); staging++) {
      LOG.info("Main of {} moved while {} was staged: staging it again", qualified, branch);
    }
  }

  /** Stages, audits and publishes the step once; false when main moved and it is staged again. */
  private boolean stageOnce(Table table, int staging) {
    steps.run(stage(), () -> createBranch(table), false);
    long from = stagedFrom;
    BranchView view = new BranchView(branch, table, from, false);
    steps.run(step("write", "on"), () -> data.writeOn(view), true);
    steps.run(step("audit", "on"), () -> audit(table, view.audited()), true);
    try {
      steps.run(step("publish", "from"), () -> publish(table, from, staging), false);
      return true;
    } catch (StageAgain again) {
      return false; // not a step done: the branch was dropped, not published
    }
  }

  private void createBranch(Table table) {
    Snapshot main = table.currentSnapshot();
    fromEmpty = main == null;
    if (fromEmpty) {
      // a table with no snapshot yet (a new table to fill): the branch starts at an empty
      // snapshot of its own, and the publish creates main at the branch's head
      table.manageSnapshots().createBranch(branch).commit();
      table.refresh();
      stagedFrom = table.refs().get(branch).snapshotId();
    } else {
      table.manageSnapshots().createBranch(branch, main.snapshotId()).commit();
      stagedFrom = main.snapshotId();
    }
    LOG.info("Staging data of {} on branch {} from snapshot {}", qualified, branch, stagedFrom);
  }

  private void audit(Table table, BranchView view) {
    Optional<String> failed = data.failedAudit(view);
    if (failed.isPresent()) {
      throw new IllegalStateException(
          ("Cannot publish staged data of %s: %s; main is untouched, the branch is kept for"
                  + " inspection")
              .formatted(qualified, failed.get()));
    }
    table.refresh();
    long head = table.refs().get(branch).snapshotId();
    table.manageSnapshots().createTag(StagedBranches.auditedTag(branch), head).commit();
    LOG.info("Audited branch {} of {} at snapshot {}", branch, qualified, head);
  }

  /**
   * Publishes the audited branch and removes it, unless main moved since {@code from}: then the
   * branch is dropped and {@link StageAgain} thrown, or the step fails with the branch kept.
   */
  private void publish(Table table, long from, int staging) {
    table.refresh();
    Snapshot main = table.currentSnapshot();
    if (main == null ? fromEmpty : main.snapshotId() == from) {
      try {
        StagedBranches.publish(table, branch);
        StagedBranches.drop(table, branch);
        LOG.info("Published branch {} onto main of {}", branch, qualified);
        return;
      } catch (ValidationException | IllegalArgumentException e) {
        // another writer committed to main between the read and the commit: Iceberg's
        // fast-forward, applied again on the new main, refuses it as not an ancestor
        table.refresh();
        main = table.currentSnapshot();
        if (main == null) {
          throw e;
        }
      }
    }
    boolean again = data.mainMoved() == MainMoved.RESTAGE && staging < STAGINGS;
    LOG.info(
        "Another writer committed snapshot {} ({}) to main", main.snapshotId(), main.operation());
    if (again) {
      StagedBranches.drop(table, branch);
      throw new StageAgain();
    }
    throw new IllegalStateException(
        String.format(
            "Cannot publish staged data of %s: another writer committed snapshot %s (%s) to main"
                + " while branch %s was staged from snapshot %s%s; nothing of the step was"
                + " published, the branch is kept for inspection",
            qualified,
            main.snapshotId(),
            main.operation(),
            branch,
            from,
            data.mainMoved() == MainMoved.RESTAGE ? ", at each of " + STAGINGS + " stagings" : ""));
  }

  /** What the step would do, for a listener that leaves it out ({@link StepListener#leavesOut}). */
  String previewNote() {
    return "%s, audited by %s, then published onto main: data not previewed"
        .formatted(stage(), data.audits().isEmpty() ? "nothing" : String.join("; ", data.audits()));
  }

  /** Main moved while the step was staged, and it is to be staged again. */
  private static final class StageAgain extends RuntimeException {
    StageAgain() {
      super(null, null, false, false);
    }
  }
}
