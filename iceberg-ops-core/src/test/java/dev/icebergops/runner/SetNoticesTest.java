package dev.icebergops.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.icebergops.migration.MigrationSource;
import dev.icebergops.migration.SkippedMigration;
import dev.icebergops.migration.VersionGap;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.SharedEnvironment;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What the runner shows about its migration set besides the versions: the gaps between them, and
 * the migrations its source left out.
 */
@ExtendWith(SharedEnvironment.class)
class SetNoticesTest {

  private static MigrationRunner runner(IcebergTestEnvironment environment, String location) {
    String suffix = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    return MigrationRunner.builder(environment.catalog())
        .namespace("notices_" + suffix)
        .metaNamespace("_ops_" + suffix)
        .source(MigrationSource.classpath(location))
        .build();
  }

  @Test
  void runnerShowsTheGapAndTheMigrationInAMistypedPackage(IcebergTestEnvironment environment) {
    MigrationRunner runner =
        runner(environment, "classpath:dev/icebergops/migration/fixtures/nearby/iceberg");

    assertThat(runner.gaps()).containsExactly(new VersionGap("0002", "0004"));
    assertThat(runner.gaps().get(0)).hasToString("no version 0003 between 0002 and 0004");
    assertThat(runner.skipped())
        .extracting(SkippedMigration::name)
        .contains("dev.icebergops.migration.fixtures.nearby.icebreg.V0003__AddCurrency");
    assertThat(runner.status())
        .extracting(MigrationStatus::version)
        .containsExactly("0001", "0002", "0004");
  }

  @Test
  void failOnSkippedMigrationsTurnsTheWarningIntoAFailureOfMigrateAndValidate(
      IcebergTestEnvironment environment) {
    String nearby = "dev.icebergops.migration.fixtures.nearby";
    MigrationRunner warns = runner(environment, nearby + ".iceberg");
    MigrationRunner fails = warns.toBuilder().failOnSkippedMigrations(true).build();
    String skipped =
        "failOnSkippedMigrations is on, and the source skips 2 migrations: Skipping "
            + nearby
            + ".V0005__InTheParent: it is a migration, but in package "
            + nearby
            + ", outside the configured location classpath:"
            + nearby.replace('.', '/')
            + "/iceberg; move it there, or it is never applied | Skipping "
            + nearby
            + ".icebreg.V0003__AddCurrency: it is a migration";

    assertThatThrownBy(fails::migrate)
        .isInstanceOf(MigrationException.class)
        .hasMessageStartingWith("Cannot migrate " + fails.namespace() + ": " + skipped);
    assertThatThrownBy(fails::validate)
        .hasMessageStartingWith("Cannot validate " + fails.namespace() + ": " + skipped);
    assertThat(fails.current()).isEmpty();
    assertThat(warns.migrate().versions()).containsExactly("0001", "0002", "0004");
  }

  @Test
  void aConsecutiveSetHasNoGap(IcebergTestEnvironment environment) {
    MigrationRunner runner =
        runner(environment, "classpath:dev/icebergops/migration/fixtures/flat");

    assertThat(runner.gaps()).isEmpty();
    assertThat(runner.skipped()).isEmpty();
  }
}
