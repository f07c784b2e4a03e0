package dev.icebergops.test;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class EnvironmentsTest {

  @Test
  void withoutDockerTheContainersBackendSaysHowToSwitch() {
    assertThat(Environments.noDocker(EnvironmentsTest.class))
        .hasMessage(
            "Cannot use the containers backend for dev.icebergops.test.EnvironmentsTest: no Docker"
                + " engine answers (checked DOCKER_HOST, /var/run/docker.sock and"
                + " ~/.testcontainers.properties). Start Docker, or switch backend with"
                + " @IcebergMigrations(backend = Backend.EMBEDDED) or Backend.AUTO,"
                + " -Diceberg-ops.backend=embedded, or ICEBERG_OPS_BACKEND=embedded");
  }
}
