package dev.icebergops.test;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.test.fixtures.BackendFixtures;
import java.io.File;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The toolkit on a class path without one backend's artifact, as a project that leaves it out has
 * it: the fixtures run through the extension in a class loader built from this JVM's test class
 * path minus that artifact and the libraries only it brings.
 */
class BackendModulesTest {

  /** The containers backend's artifact and what only it brings. */
  private static final List<String> CONTAINERS =
      List.of("iceberg-ops-test-containers", "testcontainers", "docker-java", "duct-tape", "jna-");

  /**
   * Runs JDBC's driver discovery in this JVM's own loader first, as any earlier test class that
   * started the embedded environment does: the isolated loader's catalog then finds SQLite's driver
   * only if the embedded environment registers its own loader's copy (it failed with "No suitable
   * driver" in CI when the order of the test classes put one before this class).
   */
  @BeforeAll
  static void discoverDriversInThisLoaderFirst() {
    assertThat(DriverManager.drivers().map(driver -> driver.getClass().getName()))
        .contains("org.sqlite.JDBC");
  }

  /** The embedded backend's artifact and what only it brings. */
  private static final List<String> EMBEDDED =
      List.of("iceberg-ops-test-embedded", "s3proxy", "jetty-", "sqlite-jdbc", "-tests.jar");

  private static String runWithout(
      List<String> hidden, Class<?> fixture, String backend, String key) throws Exception {
    List<URL> urls = new ArrayList<>();
    for (String entry : testClassPath().split(File.pathSeparator)) {
      String name = new File(entry).getName();
      boolean module = hidden.get(0).equals(moduleOf(entry));
      if (!module && hidden.stream().skip(1).noneMatch(name::contains)) {
        urls.add(toUrl(entry));
      }
    }
    ClassLoader previous = Thread.currentThread().getContextClassLoader();
    try (URLClassLoader loader =
        new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader())) {
      Thread.currentThread().setContextClassLoader(loader);
      Class<?> probe = Class.forName(BackendProbe.class.getName(), true, loader);
      return (String)
          probe
              .getMethod("run", String.class, String.class, String.class)
              .invoke(null, fixture.getName(), backend, key);
    } finally {
      Thread.currentThread().setContextClassLoader(previous);
    }
  }

  /** The module an entry belongs to: a reactor module's target directory, or a jar's artifact. */
  private static String moduleOf(String entry) {
    File file = new File(entry);
    if (file.isDirectory() && file.getParentFile().getName().equals("target")) {
      return file.getParentFile().getParentFile().getName();
    }
    return file.getName().replaceFirst("-\\d.*$", "");
  }

  private static String testClassPath() {
    String surefire = System.getProperty("surefire.test.class.path");
    return surefire != null ? surefire : System.getProperty("java.class.path");
  }

  private static URL toUrl(String entry) {
    try {
      return new File(entry).toURI().toURL();
    } catch (MalformedURLException e) {
      throw new IllegalStateException("Cannot use class path entry " + entry, e);
    }
  }

  @Test
  void theContainersBackendWithoutItsArtifactSaysWhatToAdd() throws Exception {
    String outcome =
        runWithout(CONTAINERS, BackendFixtures.Containers.class, "containers", "containers");

    assertThat(outcome)
        .isEqualTo(
            "failed: Cannot start the containers backend for "
                + BackendFixtures.Containers.class.getName()
                + ": add dev.icebergops:iceberg-ops-test-containers to the test class path (test"
                + " scope; iceberg-ops-bom gives its version), or switch backend with"
                + " @IcebergMigrations(backend = Backend.EMBEDDED), -Diceberg-ops.backend=embedded,"
                + " or ICEBERG_OPS_BACKEND=embedded");
  }

  @Test
  void theEmbeddedBackendWithoutItsArtifactSaysWhatToAdd() throws Exception {
    String outcome = runWithout(EMBEDDED, BackendFixtures.Embedded.class, "embedded", "embedded");

    assertThat(outcome)
        .isEqualTo(
            "failed: Cannot start the embedded backend for "
                + BackendFixtures.Embedded.class.getName()
                + ": add dev.icebergops:iceberg-ops-test-embedded to the test class path (test"
                + " scope; iceberg-ops-bom gives its version), or switch backend with"
                + " @IcebergMigrations(backend = Backend.CONTAINERS),"
                + " -Diceberg-ops.backend=containers, or ICEBERG_OPS_BACKEND=containers");
  }

  @Test
  void autoRunsOnTheEmbeddedBackendWhenTheContainersArtifactIsMissing() throws Exception {
    String outcome = runWithout(CONTAINERS, BackendFixtures.Auto.class, "auto", "auto");

    assertThat(outcome).isEqualTo("passed: EmbeddedEnvironment");
  }
}
