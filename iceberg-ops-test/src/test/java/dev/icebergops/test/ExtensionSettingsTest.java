package dev.icebergops.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.icebergops.test.fixtures.SettingsFixtures;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.EngineTestKit.Builder;

/** Each attribute of @IcebergMigrations does what it says, also through a meta-annotation. */
class ExtensionSettingsTest {

  @BeforeEach
  void forget() {
    SettingsFixtures.SEEN.clear();
  }

  private static Builder engine(Class<?> fixture) {
    return EngineTestKit.engine("junit-jupiter").selectors(selectClass(fixture));
  }

  @Test
  void aMetaAnnotationCarriesTargetAndNamespacePrefix() {
    engine(SettingsFixtures.MetaAnnotated.class)
        .execute()
        .testEvents()
        .assertStatistics(s -> s.succeeded(1));

    List<Object> seen = SettingsFixtures.SEEN.get("meta");
    assertThat((String) seen.get(0)).matches("team_sales_recordswhatitsees_[0-9a-f]{8}");
    assertThat(seen.get(1)).isEqualTo("0001");
    assertThat(seen.get(2)).isEqualTo(List.of("orders"));
  }

  @Test
  void downToKeepsTheLowerVersionsAndChecksForTracesAboveThem() {
    engine(SettingsFixtures.DownToFirstVersion.class)
        .execute()
        .testEvents()
        .assertStatistics(s -> s.failed(1))
        .failed()
        .assertThatEvents()
        .singleElement()
        .satisfies(
            event ->
                assertThat(
                        event
                            .getPayload(org.junit.platform.engine.TestExecutionResult.class)
                            .orElseThrow()
                            .getThrowable()
                            .orElseThrow())
                    .hasMessageStartingWith("Expecting no trace of addsARowToOrders in ")
                    .hasMessageContaining("after rolling back to 0001")
                    .hasMessageContaining("audit"));
    assertThat(SettingsFixtures.SEEN.get("downTo").get(1)).isEqualTo("0002");
  }

  @Test
  void checkDowngradeFalseSkipsTheAfterTestCheck() {
    engine(SettingsFixtures.LeftoverButUnchecked.class)
        .execute()
        .testEvents()
        .assertStatistics(s -> s.succeeded(1).failed(0));
  }

  @Test
  void theBackendCanBeChosenForTheWholeRunByAConfigurationParameter() {
    engine(SettingsFixtures.LeftoverButUnchecked.class)
        .configurationParameter(Backend.PROPERTY, "Embedded")
        .execute()
        .testEvents()
        .assertStatistics(s -> s.succeeded(1).failed(0));
  }

  @Test
  void migrateToOnTheClassAppliesToEveryTestAndOneOnTheMethodWins() {
    engine(SettingsFixtures.ClassLevelMigrateTo.class)
        .execute()
        .testEvents()
        .assertStatistics(s -> s.succeeded(2));

    assertThat(SettingsFixtures.SEEN.get("class")).containsExactly("0001");
    assertThat(SettingsFixtures.SEEN.get("method")).containsExactly("0002");
  }
}
