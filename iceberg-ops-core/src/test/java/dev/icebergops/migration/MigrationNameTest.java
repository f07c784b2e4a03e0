package dev.icebergops.migration;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.migration.internal.MigrationName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MigrationNameTest {

  @ParameterizedTest
  @CsvSource({
    "V0001__CreateOrders, 0001, Create orders",
    "V0004__AddRegionToOrders, 0004, Add region to orders",
    "V0004__Add_region_to_orders, 0004, Add region to orders",
    "V0010__AddUUIDColumn, 0010, Add UUID column",
    "V0011__Retype_ORDERS_amount, 0011, Retype ORDERS amount",
    "V0012__AddAColumn, 0012, Add a column",
    "V9999__X, 9999, X"
  })
  void classNameGivesVersionAndDescription(String className, String version, String description) {
    MigrationName name = MigrationName.parse(className);

    assertThat(name.version()).isEqualTo(version);
    assertThat(name.description()).isEqualTo(description);
  }

  @ParameterizedTest
  @CsvSource({
    "V1__Short",
    "V00001__Long",
    "V0001_Single",
    "V0001__",
    "v0001__Lower",
    "Migration",
    "V0001"
  })
  void otherNamesAreNotMigrationNames(String className) {
    assertThat(MigrationName.parse(className)).isNull();
  }

  @ParameterizedTest
  @CsvSource({
    "V1__Short, true",
    "V0001_Single, true",
    "V0001, true",
    "Version, false",
    "Helper, false"
  })
  void namesStartingWithVAndADigitLookLikeMigrations(String className, boolean looksLike) {
    assertThat(MigrationName.looksLikeMigration(className)).isEqualTo(looksLike);
  }

  @ParameterizedTest
  @CsvSource({
    "B0250__Baseline, 0250, Baseline, true",
    "B0001__Squashed_chain, 0001, Squashed chain, true",
    "V0250__Baseline, 0250, Baseline, false"
  })
  void aBNameIsABaselineOfItsVersion(
      String className, String version, String description, boolean baseline) {
    MigrationName name = MigrationName.parse(className);

    assertThat(name.version()).isEqualTo(version);
    assertThat(name.description()).isEqualTo(description);
    assertThat(name.baseline()).isEqualTo(baseline);
  }
}
