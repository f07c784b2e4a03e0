package dev.icebergops.cli;

import dev.icebergops.config.ConfigLoader;
import dev.icebergops.config.IcebergOpsConfig;
import dev.icebergops.redaction.Redaction;
import java.nio.file.Path;
import java.util.Map;

/** Reads a config file the way the {@code iceberg-ops} command line does, for the guide's tests. */
public final class CliForDocs {

  private CliForDocs() {}

  /**
   * Reads a config file the way every command does.
   *
   * @param file the {@code iceberg-ops.yaml}
   * @param env the environment its {@code ${env:...}} references and overrides come from
   * @return namespace, migrations, contracts, meta-namespace, catalog name and properties
   * @throws IllegalArgumentException if the file is not a valid config
   */
  public static Map<String, Object> loadConfig(Path file, Map<String, String> env) {
    IcebergOpsConfig config = new ConfigLoader(env, new Redaction()).load(file);
    return Map.of(
        "namespace", config.namespace(),
        "migrations", config.migrations(),
        "contracts", config.contracts(),
        "meta-namespace", config.metaNamespace(),
        "catalog.name", config.catalogName(),
        "catalog.properties", config.catalogProperties());
  }
}
