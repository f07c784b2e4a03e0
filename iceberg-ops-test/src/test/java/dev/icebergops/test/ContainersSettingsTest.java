package dev.icebergops.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.icebergops.test.fixtures.BackendFixtures;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

/** Settings of the containers backend are checked before Docker is asked for anything. */
class ContainersSettingsTest {

  private static Throwable classFailure(Class<?> fixture, Map<String, String> parameters) {
    EngineExecutionResults results =
        EngineTestKit.engine("junit-jupiter")
            .configurationParameters(parameters)
            .selectors(selectClass(fixture))
            .execute();
    results.testEvents().assertStatistics(stats -> stats.started(0));
    return results.containerEvents().failed().list().stream()
        .map(e -> e.getPayload(TestExecutionResult.class).flatMap(r -> r.getThrowable()))
        .flatMap(java.util.Optional::stream)
        .reduce((first, second) -> second)
        .orElseThrow();
  }

  @Test
  void anUnknownNetworkModeFailsTheClassNamingWhereItCanBeSet() {
    assertThat(classFailure(BackendFixtures.UnknownNetwork.class, Map.of()))
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessage(
            "Cannot configure the containers backend: network is 'wifi', expected bridge or host"
                + " (from iceberg-ops.containers.network, ICEBERG_OPS_CONTAINERS_NETWORK or"
                + " @IcebergContainers)");
  }

  @Test
  void aPropertyWinsOverTheAnnotation() {
    assertThat(
            classFailure(
                BackendFixtures.UnknownNetwork.class,
                Map.of("iceberg-ops.containers.network", "satellite")))
        .hasMessageContaining("network is 'satellite'");
  }

  @Test
  void aCatalogVariableWithoutValueIsRefused() {
    assertThat(classFailure(BackendFixtures.EnvWithoutValue.class, Map.of()))
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageStartingWith(
            "Cannot configure the containers backend: catalog-env is 'CATALOG_WAREHOUSE',"
                + " expected NAME=value pairs");
  }
}
