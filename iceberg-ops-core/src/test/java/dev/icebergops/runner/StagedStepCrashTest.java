package dev.icebergops.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.icebergops.migration.internal.StagedBranches;
import dev.icebergops.runner.MigrationStatus.State;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.ChildJvm;
import dev.icebergops.testing.ProgressWatch;
import dev.icebergops.testing.SharedEnvironment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A child JVM halted between staging a data step and publishing it, on the real REST catalog + S3:
 * main is untouched, {@code status} shows the branch, {@code repair()} refuses it, and {@code
 * repair} publishes or drops it as told; the next {@code migrate()} converges.
 */
@Tag("failure-paths")
@ExtendWith(SharedEnvironment.class)
class StagedStepCrashTest {

  private IcebergTestEnvironment environment;
  private Catalog catalog;
  private String namespace;
  private String meta;
  private String branch;
  private MigrationRunner runner;

  @BeforeEach
  void setUp(IcebergTestEnvironment environment) {
    this.environment = environment;
    this.catalog = environment.catalog();
    String suffix = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    namespace = "sc_" + suffix;
    meta = "_ops_" + suffix;
    branch = StagedBranches.branch(namespace, "0002", "payments");
    runner =
        MigrationRunner.builder(catalog)
            .namespace(namespace)
            .metaNamespace(meta)
            .source(StagedFixtures.source())
            .build();
  }

  private Table table() {
    return catalog.loadTable(TableIdentifier.of(namespace, "payments"));
  }

  @Test
  void aRunHaltedAtThePublishLeavesMainUntouchedAndRepairPublishesTheAuditedBranch(
      @TempDir Path dir) throws Exception {
    runner.migrate("0001");
    StagedPayments.append(table(), 1, 10, 2, 20, 3, 30);
    long seeded = table().currentSnapshot().snapshotId();
    StagedFixtures.appendThreeRows(namespace, true);

    halt(dir, StagedCrashingRun.Point.AT_PUBLISH);

    assertThat(table().currentSnapshot().snapshotId()).isEqualTo(seeded);
    assertThat(runner.status())
        .extracting(MigrationStatus::state, MigrationStatus::staged)
        .containsExactly(
            tuple(State.APPLIED, null),
            tuple(
                State.INTERRUPTED,
                "staged on branch "
                    + branch
                    + " of "
                    + namespace
                    + ".payments: audited, not published"));
    assertThatThrownBy(runner::repair)
        .hasMessageStartingWith(
            "Cannot repair "
                + namespace
                + ": migration 0002 left branch "
                + branch
                + " on "
                + namespace
                + ".payments (audited, not published)");

    assertThat(runner.repair(StagedRepair.PUBLISH).changes())
        .extracting(RepairResult.Change::change)
        .containsExactly(
            "published branch " + branch + " onto main of " + namespace + ".payments",
            "marked pending (was interrupted)");
    assertThat(StagedFixtures.ids(table())).containsExactly(1L, 2L, 3L, 4L, 5L, 6L);

    assertThat(runner.migrate().versions()).containsExactly("0002");
    assertThat(StagedFixtures.ids(table()))
        .as("the child's write, published once; no second write")
        .containsExactly(1L, 2L, 3L, 4L, 5L, 6L);
    assertThat(StagedFixtures.writes(namespace)).as("writes in this JVM").isZero();
    assertThat(StagedBranches.state(table(), branch)).isEqualTo(StagedBranches.State.ABSENT);
  }

  @Test
  void aRunHaltedInTheAuditLeavesMainUntouchedAndRepairDropsTheBranch(@TempDir Path dir)
      throws Exception {
    runner.migrate("0001");
    StagedPayments.append(table(), 1, 10, 2, 20, 3, 30);
    long seeded = table().currentSnapshot().snapshotId();
    StagedFixtures.appendThreeRows(namespace, true);

    halt(dir, StagedCrashingRun.Point.IN_AUDIT);

    assertThat(table().currentSnapshot().snapshotId()).isEqualTo(seeded);
    assertThat(runner.status().get(1))
        .extracting(MigrationStatus::state, MigrationStatus::staged)
        .containsExactly(
            State.INTERRUPTED,
            "staged on branch " + branch + " of " + namespace + ".payments: written, not audited");
    assertThatThrownBy(runner::repair)
        .hasMessageContaining(
            "left branch " + branch + " on " + namespace + ".payments (written, not");
    assertThatThrownBy(() -> runner.repair(StagedRepair.PUBLISH))
        .hasMessageContaining("only an audited branch is published");

    assertThat(runner.repair(StagedRepair.DROP).changes())
        .extracting(RepairResult.Change::change)
        .containsExactly(
            "dropped branch " + branch + " of " + namespace + ".payments",
            "marked pending (was interrupted)");
    assertThat(StagedBranches.state(table(), branch)).isEqualTo(StagedBranches.State.ABSENT);
    assertThat(table().currentSnapshot().snapshotId()).isEqualTo(seeded);

    assertThat(runner.migrate().versions()).containsExactly("0002");
    assertThat(StagedFixtures.writes(namespace)).as("staged again in this JVM").isOne();
    assertThat(StagedFixtures.ids(table())).containsExactly(1L, 2L, 3L, 4L, 5L, 6L);
    assertThat(StagedBranches.state(table(), branch)).isEqualTo(StagedBranches.State.ABSENT);
  }

  /**
   * Runs {@link StagedCrashingRun} in a child JVM that halts at {@code point}, and waits for it to
   * end with the halt's exit status.
   */
  private void halt(Path dir, StagedCrashingRun.Point point) throws Exception {
    Path props = ChildCatalog.store(dir, "catalog", environment.catalogProperties());
    Path log = dir.resolve("child.log");
    Process child =
        new ProcessBuilder(
                ChildJvm.command(
                    StagedCrashingRun.class, props.toString(), namespace, meta, point.name()))
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    // a slow child is not a hung child: only ten minutes without output or CPU time is a hang
    assertThat(
            ProgressWatch.of("the halting child")
                .signal("output", ProgressWatch.bytesIn(log))
                .signal("CPU time", ProgressWatch.cpuMillis(child.toHandle()))
                .await(() -> !child.isAlive()))
        .as("the child ended")
        .isEmpty();
    assertThat(child.exitValue()).as("child output:%n%s", Files.readString(log)).isEqualTo(137);
  }
}
