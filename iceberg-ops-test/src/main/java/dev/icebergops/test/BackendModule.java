package dev.icebergops.test;

import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/**
 * The artifact that holds each backend's environment. {@code iceberg-ops-test} brings the embedded
 * one; a project that uses containers adds {@code iceberg-ops-test-containers} (and may exclude the
 * embedded one). Whether a backend's classes are there is asked by name, so that the toolkit loads
 * no class of a backend whose artifact is missing.
 */
enum BackendModule {
  EMBEDDED(
      "embedded",
      "dev.icebergops:iceberg-ops-test-embedded",
      "dev.icebergops.test.env.embedded.EmbeddedEnvironment"),
  CONTAINERS(
      "containers",
      "dev.icebergops:iceberg-ops-test-containers",
      "dev.icebergops.test.env.containers.ContainersEnvironment");

  private final String backend;
  private final String artifact;
  private final String environmentClass;

  BackendModule(String backend, String artifact, String environmentClass) {
    this.backend = backend;
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

  /** The failure of a test class that asked for this backend while its artifact is missing. */
  ExtensionConfigurationException missing(Class<?> testClass) {
    String other = this == EMBEDDED ? "CONTAINERS" : "EMBEDDED";
    return new ExtensionConfigurationException(
        ("Cannot start the %s backend for %s: add %s to the test class path (test scope;"
                + " iceberg-ops-bom gives its version), or switch backend with"
                + " @IcebergMigrations(backend = Backend.%s), -D%s=%s, or %s=%s")
            .formatted(
                backend,
                testClass.getName(),
                artifact,
                other,
                Backend.PROPERTY,
                other.toLowerCase(java.util.Locale.ROOT),
                Backend.ENV,
                other.toLowerCase(java.util.Locale.ROOT)));
  }
}
