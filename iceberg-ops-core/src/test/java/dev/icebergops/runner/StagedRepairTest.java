package dev.icebergops.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.HistoryRecord.Status;
import dev.icebergops.migration.internal.StagedBranches;
import dev.icebergops.runner.MigrationStatus.State;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.SharedEnvironment;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.rest.RESTCatalog;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A staged data step that a failed version left unpublished, on the real REST catalog + S3: {@code
 * status} shows its branch, {@code repair()} refuses it, {@code repair(PUBLISH)} publishes an
 * audited one and {@code repair(DROP)} drops one; the next {@code migrate()} converges.
 */
@ExtendWith(SharedEnvironment.class)
class StagedRepairTest {

  private IcebergTestEnvironment environment;
  private Catalog catalog;
  private String namespace;
  private String meta;
  private String branch;

  @BeforeEach
  void setUp(IcebergTestEnvironment environment) {
    this.environment = environment;
    this.catalog = environment.catalog();
    String suffix = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    namespace = "sr_" + suffix;
    meta = "_ops_" + suffix;
    branch = StagedBranches.branch(namespace, "0002", "payments");
  }

  private MigrationRunner runner(Catalog client) {
    return MigrationRunner.builder(client)
        .namespace(namespace)
        .metaNamespace(meta)
        .source(StagedFixtures.source())
        .build();
  }

  private Table table() {
    return catalog.loadTable(TableIdentifier.of(namespace, "payments"));
  }

  private StagedBranches.State branchState() {
    return StagedBranches.state(table(), branch);
  }

  private long mainSnapshot() {
    return table().currentSnapshot().snapshotId();
  }

  @Test
  void aBranchWhoseAuditFailedIsShownRefusedByRepairAndDroppedWhenToldTo() throws IOException {
    MigrationRunner runner = runner(catalog);
    runner.migrate("0001");
    StagedPayments.append(table(), 1, 10, 2, 20, 3, 30);
    long seeded = mainSnapshot();
    StagedFixtures.appendThreeRows(namespace, false);

    assertThatThrownBy(runner::migrate).hasMessageContaining("audit \"three rows more\" failed");

    assertThat(mainSnapshot()).isEqualTo(seeded);
    MigrationStatus failed = statusOf("0002", 1);
    assertThat(failed.state()).isEqualTo(State.FAILED);
    String staged =
        "staged on branch " + branch + " of " + namespace + ".payments: written, not audited";
    assertThat(failed.staged()).isEqualTo(staged);
    assertThat(failed.note()).isEqualTo(staged + "; " + failed.error());

    String left = "migration 0002 left branch " + branch + " on " + namespace + ".payments";
    assertThatThrownBy(runner::repair)
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "Cannot repair %s: %s (written, not audited); repair with"
                + " repair(StagedRepair.PUBLISH) or repair(StagedRepair.DROP)",
            namespace, left);
    assertThatThrownBy(() -> runner.repair(StagedRepair.PUBLISH))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "Cannot repair %s: %s (written, not audited); only an audited branch is published:"
                + " drop it with repair(StagedRepair.DROP)",
            namespace, left);
    assertThat(runner.history().get(1).status()).as("nothing changed").isEqualTo(Status.FAILED);
    assertThat(branchState()).isEqualTo(StagedBranches.State.STAGED);

    assertThat(runner.repair(StagedRepair.DROP).changes())
        .extracting(RepairResult.Change::version, RepairResult.Change::change)
        .containsExactly(
            tuple("0002", "dropped branch " + branch + " of " + namespace + ".payments"),
            tuple("0002", "marked pending (was failed)"));
    assertThat(branchState()).isEqualTo(StagedBranches.State.ABSENT);
    assertThat(mainSnapshot()).isEqualTo(seeded);

    StagedFixtures.appendThreeRows(namespace, true);
    assertThat(runner.migrate().versions()).containsExactly("0002");
    assertThat(StagedFixtures.ids(table())).containsExactly(1L, 2L, 3L, 4L, 5L, 6L);
    assertThat(StagedFixtures.writes(namespace)).as("staged again after the drop").isEqualTo(2);
    assertThat(runner.status())
        .extracting(MigrationStatus::state, MigrationStatus::staged)
        .containsExactly(tuple(State.APPLIED, null), tuple(State.APPLIED, null));
  }

  /**
   * Migrates to 0001 with rows 1 to 3 on main, then 0002 through a client whose publish fails: the
   * branch is left audited, main untouched.
   */
  private void failAtThePublish() throws IOException {
    runner(catalog).migrate("0001");
    StagedPayments.append(table(), 1, 10, 2, 20, 3, 30);
    long seeded = mainSnapshot();
    StagedFixtures.appendThreeRows(namespace, true);
    try (RESTCatalog failing =
        StagedFixtures.failingPublish(
            () -> {
              throw new IllegalStateException("the catalog went away at the publish");
            })) {
      failing.initialize("failing-publish", environment.catalogProperties());
      assertThatThrownBy(runner(failing)::migrate)
          .hasMessageContaining("the catalog went away at the publish");
    }
    assertThat(mainSnapshot()).isEqualTo(seeded);
  }

  @Test
  void anAuditedBranchIsPublishedByRepairAndTheNextRunDoesNotWriteItAgain() throws IOException {
    failAtThePublish();
    MigrationRunner runner = runner(catalog);
    assertThat(statusOf("0002", 1).staged())
        .isEqualTo(
            "staged on branch "
                + branch
                + " of "
                + namespace
                + ".payments: audited, not published");
    assertThatThrownBy(runner::repair)
        .hasMessage(
            "Cannot repair %s: migration 0002 left branch %s on %s.payments (audited, not published);"
                + " repair with repair(StagedRepair.PUBLISH) or repair(StagedRepair.DROP)",
            namespace, branch, namespace);

    assertThat(runner.repair(StagedRepair.PUBLISH).changes())
        .extracting(RepairResult.Change::version, RepairResult.Change::change)
        .containsExactly(
            tuple(
                "0002", "published branch " + branch + " onto main of " + namespace + ".payments"),
            tuple("0002", "marked pending (was failed)"));
    assertThat(StagedFixtures.ids(table())).containsExactly(1L, 2L, 3L, 4L, 5L, 6L);
    assertThat(statusOf("0002", 0))
        .extracting(MigrationStatus::state, MigrationStatus::staged)
        .containsExactly(State.PENDING, null);

    assertThat(runner.migrate().versions()).containsExactly("0002");
    assertThat(StagedFixtures.ids(table())).containsExactly(1L, 2L, 3L, 4L, 5L, 6L);
    assertThat(StagedFixtures.writes(namespace)).as("written once, before the repair").isOne();
    assertThat(branchState()).isEqualTo(StagedBranches.State.ABSENT);
    assertThat(runner.history())
        .extracting(HistoryRecord::version, HistoryRecord::status)
        .containsExactly(tuple("0001", Status.APPLIED), tuple("0002", Status.APPLIED));
  }

  @Test
  void anAuditedBranchMainMovedAwayFromIsNotPublishedAndCanBeDropped() throws IOException {
    failAtThePublish();
    StagedPayments.append(table(), 7, 70);
    long moved = mainSnapshot();
    MigrationRunner runner = runner(catalog);

    assertThatThrownBy(() -> runner.repair(StagedRepair.PUBLISH))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "Cannot publish branch %s onto main of %s.payments: another writer committed snapshot"
                + " %d (append) to main since it was staged; repair with repair(StagedRepair.DROP)"
                + " to stage it again on main's new head",
            branch, namespace, moved);
    assertThat(mainSnapshot()).isEqualTo(moved);
    assertThat(branchState()).isEqualTo(StagedBranches.State.AUDITED);
    assertThat(runner.history().get(1).status()).isEqualTo(Status.FAILED);

    runner.repair(StagedRepair.DROP);
    assertThat(runner.migrate().versions()).containsExactly("0002");
    assertThat(StagedFixtures.ids(table())).containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L);
  }

  /**
   * The status of {@code version}, read through a client that counts the loads of the namespace's
   * tables: only a row that names a staged branch loads its table.
   */
  private MigrationStatus statusOf(String version, int tableLoads) {
    AtomicInteger loads = new AtomicInteger();
    try (RESTCatalog counting =
        new RESTCatalog() {
          @Override
          public Table loadTable(TableIdentifier identifier) {
            if (identifier.namespace().toString().equals(namespace)) {
              loads.incrementAndGet();
            }
            return super.loadTable(identifier);
          }
        }) {
      counting.initialize("counting", environment.catalogProperties());
      MigrationStatus status =
          runner(counting).status().stream()
              .filter(s -> s.version().equals(version))
              .findFirst()
              .orElseThrow();
      assertThat(loads).as("tables of %s loaded", namespace).hasValue(tableLoads);
      return status;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
