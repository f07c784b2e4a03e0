package dev.icebergops.runner;

import dev.icebergops.migration.MigrationSource;
import dev.icebergops.migration.StagedData;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.iceberg.MetadataUpdate;
import org.apache.iceberg.SnapshotRef;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableCommit;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.rest.RESTCatalog;

/**
 * The staged step of the status, repair and crash tests, on {@link StagedPayments}: 0002 appends
 * rows 4 to 6 on its branch (a second write shows as duplicate rows), audited to hold three rows
 * more than main; and a client whose publish of it fails.
 */
final class StagedFixtures {

  /** How often 0002's write ran in this JVM, by namespace. */
  private static final Map<String, AtomicInteger> WRITES = new ConcurrentHashMap<>();

  /** Set in a child JVM: the audit halts the JVM, the branch written and not yet audited. */
  static volatile boolean haltInAudit;

  private StagedFixtures() {}

  static MigrationSource source() {
    return MigrationSource.of(
        StagedPayments.V0001__CreatePayments.class, StagedPayments.V0002__BackfillCents.class);
  }

  /** Makes 0002 of {@code namespace} append rows 4 to 6, its audit passing or not. */
  static void appendThreeRows(String namespace, boolean auditPasses) {
    StagedPayments.STEPS.put(
        namespace,
        ctx ->
            StagedData.write(
                    branch -> {
                      WRITES.computeIfAbsent(namespace, k -> new AtomicInteger()).incrementAndGet();
                      List<Record> rows = new ArrayList<>();
                      for (long id = 4; id <= 6; id++) {
                        rows.add(GenericRecord.create(branch.table().schema()).copy("id", id));
                      }
                      branch
                          .table()
                          .newAppend()
                          .appendFile(StagedPayments.write(branch.table(), rows))
                          .toBranch(branch.name())
                          .commit();
                    })
                .audit(
                    "three rows more",
                    branch -> {
                      if (haltInAudit) {
                        Runtime.getRuntime().halt(137);
                      }
                      return auditPasses && branch.rows().size() == branch.mainRows().size() + 3;
                    }));
  }

  static int writes(String namespace) {
    AtomicInteger count = WRITES.get(namespace);
    return count == null ? 0 : count.get();
  }

  /** The ids of main's rows, sorted, a duplicate as often as it is there. */
  static List<Long> ids(Table table) {
    table.refresh();
    List<Long> ids = new ArrayList<>();
    try (CloseableIterable<Record> rows = IcebergGenerics.read(table).build()) {
      rows.forEach(r -> ids.add((Long) r.getField("id")));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    ids.sort(null);
    return ids;
  }

  /**
   * A REST client that runs {@code onPublish} (to throw, or to halt the JVM) before a commit that
   * moves main of table {@code payments} without adding a snapshot: the staged step's publish.
   */
  static RESTCatalog failingPublish(Runnable onPublish) {
    return new RESTCatalog() {
      @Override
      public void commitTransaction(List<TableCommit> commits) {
        if (commits.stream().anyMatch(StagedFixtures::isFastForward)) {
          onPublish.run();
        }
        super.commitTransaction(commits);
      }
    };
  }

  private static boolean isFastForward(TableCommit commit) {
    return commit.identifier().name().equals("payments")
        && commit.updates().stream().noneMatch(MetadataUpdate.AddSnapshot.class::isInstance)
        && commit.updates().stream()
            .anyMatch(
                u ->
                    u instanceof MetadataUpdate.SetSnapshotRef ref
                        && ref.name().equals(SnapshotRef.MAIN_BRANCH));
  }
}
