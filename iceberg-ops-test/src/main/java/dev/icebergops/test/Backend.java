package dev.icebergops.test;

/**
 * Where the REST catalog and S3 store of a test run live. Chosen by {@link
 * IcebergMigrations#backend()} (or the builder's {@code backend}), and overridable for every class
 * at once by the configuration parameter or system property {@value #PROPERTY}, or the environment
 * variable {@value #ENV}, case-insensitively: {@code -Diceberg-ops.backend=containers}.
 */
public enum Backend {
  /**
   * Apache Iceberg's REST catalog server and S3Proxy, in-process on 127.0.0.1: no Docker needed.
   */
  EMBEDDED,

  /**
   * A REST catalog image and MinIO in containers, through Testcontainers; configured by {@link
   * IcebergContainers} and the {@code iceberg-ops.containers.*} properties. Its classes come with
   * {@code dev.icebergops:iceberg-ops-test-containers}, which the project adds to its test
   * dependencies. Without that module, or without a Docker engine, the test class fails, saying
   * what to add or how to switch.
   */
  CONTAINERS,

  /**
   * {@link #CONTAINERS} when its module is on the class path and a Docker engine answers, {@link
   * #EMBEDDED} otherwise; logs which.
   */
  AUTO;

  /** The configuration parameter or system property that overrides the annotation. */
  public static final String PROPERTY = "iceberg-ops.backend";

  /** The environment variable that overrides the annotation (the property wins over it). */
  public static final String ENV = "ICEBERG_OPS_BACKEND";
}
