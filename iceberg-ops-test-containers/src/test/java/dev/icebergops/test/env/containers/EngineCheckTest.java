package dev.icebergops.test.env.containers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.test.env.containers.EngineFacts.Image;
import dev.icebergops.test.env.containers.EngineFacts.Role;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The settings a containers start lacks, decided from what engines report: the facts below are
 * those of real engines (this project's CI engine, {@code dockerd --bridge=none --iptables=false}
 * without a registry, read by {@link EngineProbe}; a usual Docker).
 */
class EngineCheckTest {

  private static final String SOCKET = "unix:///var/run/docker.sock";
  private static final String NO_REGISTRY =
      "Get \"https://registry-1.docker.io/v2/\": dial tcp: lookup registry-1.docker.io on"
          + " 10.255.255.53:53: no such host";
  private static final String CATALOG = "apache/iceberg-rest-fixture:1.11.0";
  private static final String S3 = "minio/minio:RELEASE.2023-09-04T19-57-37Z";
  private static final String RYUK = "testcontainers/ryuk:0.14.0";
  private static final Map<String, String> PROJECT_SETTINGS =
      Map.of(EngineFacts.RYUK_DISABLED, "true", EngineFacts.HOST_OVERRIDE, "127.0.0.1");

  @Test
  void anEngineWithoutBridgeOrRegistryNamesEverySettingItLacks() {
    EngineFacts facts =
        engine(
            SOCKET,
            true,
            false,
            Map.of(),
            unpullable(Role.CATALOG, CATALOG),
            unpullable(Role.S3, S3),
            unpullable(Role.RYUK, RYUK));

    assertThat(EngineCheck.describe(facts, Pull.MISSING))
        .isEqualTo(
            "the Docker engine at unix:///var/run/docker.sock needs settings this run does not"
                + " have:\n"
                + "  - TESTCONTAINERS_HOST_OVERRIDE=127.0.0.1 (the address of the engine's"
                + " host-network containers as this JVM reaches them): this JVM runs in a"
                + " container, so Testcontainers looks for the Docker host on the engine's bridge"
                + " network, which this engine has not (\"network bridge not found\")\n"
                + "  - iceberg-ops.containers.catalog-image (withCatalogImage) naming an image the"
                + " engine has, or iceberg-ops.containers.pull=never (withPull(Pull.NEVER)) after"
                + " building or loading "
                + CATALOG
                + " there: it cannot be pulled ("
                + NO_REGISTRY
                + ")\n"
                + "  - iceberg-ops.containers.s3-image (withS3Image) naming an image the engine"
                + " has, or iceberg-ops.containers.pull=never (withPull(Pull.NEVER)) after building"
                + " or loading "
                + S3
                + " there: it cannot be pulled ("
                + NO_REGISTRY
                + ")\n"
                + "  - TESTCONTAINERS_RYUK_DISABLED=true (the environment stops its own"
                + " containers): Testcontainers' clean-up container testcontainers/ryuk:0.14.0"
                + " runs on the bridge network, which this engine has not, and cannot be"
                + " reached\n"
                + "Testcontainers reads TESTCONTAINERS_* from the environment only: set them where"
                + " the tests' JVM starts (Surefire's <environmentVariables>, the CI job's env).");
  }

  @Test
  void theProjectsOwnContainersSettingsLackNothingOnItsEngine() {
    EngineFacts facts =
        engine(
            SOCKET,
            true,
            false,
            PROJECT_SETTINGS,
            present(Role.CATALOG, "iceberg-ops/iceberg-rest-fixture:1.11.0"),
            present(Role.S3, "iceberg-ops/minio-s3proxy:4.1.0"));

    assertThat(EngineCheck.missingSettings(facts, Pull.NEVER)).isEmpty();
    assertThat(EngineCheck.describe(facts, Pull.NEVER)).isNull();
  }

  @Test
  void aUsualEngineWithRegistryAccessLacksNothing() {
    EngineFacts facts = usualEngine(present(Role.RYUK, RYUK));

    assertThat(EngineCheck.missingSettings(facts, Pull.MISSING)).isEmpty();
  }

  @Test
  void withoutARegistryTheRyukImageNeedsRyukDisabledEvenWithABridge() {
    EngineFacts facts = usualEngine(unpullable(Role.RYUK, RYUK));

    assertThat(EngineCheck.missingSettings(facts, Pull.MISSING))
        .containsExactly(
            "TESTCONTAINERS_RYUK_DISABLED=true (the environment stops its own containers), or"
                + " load testcontainers/ryuk:0.14.0 on the engine: it cannot be pulled ("
                + NO_REGISTRY
                + ")");
  }

  @Test
  void anImageThatIsNeverPulledMustBeOnTheEngine() {
    EngineFacts facts =
        engine(
            SOCKET,
            false,
            true,
            Map.of(EngineFacts.RYUK_DISABLED, "true"),
            new Image(Role.CATALOG, "iceberg-ops/iceberg-rest-fixture:1.11.0", false, null),
            present(Role.S3, S3));

    assertThat(EngineCheck.missingSettings(facts, Pull.NEVER))
        .containsExactly(
            "iceberg-ops.containers.catalog-image (withCatalogImage) naming an image the engine"
                + " has, or build or load iceberg-ops/iceberg-rest-fixture:1.11.0 there: it is not"
                + " on the engine and images are never pulled");
  }

  @Test
  void anEngineReachedOverTcpNeedsNoHostOverrideButStillNoRyukWithoutABridge() {
    EngineFacts facts =
        engine(
            "tcp://docker.acme.internal:2376",
            true,
            false,
            Map.of(),
            present(Role.CATALOG, CATALOG),
            present(Role.S3, S3),
            present(Role.RYUK, RYUK));

    assertThat(EngineCheck.missingSettings(facts, Pull.MISSING))
        .singleElement()
        .asString()
        .startsWith("TESTCONTAINERS_RYUK_DISABLED=true")
        .contains("runs on the bridge network, which this engine has not");
  }

  @Test
  void outsideAContainerTheDockerHostIsFoundWithoutABridge() {
    EngineFacts facts =
        engine(
            SOCKET,
            false,
            false,
            Map.of(EngineFacts.RYUK_DISABLED, "true"),
            present(Role.CATALOG, CATALOG),
            present(Role.S3, S3));

    assertThat(EngineCheck.missingSettings(facts, Pull.MISSING)).isEmpty();
  }

  /** An engine's facts: its address, whether this JVM is in a container, its bridge network. */
  private static EngineFacts engine(
      String dockerHost,
      boolean inContainer,
      boolean bridge,
      Map<String, String> environment,
      Image... images) {
    return new EngineFacts(dockerHost, inContainer, bridge, List.of(images), environment);
  }

  /** A usual Docker outside a container: a bridge network, both images, no settings. */
  private static EngineFacts usualEngine(Image ryuk) {
    return engine(
        SOCKET, false, true, Map.of(), present(Role.CATALOG, CATALOG), present(Role.S3, S3), ryuk);
  }

  private static Image present(Role role, String name) {
    return new Image(role, name, true, null);
  }

  private static Image unpullable(Role role, String name) {
    return new Image(role, name, false, NO_REGISTRY);
  }
}
