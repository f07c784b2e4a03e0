package dev.icebergops.history.internal;

import static dev.icebergops.history.TestWrites.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.icebergops.history.HistoryConflictException;
import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.HistoryRecord.Status;
import dev.icebergops.history.MigrationHistory;
import dev.icebergops.history.NamespaceHistory;
import dev.icebergops.history.RunLease;
import dev.icebergops.history.TestWrites;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.HeldWorkerPool;
import dev.icebergops.testing.SharedEnvironment;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.iceberg.Table;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/** History writes that write their manifests in the committing thread, on the real REST catalog. */
@ExtendWith(SharedEnvironment.class)
class HistoryCommitsTest {

  @Test
  @Timeout(value = 5, unit = TimeUnit.MINUTES) // only a write that waits for the pool gets there
  void historyWritesDoTheirManifestWorkWithoutIcebergsWorkerPool(IcebergTestEnvironment env)
      throws Exception {
    HistoryTable table = freshTable(env);
    HistoryWriter writer = new HistoryWriter(table);
    try (HeldWorkerPool held = HeldWorkerPool.hold()) {
      NamespaceHistory first =
          writer.commit(NamespaceHistory.empty("sales"), empty().with(row("0001", Status.RUNNING)));
      NamespaceHistory second = writer.commit(first, first.with(row("0002", Status.APPLIED)));
      writer.commit(second, second.with(row("0001", Status.APPLIED)));
    }

    assertThat(table.load("sales").rows())
        .extracting(HistoryRecord::version, HistoryRecord::status)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("0001", Status.APPLIED),
            org.assertj.core.groups.Tuple.tuple("0002", Status.APPLIED));
  }

  @Test
  @Timeout(value = 5, unit = TimeUnit.MINUTES) // only a write that waits for the pool gets there
  void writesThatMoveTheLeaseTagDoTheirManifestWorkWithoutIcebergsWorkerPool(
      IcebergTestEnvironment env) throws Exception {
    HistoryTable table = freshTable(env);
    HistoryWriter writer = new HistoryWriter(table);
    RunLease lease = lease("run-1");
    NamespaceHistory taken;
    NamespaceHistory released;
    try (HeldWorkerPool held = HeldWorkerPool.hold()) {
      taken = writer.commit(empty(), empty().with(row("0001", Status.RUNNING)).withLease(lease));
      assertThat(
              env.catalog()
                  .loadTable(table.tableIdentifier())
                  .snapshot(LeaseTag.name("sales"))
                  .snapshotId())
          .as("the tag, moved by the take to the snapshot it made")
          .isEqualTo(taken.snapshotId());
      NamespaceHistory applied = writer.commit(taken, taken.with(row("0001", Status.APPLIED)));
      released = writer.commit(applied, applied.withoutLease());
    }

    Table history = env.catalog().loadTable(table.tableIdentifier());
    assertThat(history.refs()).as("the tag, removed by the release").containsOnlyKeys("main");
    assertThat(history.currentSnapshot().snapshotId()).isEqualTo(released.snapshotId());
    assertThat(table.load("sales").lease()).isEmpty();
    assertThat(table.load("sales").rows())
        .extracting(HistoryRecord::version, HistoryRecord::status)
        .containsExactly(org.assertj.core.groups.Tuple.tuple("0001", Status.APPLIED));
  }

  @Test
  void aStaleWriteThatWouldTakeTheLeaseIsRefusedAndMakesNoTag(IcebergTestEnvironment env) {
    HistoryTable table = freshTable(env);
    HistoryWriter writer = new HistoryWriter(table);
    NamespaceHistory first =
        writer.commit(empty(), empty().with(row("0001", Status.APPLIED)).withLease(lease("run-1")));
    NamespaceHistory released = writer.commit(first, first.withoutLease());
    // a second writer that read the namespace before the release takes the lease from there
    NamespaceHistory stale = first.withoutLease();

    assertThatThrownBy(
            () ->
                new HistoryWriter(
                        TestWrites.table(
                            new MigrationHistory(
                                env.catalog(), table.tableIdentifier().namespace().toString())))
                    .commit(first, stale.withLease(lease("run-2"))))
        .isInstanceOf(HistoryConflictException.class);
    Table history = env.catalog().loadTable(table.tableIdentifier());
    assertThat(history.refs()).as("no tag: the release removed it").containsOnlyKeys("main");
    assertThat(history.currentSnapshot().snapshotId()).isEqualTo(released.snapshotId());
  }

  @Test
  void aWriteAfterAnotherProcessWroteTheTableLandsOnTopOfIt(IcebergTestEnvironment env) {
    HistoryTable table = freshTable(env);
    HistoryWriter writer = new HistoryWriter(table);
    NamespaceHistory first = writer.commit(empty(), empty().with(row("0001", Status.RUNNING)));
    // a commit of another process, which no writer of this JVM counts
    env.catalog().loadTable(table.tableIdentifier()).newFastAppend().commit();

    NamespaceHistory second = writer.commit(first, first.with(row("0001", Status.APPLIED)));

    Table history = env.catalog().loadTable(table.tableIdentifier());
    assertThat(history.currentSnapshot().snapshotId()).isEqualTo(second.snapshotId());
    assertThat(history.currentSnapshot().parentId())
        .as("the other process's snapshot, under the write's")
        .isNotEqualTo(first.snapshotId());
    assertThat(table.load("sales").rows())
        .extracting(HistoryRecord::version, HistoryRecord::status)
        .containsExactly(org.assertj.core.groups.Tuple.tuple("0001", Status.APPLIED));
  }

  /** The history table of a meta-namespace of its own. */
  private static HistoryTable freshTable(IcebergTestEnvironment env) {
    String meta = "_ops_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    return TestWrites.table(new MigrationHistory(env.catalog(), meta));
  }

  private static RunLease lease(String runId) {
    Instant since = Instant.parse("2026-11-30T10:00:00Z");
    return new RunLease("host", 7L, runId, since, since.plusSeconds(60));
  }

  private static NamespaceHistory empty() {
    return NamespaceHistory.empty("sales");
  }
}
