package dev.icebergops.classpath;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;

/**
 * What each published module puts on a user's runtime class path, read from the listings Maven
 * wrote for the user projects of {@code users/} in this build: a dependency that creeps back across
 * a module boundary fails here.
 */
class PublishedModulesClassPathTest {

  private static final String OPS = "dev.icebergops:";

  /** The Docker client and what only Testcontainers brings. */
  private static final List<String> DOCKER =
      List.of(
          "org.testcontainers:testcontainers",
          "org.testcontainers:testcontainers-minio",
          "com.github.docker-java:docker-java-api",
          "com.github.docker-java:docker-java-transport-zerodep",
          "net.java.dev.jna:jna",
          "org.rnorth.duct-tape:duct-tape");

  /** The embedded servers: S3Proxy, Jetty, SQLite and Iceberg's REST server (its test jar). */
  private static final List<String> EMBEDDED_SERVERS =
      List.of(
          "org.gaul:s3proxy",
          "org.eclipse.jetty:jetty-server",
          "org.eclipse.jetty.ee10:jetty-ee10-servlet",
          "org.xerial:sqlite-jdbc",
          "org.apache.iceberg:iceberg-core:tests");

  /** What only the command line and the Maven plugin need. */
  private static final List<String> TOOLING =
      List.of(OPS + "iceberg-ops-tooling", "info.picocli:picocli");

  @Test
  void theCoreCarriesNoToolingNoTestLibraryAndNoServer() throws IOException {
    RuntimeDependencies core = RuntimeDependencies.of("core");

    assertThat(core.artifacts()).contains(OPS + "iceberg-ops-core");
    assertThat(core.artifacts())
        .doesNotContainAnyElementsOf(TOOLING)
        .doesNotContain("org.apache.hadoop:hadoop-common")
        .doesNotContainAnyElementsOf(DOCKER)
        .doesNotContainAnyElementsOf(EMBEDDED_SERVERS)
        .noneMatch(artifact -> artifact.startsWith("org.junit"))
        .noneMatch(artifact -> artifact.startsWith("org.eclipse.jetty"))
        .noneMatch(artifact -> artifact.startsWith(OPS + "iceberg-ops-test"));
    assertThat(packagesIn(core.fileOf(OPS + "iceberg-ops-core")))
        .contains("dev/icebergops/migration/", "dev/icebergops/runner/")
        .doesNotContain(
            "dev/icebergops/autogen/",
            "dev/icebergops/catalog/",
            "dev/icebergops/config/",
            "dev/icebergops/tooling/");
  }

  @Test
  void anEmbeddedUserDownloadsNoDockerClient() {
    RuntimeDependencies embedded = RuntimeDependencies.of("embedded");

    assertThat(embedded.artifacts())
        .contains(OPS + "iceberg-ops-test", OPS + "iceberg-ops-test-embedded")
        .containsAll(EMBEDDED_SERVERS)
        .doesNotContain(OPS + "iceberg-ops-test-containers")
        .doesNotContainAnyElementsOf(DOCKER)
        .doesNotContainAnyElementsOf(TOOLING);
  }

  @Test
  void aContainersUserDownloadsNoEmbeddedServer() {
    RuntimeDependencies containers = RuntimeDependencies.of("containers");

    assertThat(containers.artifacts())
        .contains(OPS + "iceberg-ops-test", OPS + "iceberg-ops-test-containers")
        .containsAll(DOCKER)
        .doesNotContain(OPS + "iceberg-ops-test-embedded")
        .doesNotContainAnyElementsOf(EMBEDDED_SERVERS)
        .noneMatch(artifact -> artifact.startsWith("org.eclipse.jetty"))
        .doesNotContainAnyElementsOf(TOOLING);
  }

  @Test
  void theCommandLineBringsTheToolingButNoTestLibrary() {
    RuntimeDependencies cli = RuntimeDependencies.of("cli");

    assertThat(cli.artifacts())
        .contains(OPS + "iceberg-ops-cli", OPS + "iceberg-ops-tooling", OPS + "iceberg-ops-core")
        .doesNotContainAnyElementsOf(DOCKER)
        .doesNotContain("org.gaul:s3proxy", "org.apache.iceberg:iceberg-core:tests")
        .noneMatch(artifact -> artifact.startsWith("org.eclipse.jetty"))
        .noneMatch(artifact -> artifact.startsWith(OPS + "iceberg-ops-test"));
  }

  @Test
  void theMavenPluginBringsTheToolingButNoTestLibrary() {
    RuntimeDependencies plugin = RuntimeDependencies.of("maven-plugin");

    assertThat(plugin.artifacts())
        .contains(OPS + "iceberg-ops-maven-plugin", OPS + "iceberg-ops-tooling")
        .doesNotContainAnyElementsOf(DOCKER)
        .doesNotContain("org.gaul:s3proxy", "org.apache.iceberg:iceberg-core:tests")
        .noneMatch(artifact -> artifact.startsWith("org.eclipse.jetty"))
        .noneMatch(artifact -> artifact.startsWith(OPS + "iceberg-ops-test"))
        .doesNotContain(OPS + "iceberg-ops-cli", "info.picocli:picocli");
  }

  /** The packages that hold classes in a jar or a class directory, e.g. {@code dev/icebergops/}. */
  private static List<String> packagesIn(Path file) throws IOException {
    if (Files.isDirectory(file)) {
      try (var paths = Files.walk(file)) {
        return paths
            .filter(path -> path.getFileName().toString().endsWith(".class"))
            .map(path -> file.relativize(path.getParent()).toString().replace('\\', '/') + "/")
            .distinct()
            .toList();
      }
    }
    try (JarFile jar = new JarFile(file.toFile())) {
      return jar.stream()
          .map(entry -> entry.getName())
          .filter(name -> name.endsWith(".class") && name.contains("/"))
          .map(name -> name.substring(0, name.lastIndexOf('/') + 1))
          .distinct()
          .toList();
    }
  }
}
