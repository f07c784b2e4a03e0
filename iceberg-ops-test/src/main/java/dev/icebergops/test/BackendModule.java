package dev.icebergops.test;

import java.util.Locale;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/**
 * The artifact that holds each backend's environment. {@code iceberg-ops-test} brings the embedded
 * one; a project that uses containers adds {@code iceberg-ops-test-containers} (and may exclude the
 * embedded one). Whether a backend's classes are there is asked by name, so that the toolkit loads
 * no class of a backend whose artifact is missing.
 */
enum BackendModule {
  EMBEDDED(
      "dev.icebergops:iceberg-ops-test-embedded",
      "dev.icebergops.test.env.embedded.EmbeddedEnvironment"),
  CONTAINERS(
      "dev.icebergops:iceberg-ops-test-containers",
      "dev.icebergops.test.env.containers.ContainersEnvironment");

  private final String artifact;
  private final String environmentClass;

  BackendModule(String artifact, String environmentClass) {
    this.artifact = artifact;
    this.environmentClass = environmentClass;
  }

  /** The artifact's {@code groupId:artifactId}. */
  String artifact() {
    return artifact;
  }

  /** Whether the backend's environment class is on the class path the toolkit was loaded from. */
  boolean present() {
    try {
      Class.forName(environmentClass, false, BackendModule.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  /** Fails a test class that asked for this backend while its artifact is missing. */
  void require(Class<?> testClass) {
    if (present()) {
      return;
    }
    String other = this == EMBEDDED ? "CONTAINERS" : "EMBEDDED";
    throw new ExtensionConfigurationException(
        ("Cannot start the %s backend for %s: add %s to the test class path (test scope;"
                + " iceberg-ops-bom gives its version), or switch backend with"
                + " @IcebergMigrations(backend = Backend.%s), -D%s=%s, or %s=%s")
            .formatted(
                name().toLowerCase(Locale.ROOT),
                testClass.getName(),
                artifact,
                other,
                Backend.PROPERTY,
                other.toLowerCase(Locale.ROOT),
                Backend.ENV,
                other.toLowerCase(Locale.ROOT)));
  }
}
