package dev.icebergops.migration.internal;

import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.iceberg.ManageSnapshots;
import org.apache.iceberg.SnapshotRef;
import org.apache.iceberg.Table;
import org.apache.iceberg.util.SnapshotUtil;

/**
 * The branches staged data steps write on (see {@code MigrationContext.stageData}): their names,
 * the step text that records one, their state and the two changes a staged branch ends with,
 * publish and drop. The runner's staged steps, {@code status} and {@code repair} share them.
 * Internal, not API.
 */
public final class StagedBranches {

  private static final Pattern STAGE_STEP =
      Pattern.compile("stage data of (\\S+) on branch (\\S+)( \\(.*\\))?");

  /** Where a staged branch is in its write-audit-publish. */
  public enum State {
    /** The table has no such branch. */
    ABSENT,
    /** The branch exists and was not audited (the write may be half-done). */
    STAGED,
    /** The branch's head was audited (its audited tag points at it) and is not on main. */
    AUDITED,
    /** The branch's audited head is main's head or an ancestor of it: only the branch is left. */
    PUBLISHED
  }

  private StagedBranches() {}

  /**
   * The branch a version stages a table's data on: {@code stage_<namespace>_<version>_<table>},
   * every character other than a letter, a digit or {@code _} written as {@code _}, so that it is a
   * simple identifier (Spark's {@code <table>.branch_<name>}).
   *
   * @param version the version, or null outside a run (then left out)
   */
  public static String branch(String namespace, String version, String table) {
    String name = "stage_" + namespace + (version == null ? "" : "_" + version) + "_" + table;
    return name.replaceAll("[^A-Za-z0-9_]", "_");
  }

  /** The tag that marks a staged branch's audited head: {@code <branch>_audited}. */
  public static String auditedTag(String branch) {
    return branch + "_audited";
  }

  /** The step that stages a table's data on a branch: {@code stage data of ns.t on branch B}. */
  public static String stageStep(String qualifiedTable, String branch) {
    return "stage data of " + qualifiedTable + " on branch " + branch;
  }

  /**
   * The table and branch a recorded step staged data of; a step recorded with a note after it
   * ({@code (outcome unknown)}) is read too.
   *
   * @return the qualified table and the branch, empty if the step is not a stage step
   */
  public static Optional<Map.Entry<String, String>> staged(String step) {
    Matcher matcher = step == null ? null : STAGE_STEP.matcher(step);
    return matcher != null && matcher.matches()
        ? Optional.of(Map.entry(matcher.group(1), matcher.group(2)))
        : Optional.empty();
  }

  /**
   * Where a staged branch of a table is, the table refreshed first. A branch is {@link
   * State#PUBLISHED} only once audited: a branch just created sits on main's head too, but holds no
   * write yet.
   */
  public static State state(Table table, String branch) {
    table.refresh();
    SnapshotRef ref = table.refs().get(branch);
    if (ref == null || !ref.isBranch()) {
      return State.ABSENT;
    }
    SnapshotRef tag = table.refs().get(auditedTag(branch));
    if (tag == null || tag.snapshotId() != ref.snapshotId()) {
      return State.STAGED;
    }
    SnapshotRef main = table.refs().get(SnapshotRef.MAIN_BRANCH);
    return main != null && SnapshotUtil.isAncestorOf(table, main.snapshotId(), ref.snapshotId())
        ? State.PUBLISHED
        : State.AUDITED;
  }

  /**
   * Publishes a staged branch in one commit: main is fast-forwarded onto the branch's head. The
   * branch and its tag stay; {@link #drop} removes them. Nothing is committed when main is on the
   * branch's head already.
   *
   * @throws IllegalArgumentException if main is not an ancestor of the branch's head (another
   *     writer committed to main since the branch was made): Iceberg's fast-forward refuses it
   */
  public static void publish(Table table, String branch) {
    table.refresh();
    SnapshotRef main = table.refs().get(SnapshotRef.MAIN_BRANCH);
    if (main != null && main.snapshotId() == table.refs().get(branch).snapshotId()) {
      return; // the branch holds no commit of its own, or is published already
    }
    table.manageSnapshots().fastForwardBranch(SnapshotRef.MAIN_BRANCH, branch).commit();
  }

  /** Removes a staged branch and its audited tag in one commit, those of them that exist. */
  public static void drop(Table table, String branch) {
    table.refresh();
    ManageSnapshots change = table.manageSnapshots();
    boolean hasBranch = table.refs().containsKey(branch);
    boolean hasTag = table.refs().containsKey(auditedTag(branch));
    if (hasBranch) {
      change.removeBranch(branch);
    }
    if (hasTag) {
      change.removeTag(auditedTag(branch));
    }
    if (hasBranch || hasTag) {
      change.commit();
    }
  }
}
