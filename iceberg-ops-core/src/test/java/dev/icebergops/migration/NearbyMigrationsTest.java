package dev.icebergops.migration;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.migration.internal.NearbyMigrations;
import dev.icebergops.testsupport.StandardError;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A migration class just outside a class path location (a mistyped package, the parent package) is
 * reported when the set is resolved, not lost without a word.
 */
class NearbyMigrationsTest {

  private static final String FIXTURES = "dev.icebergops.migration.fixtures.nearby";
  private static final String LOCATION =
      "classpath:dev/icebergops/migration/fixtures/nearby/iceberg";

  @Test
  void resolvingReportsMigrationsInAMistypedSiblingAndInTheParentPackage() {
    MigrationSource source = MigrationSource.classpath(LOCATION);
    List<ResolvedMigration> resolved = new ArrayList<>();

    String log =
        StandardError.capture(
            () ->
                resolved.addAll(
                    source.resolve("sales", MigrationFactory.publicNoArgConstructor())));

    assertThat(resolved)
        .extracting(ResolvedMigration::version)
        .containsExactly("0001", "0002", "0004");
    assertThat(source.skipped("sales"))
        .extracting(SkippedMigration::name)
        .containsExactly(
            FIXTURES + ".V0005__InTheParent", FIXTURES + ".icebreg.V0003__AddCurrency");
    assertThat(source.skipped("sales").get(1).reason())
        .isEqualTo(
            "it is a migration, but in package "
                + FIXTURES
                + ".icebreg, outside the configured location "
                + LOCATION
                + "; move it there, or it is never applied");
    assertThat(log)
        .contains("WARN")
        .contains("Skipping " + FIXTURES + ".icebreg.V0003__AddCurrency: it is a migration")
        .contains("Skipping " + FIXTURES + ".V0005__InTheParent: it is a migration")
        .contains(LOCATION);
  }

  @Test
  void farSiblingsSubpackagesAndClassesThatAreNotMigrationsAreNotReported() {
    List<SkippedMigration> skipped = MigrationSource.classpath(LOCATION).skipped("eu");

    assertThat(skipped)
        .extracting(SkippedMigration::name)
        .noneMatch(name -> name.contains(".archive."))
        .noneMatch(name -> name.contains(".iceberg.eu."))
        .noneMatch(name -> name.endsWith("V0006__NotAMigration"));
  }

  @Test
  void theParentPackageIsNearEveryLocationInIt() {
    MigrationSource source = MigrationSource.classpath(FIXTURES + ".archive");

    assertThat(source.resolve("sales", MigrationFactory.publicNoArgConstructor())).hasSize(1);
    assertThat(source.skipped("sales"))
        .extracting(SkippedMigration::name)
        .containsExactly(FIXTURES + ".V0005__InTheParent");
    assertThat(MigrationSource.classpath("dev.icebergops.migration.fixtures.flat").skipped("x"))
        .isEmpty();
  }

  @Test
  void aSiblingHoldingAWholeChainOfItsOwnIsNotReportedWhileAMistypedOneStillIs() {
    String chains = "dev.icebergops.migration.fixtures.chains";

    List<SkippedMigration> nearChain20 =
        MigrationSource.classpath(chains + ".chain20").skipped("x");
    List<SkippedMigration> nearChain150 =
        MigrationSource.classpath(chains + ".chain150").skipped("x");

    assertThat(nearChain20)
        .extracting(SkippedMigration::name)
        .contains(chains + ".chian20.V0003__Third")
        .noneMatch(name -> name.contains(".chain150."));
    assertThat(nearChain150)
        .extracting(SkippedMigration::name)
        .noneMatch(name -> name.contains(".chain20."));
  }

  @Test
  void aSiblingThatIsItselfAConfiguredLocationIsNotReported() {
    String chains = "dev.icebergops.migration.fixtures.chains";
    MigrationSource.classpath(chains + ".chain21"); // 0004 alone: no chain, but a location

    assertThat(MigrationSource.classpath(chains + ".chain20").skipped("x"))
        .extracting(SkippedMigration::name)
        .contains(chains + ".chian20.V0003__Third")
        .noneMatch(name -> name.contains(".chain21."));
  }

  @Test
  void anExplicitListOfClassesSkipsNothing() {
    assertThat(
            MigrationSource.of(dev.icebergops.migration.fixtures.flat.V0001__CreateOrders.class)
                .skipped("sales"))
        .isEmpty();
  }

  @ParameterizedTest(name = "{0} near {1}: {2}")
  @CsvSource({
    "icebreg, iceberg, true", // two neighbours swapped
    "iceburg, iceberg, true",
    "icebergs, iceberg, true",
    "ceberg, iceberg, true",
    "icberrg, iceberg, true", // two edits
    "icbrrgg, iceberg, false", // three edits
    "iceberg, iceberg, false", // the location itself
    "us, eu, false", // short names: two edits is all of them
    "migration, migrations, true",
    "audit, gate, false",
    "archive, iceberg, false"
  })
  void nearMeansAtMostTwoEditsAndLessThanHalfTheName(
      String candidate, String configured, boolean near) {
    assertThat(NearbyMigrations.isNearName(candidate, configured)).isEqualTo(near);
  }
}
