package dev.icebergops.history.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.HistoryRecord.Status;
import dev.icebergops.history.MigrationHistory;
import dev.icebergops.history.NamespaceHistory;
import dev.icebergops.history.TestWrites;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.SharedEnvironment;
import java.time.Instant;
import java.util.UUID;
import org.apache.iceberg.exceptions.CommitStateUnknownException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A history write whose commit a carrier makes (a multi-table commit with a version's tables): done
 * when the history table shows it, and not taken as done when the catalog answered success for a
 * commit it did not make.
 */
@ExtendWith(SharedEnvironment.class)
class HistoryCarrierTest {

  private HistoryTable table;
  private HistoryWriter writer;
  private NamespaceHistory first;

  @BeforeEach
  void recordFirstRow(IcebergTestEnvironment environment) {
    String meta = "_ops_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    table = TestWrites.table(new MigrationHistory(environment.catalog(), meta));
    writer = new HistoryWriter(table);
    first = writer.commit(NamespaceHistory.empty("sales"), row("0001"));
  }

  @Test
  void aCarriedCommitThatLandedIsRead() {
    writer.commit(
        first, first.with(row("0002").rows().get(0)), (ops, base, next) -> ops.commit(base, next));

    assertThat(table.load("sales").rows())
        .extracting(HistoryRecord::version)
        .containsExactly("0001", "0002");
  }

  @Test
  void aCarriedCommitAnsweredDoneThatDidNotLandLeavesItsStateUnknown() {
    assertThatThrownBy(
            () ->
                writer.commit(
                    first, first.with(row("0002").rows().get(0)), (ops, base, next) -> {}))
        .isInstanceOf(CommitStateUnknownException.class)
        .hasMessageContaining("the catalog answered the multi-table commit as done")
        .hasMessageContaining("does not have its snapshot");
    assertThat(table.load("sales").rows())
        .extracting(HistoryRecord::version)
        .containsExactly("0001");
  }

  private static NamespaceHistory row(String version) {
    return NamespaceHistory.empty("sales")
        .with(
            new HistoryRecord(
                version,
                "sales",
                "migration " + version,
                Status.APPLIED,
                null,
                "sum-" + version,
                Instant.parse("2026-11-30T10:00:00Z"),
                7L));
  }
}
