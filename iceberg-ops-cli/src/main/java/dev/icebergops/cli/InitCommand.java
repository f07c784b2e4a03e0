package dev.icebergops.cli;

import dev.icebergops.config.IcebergOpsConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code init}: a config file, a migrations directory and a contracts directory. */
@Command(
    name = "init",
    description =
        "Create iceberg-ops.yaml, migrations/ and contracts/ in the current directory. Refuses to"
            + " overwrite any of them.")
final class InitCommand implements Callable<Integer> {

  @ParentCommand CommandContext cli;

  @Option(
      names = {"-n", "--namespace"},
      defaultValue = "default",
      description = "The namespace to migrate (default: ${DEFAULT-VALUE}).")
  String namespace;

  @Override
  public Integer call() throws IOException {
    Path config = cli.configFile();
    Path dir = config.getParent();
    Path migrations = dir.resolve("migrations");
    Path contracts = dir.resolve(IcebergOpsConfig.DEFAULT_CONTRACTS);
    for (Path path : List.of(config, migrations, contracts)) {
      if (Files.exists(path)) {
        throw new IllegalStateException(
            "Cannot init " + dir + ": " + dir.relativize(path) + " already exists");
      }
    }
    Files.createDirectories(migrations);
    Files.createDirectories(contracts);
    Files.writeString(config, template());
    Output output = cli.output();
    output.json(
        Output.of(
            "config", config.toString(),
            "migrations", migrations.toString(),
            "contracts", contracts.toString()));
    output.line("Created " + dir.relativize(config));
    output.line("Created " + dir.relativize(migrations) + "/");
    output.line("Created " + dir.relativize(contracts) + "/");
    output.line("Next: iceberg-ops revision -m \"create orders\", then iceberg-ops migrate");
    return 0;
  }

  private String template() {
    return """
        # iceberg-ops configuration. Every setting can be overridden by an environment variable:
        # ICEBERG_OPS_NAMESPACE, ICEBERG_OPS_MIGRATIONS, ICEBERG_OPS_CONTRACTS,
        # ICEBERG_OPS_META_NAMESPACE, ICEBERG_OPS_CATALOG_NAME, and one catalog property per
        # ICEBERG_OPS_CATALOG__<KEY> (__ becomes '.', _ becomes '-': ICEBERG_OPS_CATALOG__S3__ACCESS_KEY_ID).
        namespace: %s
        migrations: filesystem:migrations   # V<NNNN>__<Description>.java files, compiled at run time
        contracts: contracts                # <table>.yaml schema contracts, for check and revision
        meta-namespace: _iceberg_ops        # where the migration_history table lives

        catalog:
          name: local
          # No properties: a local JDBC catalog in .iceberg-ops/catalog.db (SQLite) with its
          # warehouse in .iceberg-ops/warehouse. For a real catalog, any Iceberg catalog works;
          # take secrets from the environment with ${env:NAME}, for example:
          # properties:
          #   type: rest
          #   uri: https://catalog.example.com/api/catalog
          #   warehouse: analytics
          #   credential: ${env:CATALOG_CREDENTIAL}
          properties: {}
        """
        .formatted(namespace);
  }
}
