package dev.icebergops.history.internal;

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
import dev.icebergops.testing.SharedEnvironment;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableOperations;
import org.apache.iceberg.UpdateRequirement;
import org.apache.iceberg.catalog.ImmutableTableCommit;
import org.apache.iceberg.catalog.TableCommit;
import org.apache.iceberg.exceptions.CommitStateUnknownException;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.rest.RESTCatalog;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A holder's rows recorded as pending rows (a table property set in a multi-table commit that
 * asserts the lease tag) on the real REST catalog: every read sees them, the holder's next data
 * commit stores them, a takeover loses none of them, and a write that cannot prove the lease writes
 * data as before.
 */
@ExtendWith(SharedEnvironment.class)
class PendingRowsTest {

  private static final Instant T0 = Instant.parse("2026-12-07T10:00:00Z");

  private RESTCatalog catalog;
  private MigrationHistory history;
  private HistoryTable table;
  private HistoryWriter writer;

  /** Where the lease tag pointed when each run took the lease, by run. */
  private final Map<String, Long> marks = new HashMap<>();

  @BeforeEach
  void setUp(IcebergTestEnvironment environment) {
    catalog = environment.catalog();
    String meta = "_ops_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    history = new MigrationHistory(catalog, meta);
    table = TestWrites.table(history);
    writer = new HistoryWriter(table);
  }

  @Test
  void aHoldersRowsArePendingUntilItsNextDataCommitAndEveryReadSeesThem() {
    NamespaceHistory taken = take("run-a", row("0001", Status.RUNNING));
    long snapshot = iceberg().currentSnapshot().snapshotId();

    NamespaceHistory pending =
        writer.commit(
            taken,
            taken.with(row("0001", Status.APPLIED)).with(row("0002", Status.RUNNING)),
            fenced("run-a"));

    assertThat(iceberg().currentSnapshot().snapshotId()).as("no data commit").isEqualTo(snapshot);
    assertThat(iceberg().properties()).containsKey(PendingRows.property("sales"));
    assertThat(pending.pendingKeys()).containsExactlyInAnyOrder("0001", "0002");
    NamespaceHistory fresh = new HistoryTable(catalog, table.tableIdentifier()).load("sales");
    assertThat(fresh.rows())
        .extracting(this::versionAndStatus)
        .containsExactly("0001 applied", "0002 running");
    assertThat(history.readAll())
        .extracting(this::versionAndStatus)
        .containsExactly("0001 applied", "0002 running");
    assertThat(dataRows())
        .as("the data files still hold the take's rows")
        .containsExactlyInAnyOrder("0001 running", "lease leased");

    writer.commit(pending, pending.with(row("0002", Status.APPLIED)).withoutLease());

    assertThat(iceberg().properties()).doesNotContainKey(PendingRows.property("sales"));
    assertThat(dataRows()).containsExactlyInAnyOrder("0001 applied", "0002 applied");
  }

  @Test
  void aTakeoverKeepsTheRowsTheFormerHolderAddedAfterItWasReadAndFencesThatHolderOut() {
    NamespaceHistory a = take("run-a", row("0001", Status.RUNNING));
    a = writer.commit(a, a.with(row("0001", Status.APPLIED)), fenced("run-a"));
    NamespaceHistory readByB = table.load("sales");
    // run a, paused long enough for its lease to expire, records one more row before b commits
    a = writer.commit(a, a.with(row("0002", Status.APPLIED)), fenced("run-a"));

    NamespaceHistory b = writer.commit(readByB, readByB.withLease(lease("run-b")));
    marks.put("run-b", LeaseTag.mark(iceberg(), "sales").orElseThrow());

    assertThat(b.lease()).map(RunLease::runId).contains("run-b");
    assertThat(b.rows())
        .extracting(this::versionAndStatus)
        .containsExactly("0001 applied", "0002 applied");
    assertThat(table.load("sales").lease()).map(RunLease::runId).contains("run-b");
    NamespaceHistory late = a;
    assertThatThrownBy(
            () -> writer.commit(late, late.with(row("0003", Status.APPLIED)), fenced("run-a")))
        .isInstanceOf(HistoryConflictException.class);

    writer.commit(b, b.with(row("0003", Status.APPLIED)).withoutLease());

    assertThat(iceberg().properties()).doesNotContainKey(PendingRows.property("sales"));
    assertThat(table.load("sales").rows())
        .extracting(this::versionAndStatus)
        .containsExactly("0001 applied", "0002 applied", "0003 applied");
  }

  @Test
  void aPendingLeaseCountsOnlyWhileTheDataFilesNameItsHolder() {
    NamespaceHistory a = take("run-a", row("0001", Status.RUNNING));
    RunLease renewed = lease("run-a").renewedUntil(T0.plusSeconds(600));
    a = writer.commit(a, a.with(row("0001", Status.APPLIED)).withLease(renewed), fenced("run-a"));
    assertThat(table.load("sales").lease()).contains(renewed);

    writer.releaseHeldLease(table.load("sales"));

    NamespaceHistory released = table.load("sales");
    assertThat(released.lease()).isEmpty();
    assertThat(released.rows()).extracting(this::versionAndStatus).containsExactly("0001 applied");
  }

  @Test
  void aWritePastTheLimitOfPendingRowsIsADataCommit() {
    NamespaceHistory state = take("run-a", row("0000", Status.APPLIED));
    for (int i = 1; i <= PendingRows.MAX_ROWS + 5; i++) {
      state =
          writer.commit(
              state, state.with(row("%04d".formatted(i), Status.APPLIED)), fenced("run-a"));
    }

    assertThat(iceberg().snapshots()).as("the take and one write past the limit").hasSize(2);
    assertThat(state.pendingKeys()).hasSizeLessThan(PendingRows.MAX_ROWS);
    assertThat(table.load("sales").rows()).hasSize(PendingRows.MAX_ROWS + 6);
  }

  @Test
  void pendingRowsAnsweredDoneThatDidNotLandLeaveTheStateUnknown() {
    NamespaceHistory a = take("run-a", row("0001", Status.RUNNING));
    RebaseLimit.Carrier answersDone =
        new RebaseLimit.Carrier() {
          @Override
          public void commit(TableOperations ops, TableMetadata base, TableMetadata metadata) {}

          @Override
          public boolean provesLease() {
            return true;
          }
        };

    assertThatThrownBy(() -> writer.commit(a, a.with(row("0001", Status.APPLIED)), answersDone))
        .isInstanceOf(CommitStateUnknownException.class)
        .hasMessageContaining("does not have its rows");
    assertThat(table.load("sales").rows())
        .extracting(this::versionAndStatus)
        .containsExactly("0001 running");
  }

  @Test
  void aPendingPropertyNotWrittenByIcebergOpsIsAnErrorNamingIt() {
    take("run-a", row("0001", Status.RUNNING));
    iceberg().updateProperties().set(PendingRows.property("sales"), "{\"rows\": 7}").commit();

    assertThatThrownBy(() -> table.load("sales"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith(
            "Cannot read migration history of namespace sales: table property"
                + " iceberg-ops.pending.sales of ")
        .hasMessageContaining("is not what iceberg-ops writes");
  }

  /** Takes the lease for {@code runId} with a first row: a data commit that moves the lease tag. */
  private NamespaceHistory take(String runId, HistoryRecord first) {
    NamespaceHistory empty = NamespaceHistory.empty("sales");
    NamespaceHistory taken = writer.commit(empty, empty.withLease(lease(runId)).with(first));
    marks.put(runId, LeaseTag.mark(iceberg(), "sales").orElseThrow());
    return taken;
  }

  /**
   * A carrier as a run's version stage is one: the history table's commit in a multi-table commit
   * that asserts the lease tag still points where it did when {@code runId} took the lease.
   */
  private RebaseLimit.Carrier fenced(String runId) {
    long mark = marks.get(runId);
    return new RebaseLimit.Carrier() {
      @Override
      public void commit(TableOperations ops, TableMetadata base, TableMetadata metadata) {
        catalog.commitTransaction(
            List.of(
                ImmutableTableCommit.builder()
                    .from(TableCommit.create(table.tableIdentifier(), base, metadata))
                    .addRequirements(
                        new UpdateRequirement.AssertRefSnapshotID(LeaseTag.name("sales"), mark))
                    .build()));
      }

      @Override
      public boolean provesLease() {
        return true;
      }
    };
  }

  /** The rows of the data files at the current snapshot, as another engine reads them. */
  private List<String> dataRows() {
    Table iceberg = iceberg();
    return HistoryReader.read(
            iceberg,
            table.tableIdentifier(),
            iceberg.currentSnapshot().snapshotId(),
            Expressions.alwaysTrue())
        .stream()
        .map(r -> r.getField("version") + " " + r.getField("status"))
        .toList();
  }

  private Table iceberg() {
    return catalog.loadTable(table.tableIdentifier());
  }

  private String versionAndStatus(HistoryRecord row) {
    return row.version() + " " + row.status().value();
  }

  private static RunLease lease(String runId) {
    return new RunLease("host-" + runId, 42L, runId, T0, T0.plusSeconds(60));
  }

  private static HistoryRecord row(String version, Status status) {
    return new HistoryRecord(
        version, "sales", "migration " + version, status, null, "sum-" + version, T0, 7L);
  }
}
