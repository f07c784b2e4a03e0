package dev.icebergops.cli;

import java.nio.file.Path;
import java.util.Map;

/**
 * The settings of one run, from {@code iceberg-ops.yaml} with environment overrides applied.
 *
 * @param file the config file read
 * @param catalogName the catalog's name
 * @param catalogProperties the catalog's properties; empty for the embedded local catalog
 * @param namespace the namespace to migrate
 * @param migrations the migration location, {@code filesystem:<dir>} or {@code classpath:<pkg>}
 * @param contracts the directory of {@code <table>.yaml} contracts
 * @param metaNamespace the namespace of the history table
 */
record CliConfig(
    Path file,
    String catalogName,
    Map<String, String> catalogProperties,
    String namespace,
    String migrations,
    String contracts,
    String metaNamespace) {

  static final String FILE_NAME = "iceberg-ops.yaml";
  static final String DEFAULT_MIGRATIONS = "filesystem:migrations";
  static final String DEFAULT_CONTRACTS = "contracts";
  static final String DEFAULT_CATALOG_NAME = "local";

  CliConfig {
    catalogProperties = Map.copyOf(catalogProperties);
  }

  /** The directory that relative locations are resolved against: the config file's. */
  Path baseDir() {
    Path parent = file.toAbsolutePath().getParent();
    return parent == null ? Path.of("").toAbsolutePath() : parent;
  }

  /** True when no catalog is configured: the embedded SQLite catalog under .iceberg-ops/. */
  boolean embedded() {
    return catalogProperties.isEmpty();
  }

  Path contractsDir() {
    return baseDir().resolve(contracts);
  }
}
