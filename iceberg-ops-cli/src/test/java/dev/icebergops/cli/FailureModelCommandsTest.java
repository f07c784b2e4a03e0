package dev.icebergops.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.catalog.CatalogFactory;
import dev.icebergops.cli.CliRunner.Result;
import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.MigrationSource;
import dev.icebergops.runner.MigrationResult;
import dev.icebergops.runner.MigrationRunner;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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

  @TempDir Path project;
  private CliRunner cli;

  @BeforeEach
  void init() {
    cli = new CliRunner(project);
    assertThat(cli.run("init", "--namespace", "fm").exitCode()).isZero();
  }

  private void writeMigration(String upgradeBody) throws IOException {
    Files.writeString(
        project.resolve("migrations/V0001__AddNote.java"),
        """
        import dev.icebergops.migration.BaseMigration;
        import dev.icebergops.migration.MigrationContext;

        public class V0001__AddNote extends BaseMigration {
          @Override public void upgrade(MigrationContext ctx) {
            %s
          }
          @Override public void downgrade(MigrationContext ctx) {}
        }
        """
            .formatted(upgradeBody));
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
    assertThat(validate.out()).startsWith("VERSION  PROBLEM  DETAIL\n0001     failed ");
    assertThat(validate.err().lines())
        .hasSize(2)
        .first()
        .isEqualTo("Error: Cannot migrate fm: validation found 1 problem");
    assertThat(cli.run("migrate").exitCode()).as("migrate validates first").isEqualTo(1);

    Result repair = cli.run("repair");
    assertThat(repair.exitCode()).as(repair.toString()).isZero();
    assertThat(repair.out()).isEqualTo("Repaired 0001 Add note: marked pending (was failed)\n");
    assertThat(cli.run("validate").out()).startsWith("Valid: fm has no");
    assertThat(cli.run("migrate").out()).contains("Applied 0001 Add note");
    assertThat(cli.run("repair").out()).isEqualTo("Nothing to repair in fm\n");
  }

  @Test
  void validateReportsAnEditedMigrationAndRepairAcceptsIt() throws IOException {
    writeMigration("ctx.namespace();");
    assertThat(cli.run("migrate").exitCode()).isZero();
    writeMigration("ctx.namespace(); ctx.catalog();");

    Result validate = cli.run("validate", "--json");
    assertThat(validate.exitCode()).isEqualTo(1);
    assertThat(validate.out()).contains("\"kind\" : \"checksum_changed\"");

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
        RELEASE.await(2, TimeUnit.MINUTES);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }

    @Override
    public void downgrade(MigrationContext ctx) {}
  }

  @Test
  void unlockReleasesTheLeaseOfARunThatHangs() throws Exception {
    Catalog catalog =
        CatalogFactory.build(
            "local", Session.embeddedProperties(project.resolve(Session.LOCAL_DIR)));
    try {
      MigrationRunner hanging =
          MigrationRunner.builder(catalog)
              .namespace("fm")
              .source(MigrationSource.of(V0001__Hang.class))
              .build();
      CompletableFuture<MigrationResult> run = CompletableFuture.supplyAsync(hanging::migrate);
      assertThat(V0001__Hang.STARTED.await(2, TimeUnit.MINUTES)).isTrue();

      Result busy = cli.run("migrate");
      assertThat(busy.exitCode()).isEqualTo(1);
      assertThat(busy.err())
          .startsWith("Error: Cannot ")
          .contains("another run holds its lease")
          .hasLineCount(1);

      Result unlock = cli.run("unlock");
      assertThat(unlock.exitCode()).as(unlock.toString()).isZero();
      assertThat(unlock.out()).startsWith("Released the run lease of fm held by ");
      assertThat(cli.run("unlock").out()).isEqualTo("No run lease is held on fm\n");

      V0001__Hang.RELEASE.countDown();
      assertThat(run)
          .failsWithin(2, TimeUnit.MINUTES)
          .withThrowableOfType(ExecutionException.class)
          .withMessageContaining("lease");
    } finally {
      V0001__Hang.RELEASE.countDown();
      ((Closeable) catalog).close();
    }
  }
}
