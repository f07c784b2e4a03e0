package dev.icebergops.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.icebergops.test.env.containers.ContainersEnvironment;
import dev.icebergops.test.fixtures.BackendFixtures;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineTestKit;

/**
 * The containers backend with a Docker engine running ({@code -Pcontainers}): the classes of a run
 * share one pair of containers, which AUTO picks as well.
 */
@Tag("containers")
class ContainersBackendTest {

  @BeforeEach
  void forget() {
    BackendFixtures.SEEN.clear();
  }

  private static void run(Class<?> fixture, String backend) {
    EngineTestKit.engine("junit-jupiter")
        .configurationParameter(Backend.PROPERTY, backend)
        .selectors(selectClass(fixture))
        .execute()
        .testEvents()
        .assertStatistics(stats -> stats.started(1).succeeded(1));
  }

  @Test
  void theContainersBackendGivesAContainersEnvironment() {
    run(BackendFixtures.Containers.class, "containers");

    assertThat(BackendFixtures.SEEN.get("containers")).isInstanceOf(ContainersEnvironment.class);
  }

  @Test
  void autoPicksContainersWhenDockerAnswers() {
    assertThat(ContainersEnvironment.dockerAvailable()).isTrue();

    run(BackendFixtures.Auto.class, "auto");

    assertThat(BackendFixtures.SEEN.get("auto")).isInstanceOf(ContainersEnvironment.class);
  }

  @Test
  void classesWithTheSameSettingsShareOneEnvironment() {
    EngineTestKit.engine("junit-jupiter")
        .configurationParameter(Backend.PROPERTY, "containers")
        .selectors(
            selectClass(BackendFixtures.Auto.class), selectClass(BackendFixtures.Containers.class))
        .execute()
        .testEvents()
        .assertStatistics(stats -> stats.succeeded(2));

    assertThat(BackendFixtures.SEEN.get("auto"))
        .isInstanceOf(ContainersEnvironment.class)
        .isSameAs(BackendFixtures.SEEN.get("containers"));
  }
}
