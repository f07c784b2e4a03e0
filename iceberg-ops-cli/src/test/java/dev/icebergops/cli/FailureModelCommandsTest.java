package dev.icebergops.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.catalog.CatalogFactory;
import dev.icebergops.cli.CliRunner.Result;
import dev.icebergops.config.IcebergOpsConfig;
import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.MigrationSource;
import dev.icebergops.runner.MigrationResult;
import dev.icebergops.runner.MigrationRunner;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.iceberg.catalog.Catalog;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** validate, repair and unlock: the runner's failure model from the command line. */
class FailureModelCommandsTest {

  /** The hang bound of docs/reliability.md ("Under load"): it ends a real hang, not a slow run. */
  private static final long HANG_MINUTES = 10;

  @TempDir Path project;
  private CliRunner cli;

  @BeforeEach
  void init() {
    cli = new CliRunner(project);
    assertThat(cli.run("init", "--namespace", "fm").exitCode()).isZero();
  }

  private void writeMigration(String upgradeBody) throws IOException {
    cli.migration("V0001__AddNote", upgradeBody);
  }

  @Test
  void validateReportsAFailedVersionAndRepairMarksItPending() throws IOException {
    writeMigration("throw new IllegalStateException(\"not yet\");");
    assertThat(cli.run("migrate").exitCode()).isEqualTo(1);
    writeMigration("ctx.namespace();");
    assertThat(cli.run("plan").out())
        .isEqualTo(
            "migrate refuses to start: 0001 Add note failed;"
                + " see validate, then repair, rollback or stamp\n");

    Result validate = cli.run("validate");
    assertThat(validate.exitCode()).isEqualTo(1);
    assertThat(validate.out())
        .startsWith("VERSION  PROBLEM  DETAIL\n0001     failed ")
        .contains(
            "; roll it back, or fix the tables and run iceberg-ops repair (or iceberg-ops stamp"
                + " 0001)\n")
        .endsWith("\nInvalid: fm has 1 problem\n")
        .doesNotContain("()");
    assertThat(validate.err()).isEqualTo("Error: Cannot validate fm: validation found 1 problem\n");
    Result migrate = cli.run("migrate");
    assertThat(migrate.exitCode()).as("migrate validates first").isEqualTo(1);
    assertThat(migrate.out()).isEmpty();
    assertThat(migrate.err().lines())
        .containsExactly(
            "Error: Cannot migrate fm: validation found 1 problem",
            "  - 0001 (Add note) failed: upgrade failed: java.lang.IllegalStateException: not yet;"
                + " completed before the failure: none; roll it back, or fix the tables and run"
                + " iceberg-ops repair (or iceberg-ops stamp 0001)");

    Result repair = cli.run("repair");
    assertThat(repair.exitCode()).as(repair.toString()).isZero();
    assertThat(repair.out()).isEqualTo("Repaired 0001 Add note: marked pending (was failed)\n");
    assertThat(cli.run("validate").out()).startsWith("Valid: fm has no");
    assertThat(cli.run("migrate").out()).contains("Applied 0001 Add note");
    assertThat(cli.run("repair").out()).isEqualTo("Nothing to repair in fm\n");
  }

  /**
   * A staged data step whose audit fails leaves its branch: status shows it, repair refuses it and
   * names the option, and repair --staged=drop drops it.
   */
  @Test
  void repairRefusesAStagedBranchUntilTheOptionSaysWhatToDoWithIt() throws IOException {
    cli.migration(
        "V0001__CreateT",
        "ctx.createTableIfNotExists(\"t\", new org.apache.iceberg.Schema("
            + "org.apache.iceberg.types.Types.NestedField.required(1, \"id\","
            + " org.apache.iceberg.types.Types.LongType.get())));"
            + " ctx.loadTable(\"t\").newAppend().commit();");
    String backfill = "ctx.stageData(\"t\", dev.icebergops.migration.StagedData.write(b -> {})";
    cli.migration("V0002__Backfill", backfill + ".audit(\"never\", b -> false));");
    assertThat(cli.run("migrate").exitCode()).isEqualTo(1);

    assertThat(cli.run("status").out())
        .contains(
            "failed   ",
            "staged on branch stage_fm_0002_t of fm.t: written, not audited; upgrade step 'audit");
    Result refused = cli.run("repair");
    assertThat(refused.exitCode()).isEqualTo(1);
    assertThat(refused.err())
        .isEqualTo(
            "Error: Cannot repair fm: migration 0002 left branch stage_fm_0002_t on fm.t (written,"
                + " not audited); repair with iceberg-ops repair --staged=publish|drop\n");
    assertThat(cli.run("repair", "--staged=publsh").err())
        .isEqualTo("Error: Cannot repair fm: --staged takes publish or drop, not publsh\n");
    Result dropped = cli.run("repair", "--staged=drop");
    assertThat(dropped.exitCode()).as(dropped.toString()).isZero();
    assertThat(dropped.out())
        .isEqualTo(
            "Repaired 0002 Backfill: dropped branch stage_fm_0002_t of fm.t\n"
                + "Repaired 0002 Backfill: marked pending (was failed)\n");
    cli.migration("V0002__Backfill", backfill + ".audit(\"always\", b -> true));");
    assertThat(cli.run("migrate").out()).contains("Applied 0002 Backfill");
  }

  /**
   * The table's directory cannot be made (a regular file stands where the namespace's directory
   * would be; permissions would not stop a test run as root): Iceberg's metadata file is never
   * written, so nothing was committed and no outcome is unknown.
   */
  @Test
  void aTableTheLocalWarehouseCannotHoldIsReportedAsNotCommitted() throws IOException {
    Path warehouse = project.resolve(IcebergOpsConfig.LOCAL_DIR).resolve("warehouse");
    Files.createDirectories(warehouse);
    Files.writeString(warehouse.resolve("fm"), "a file where the namespace's directory would be");
    writeMigration(
        "ctx.createTableIfNotExists(\"orders\", new org.apache.iceberg.Schema("
            + "org.apache.iceberg.types.Types.NestedField.required(1, \"id\","
            + " org.apache.iceberg.types.Types.LongType.get())));");

    Result migrate = cli.run("migrate");

    assertThat(migrate.exitCode()).as(migrate.toString()).isEqualTo(1);
    assertThat(migrate.err())
        .as(migrate.toString())
        .startsWith("Error: Cannot apply migration 0001 (Add note) to fm: upgrade step 'create")
        .contains("; committed before the failure: none")
        .doesNotContain("outcome unknown");
    assertThat(cli.run("history").out()).contains("0001     failed").doesNotContain("unknown");
  }

  @Test
  void validateReportsAnEditedMigrationAndRepairAcceptsIt() throws IOException {
    writeMigration("ctx.namespace();");
    assertThat(cli.run("migrate").exitCode()).isZero();
    writeMigration("ctx.namespace(); ctx.catalog();");

    Result validate = cli.run("validate");
    assertThat(validate.exitCode()).isEqualTo(1);
    assertThat(validate.out())
        .contains("0001     checksum_changed")
        .contains("; revert the edit, or accept it with iceberg-ops repair\n");

    assertThat(cli.run("repair").out()).startsWith("Repaired 0001 Add note: accepted checksum");
    assertThat(cli.run("validate").exitCode()).isZero();
  }

  /** Holds the run lease until the test lets it go. */
  public static class V0001__Hang extends BaseMigration {
    static final CountDownLatch STARTED = new CountDownLatch(1);
    static final CountDownLatch RELEASE = new CountDownLatch(1);

    @Override
    public void upgrade(MigrationContext ctx) {
      STARTED.countDown();
      try {
        RELEASE.await(HANG_MINUTES, TimeUnit.MINUTES);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }

    @Override
    public void downgrade(MigrationContext ctx) {}
  }

  @Test
  void validateAdvisesTheOutOfOrderOptionAndMigrateTakesIt() throws IOException {
    cli.migration("V0002__Later", "");
    assertThat(cli.run("migrate").exitCode()).isZero();
    writeMigration("ctx.namespace();");

    Result validate = cli.run("validate");
    assertThat(validate.exitCode()).isEqualTo(1);
    assertThat(validate.out())
        .contains(
            "0001 (Add note) is pending but 0002 is already applied; give it a version above"
                + " 0002, or allow it with --out-of-order\n");
    assertThat(cli.run("validate", "--out-of-order").out()).startsWith("Valid: fm has no");
    assertThat(cli.run("migrate", "--out-of-order").out()).contains("Applied 0001 Add note");
  }

  @Test
  void unlockReleasesTheLeaseOfARunThatHangs() throws Exception {
    writeMigration("ctx.namespace();");
    Catalog catalog =
        CatalogFactory.build(
            "local",
            IcebergOpsConfig.embeddedProperties(project.resolve(IcebergOpsConfig.LOCAL_DIR)));
    try {
      MigrationRunner hanging =
          MigrationRunner.builder(catalog)
              .namespace("fm")
              .source(MigrationSource.of(V0001__Hang.class))
              .build();
      CompletableFuture<MigrationResult> run = CompletableFuture.supplyAsync(hanging::migrate);
      assertThat(V0001__Hang.STARTED.await(HANG_MINUTES, TimeUnit.MINUTES)).isTrue();

      for (String[] command :
          List.of(
              new String[] {"migrate", "migrate fm"},
              new String[] {"rollback", "roll back fm"},
              new String[] {"stamp", "stamp fm"},
              new String[] {"repair", "repair fm"})) {
        Result busy = command[0].equals("stamp") ? cli.run("stamp", "0001") : cli.run(command[0]);
        assertThat(busy.exitCode()).as(busy.toString()).isEqualTo(1);
        assertThat(busy.err())
            .as(busy.toString())
            .startsWith("Error: Cannot " + command[1] + ": another run holds its lease: ")
            .endsWith(
                "; wait for it to end, or release the lease with iceberg-ops unlock if that"
                    + " run is gone\n")
            .hasLineCount(1);
      }

      Result unlock = cli.run("unlock");
      assertThat(unlock.exitCode()).as(unlock.toString()).isZero();
      assertThat(unlock.out()).startsWith("Released the run lease of fm held by ");
      assertThat(cli.run("unlock").out()).isEqualTo("No run lease is held on fm\n");

      V0001__Hang.RELEASE.countDown();
      assertThat(run)
          .failsWithin(HANG_MINUTES, TimeUnit.MINUTES)
          .withThrowableOfType(ExecutionException.class)
          .withMessageContaining("lease");
    } finally {
      V0001__Hang.RELEASE.countDown();
      ((Closeable) catalog).close();
    }
  }
}
