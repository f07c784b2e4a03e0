package dev.icebergops.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.MigrationSource;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.SharedEnvironment;
import java.io.Closeable;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.apache.iceberg.Schema;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.inmemory.InMemoryCatalog;
import org.apache.iceberg.jdbc.JdbcCatalog;
import org.apache.iceberg.rest.RESTCatalog;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

@ExtendWith(SharedEnvironment.class)
class CatalogFactoryTest {

  @TempDir Path dir;

  /** Creates a table; the runner then writes its history row as a Parquet file. */
  public static class V0001__CreateItems extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.createTableIfNotExists(
          "items", new Schema(Types.NestedField.required(1, "id", Types.LongType.get())));
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      ctx.dropTableIfExists("items");
    }
  }

  @Test
  void memoryIsAnInMemoryCatalog() {
    assertThat(CatalogFactory.build("memory")).isInstanceOf(InMemoryCatalog.class);
  }

  @Test
  void anyOtherNameNeedsATypeOrImplementation() {
    assertThatThrownBy(() -> CatalogFactory.build("prod", Map.of("uri", "http://127.0.0.1:1")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot build catalog prod: set the property type (rest, jdbc, glue, nessie, hive,"
                + " hadoop) or catalog-impl");
  }

  @Test
  void aRestCatalogWaitsAtMostSixtySecondsUnlessItsPropertiesSayOtherwise(
      IcebergTestEnvironment env) throws Exception {
    Map<String, String> given = new HashMap<>(env.catalogProperties());
    given.remove(CatalogFactory.REST_CONNECTION_TIMEOUT_MS);
    given.remove(CatalogFactory.REST_SOCKET_TIMEOUT_MS);
    try (RESTCatalog bounded = (RESTCatalog) CatalogFactory.build("bounded", given)) {
      assertThat(bounded.properties())
          .containsEntry(CatalogFactory.REST_CONNECTION_TIMEOUT_MS, "60000")
          .containsEntry(CatalogFactory.REST_SOCKET_TIMEOUT_MS, "60000");
    }
    given.put(CatalogFactory.REST_SOCKET_TIMEOUT_MS, "2500");
    try (RESTCatalog own = (RESTCatalog) CatalogFactory.build("own", given)) {
      assertThat(own.properties())
          .containsEntry(CatalogFactory.REST_CONNECTION_TIMEOUT_MS, "60000")
          .containsEntry(CatalogFactory.REST_SOCKET_TIMEOUT_MS, "2500");
    }
  }

  @Test
  void jdbcCatalogOnSqliteWritesTablesAndHistoryToALocalWarehouse() throws Exception {
    Path warehouse = dir.resolve("warehouse");
    Catalog catalog =
        CatalogFactory.build(
            "local",
            Map.of(
                "type",
                "jdbc",
                "uri",
                "jdbc:sqlite:" + dir.resolve("catalog.db"),
                "warehouse",
                warehouse.toUri().toString(),
                "jdbc.schema-version",
                "V1"));
    try {
      assertThat(catalog).isInstanceOf(JdbcCatalog.class);
      MigrationRunner runner =
          MigrationRunner.builder(catalog)
              .namespace("shop")
              .source(MigrationSource.of(V0001__CreateItems.class))
              .build();

      runner.migrate();

      assertThat(catalog.tableExists(TableIdentifier.of("shop", "items"))).isTrue();
      assertThat(runner.current()).contains("0001");
      assertThat(warehouse.resolve("_iceberg_ops/migration_history/data")).isDirectory();
    } finally {
      ((Closeable) catalog).close();
    }
  }
}
