package dev.icebergops.test.env.containers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.exception.NotFoundException;
import dev.icebergops.test.env.containers.EngineFacts.Image;
import dev.icebergops.test.env.containers.EngineFacts.Role;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.dockerclient.DockerClientProviderStrategy;

/**
 * The engine check against a real Docker engine ({@code -Pcontainers}): the facts it reads are the
 * engine's, and a start that the engine cannot run fails before Testcontainers retries anything.
 */
@Tag("containers")
class EngineCheckOnDockerTest {

  /** No registry has it, whether one is reachable or not: its pull always fails. */
  private static final String UNPULLABLE = "iceberg-ops/no-such-image:0";

  @Test
  void theProbeReadsTheBridgeNetworkAsTestcontainersLooksItUp() throws Exception {
    EngineFacts facts = probe(Map.of(EngineFacts.RYUK_DISABLED, "true"));

    assertThat(facts.bridgeNetwork())
        .as("the probe's bridge network on %s", facts.dockerHost())
        .isEqualTo(engineFindsNetwork("bridge"));
    assertThat(facts.environment()).containsOnlyKeys(EngineFacts.RYUK_DISABLED);
  }

  @Test
  void anImageThatCannotBePulledIsReportedWithTheEnginesAnswer() {
    EngineFacts facts = probe(Map.of(EngineFacts.RYUK_DISABLED, "true"));

    assertThat(facts.images())
        .filteredOn(image -> image.role() == Role.CATALOG)
        .singleElement()
        .satisfies(
            image -> {
              assertThat(image.present()).as("%s present", UNPULLABLE).isFalse();
              assertThat(image.pullFailure()).as("the engine's answer to its pull").isNotBlank();
            });
    assertThat(EngineCheck.missingSettings(facts, Pull.MISSING))
        .anySatisfy(
            line ->
                assertThat(line)
                    .contains("iceberg-ops.containers.catalog-image", UNPULLABLE)
                    .contains("cannot be pulled (" + catalog(facts).pullFailure() + ")"));
  }

  @Test
  void withoutTestcontainersSettingsAnEngineWithoutBridgeNeedsRyukDisabled() {
    EngineFacts facts = probe(Map.of());
    String ryukDisabled = EngineFacts.RYUK_DISABLED + "=true";

    if (facts.bridgeNetwork()) {
      assertThat(EngineCheck.missingSettings(facts, Pull.MISSING))
          .noneSatisfy(line -> assertThat(line).contains("runs on the bridge network"));
    } else {
      assertThat(EngineCheck.describe(facts, Pull.MISSING))
          .contains(ryukDisabled + " (the environment stops its own containers): ")
          .contains("which this engine has not");
    }
  }

  @Test
  void aStartThatNeedsAnUnpullableImageFailsAtOnceNamingTheSetting() {
    ContainersEnvironment environment =
        ContainersEnvironmentTest.configured().withCatalogImage(UNPULLABLE).withPull(Pull.MISSING);

    assertThatThrownBy(environment::start)
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("Cannot start containers environment (catalog " + UNPULLABLE)
        .hasMessageContaining("needs settings this run does not have")
        .hasMessageContaining(
            "iceberg-ops.containers.catalog-image (withCatalogImage) naming an image the engine"
                + " has")
        .hasMessageContaining("it cannot be pulled (");
  }

  private static EngineFacts probe(Map<String, String> environment) {
    Map<Role, String> images = new LinkedHashMap<>();
    images.put(Role.CATALOG, UNPULLABLE);
    return EngineProbe.read(images, Pull.MISSING, environment, Duration.ofMinutes(2));
  }

  private static Image catalog(EngineFacts facts) {
    return facts.images().stream().filter(i -> i.role() == Role.CATALOG).findFirst().orElseThrow();
  }

  /** The engine's answer to the look-up Testcontainers makes from inside a container. */
  private static boolean engineFindsNetwork(String name) throws Exception {
    try (DockerClient client =
        DockerClientProviderStrategy.getClientForConfig(
            DockerClientFactory.instance().getTransportConfig())) {
      client.inspectNetworkCmd().withNetworkId(name).exec();
      return true;
    } catch (NotFoundException e) {
      return false;
    }
  }
}
