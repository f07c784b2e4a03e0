package dev.icebergops.autogen;

import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.SharedEnvironment;
import dev.icebergops.testsupport.MigrationSources;
import dev.icebergops.tooling.FilesystemMigrationSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.rest.RESTCatalog;
import org.apache.iceberg.types.Types.NestedField;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A namespace of its own on the REST catalog + S3 for each test, and a runner that applies a
 * generated revision as V0002 after a stamped V0001.
 */
@ExtendWith(SharedEnvironment.class)
abstract class GeneratedRevisionTestBase {

  @TempDir Path dir;
  RESTCatalog catalog;
  String namespace;

  @BeforeEach
  void setUp(IcebergTestEnvironment environment) {
    catalog = environment.catalog();
    namespace = "autogen_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    catalog.createNamespace(Namespace.of(namespace), new HashMap<>());
  }

  Table create(String name, Map<String, String> properties, NestedField... fields) {
    return catalog.createTable(
        TableIdentifier.of(namespace, name), new Schema(fields), null, new HashMap<>(properties));
  }

  Table create(String name, NestedField... fields) {
    return create(name, Map.of(), fields);
  }

  Table table(String name) {
    return catalog.loadTable(TableIdentifier.of(namespace, name));
  }

  /**
   * Writes the revision as V0002__Generated.java after a V0001 that stands for the tables the test
   * made by hand, and returns a runner over both with 0001 stamped: a namespace whose tables have
   * no history is refused, and stamping is how a team adopts tables that already exist.
   */
  MigrationRunner write(Revision revision) throws IOException {
    MigrationSources.write(dir, "V0001__Existing", "", "");
    Files.writeString(
        dir.resolve("V0002__Generated.java"), revision.toJava(null, "V0002__Generated"));
    MigrationRunner runner =
        MigrationRunner.builder(catalog)
            .namespace(namespace)
            .metaNamespace(namespace + "_ops")
            .source(FilesystemMigrationSource.of(dir))
            .build();
    runner.stamp("0001");
    return runner;
  }

  List<String> columns(String name) {
    return table(name).schema().columns().stream().map(NestedField::name).toList();
  }
}
