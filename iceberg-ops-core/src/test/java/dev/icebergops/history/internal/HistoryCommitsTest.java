package dev.icebergops.history.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.HistoryRecord.Status;
import dev.icebergops.history.MigrationHistory;
import dev.icebergops.history.NamespaceHistory;
import dev.icebergops.history.TestWrites;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.HeldWorkerPool;
import dev.icebergops.testing.SharedEnvironment;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
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
    String meta = "_ops_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    HistoryTable table = TestWrites.table(new MigrationHistory(env.catalog(), meta));
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

  private static NamespaceHistory empty() {
    return NamespaceHistory.empty("sales");
  }

  private static HistoryRecord row(String version, Status status) {
    return new HistoryRecord(
        version,
        "sales",
        "migration " + version,
        status,
        null,
        "sum-" + version,
        Instant.parse("2026-11-30T10:00:00Z"),
        7L);
  }
}
