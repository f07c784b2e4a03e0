package dev.icebergops.test;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.migration.TableNames;
import dev.icebergops.runner.MigrationRunner;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.io.FileIO;
import org.apache.iceberg.io.SupportsPrefixOperations;
import org.junit.jupiter.api.Test;

/** The namespaces the extension makes, dropped on the real REST catalog and S3 store. */
@IcebergMigrations(classes = TemplateFixtures.V0001__CreateLedger.class, checkDowngrade = false)
class NamespacesTest {

  @Test
  void aNamespaceDroppedAsItsOwnLeavesNoFileUnderItsTablesAndPurgesATableElsewhere(
      Catalog catalog, MigrationRunner runner) throws IOException {
    String own = runner.namespace() + "_own";
    Namespaces.create(catalog, own);
    Table inside = catalog.createTable(Namespaces.table(own, "inside"), TemplateFixtures.LEDGER);
    String warehouse = inside.location().substring(0, inside.location().indexOf("/" + own + "/"));
    Table elsewhere =
        catalog
            .buildTable(Namespaces.table(own, "elsewhere"), TemplateFixtures.LEDGER)
            .withLocation(warehouse + "/elsewhere_" + own + "/ledger")
            .create();
    IcebergTestData data = new IcebergTestData(catalog, own);
    data.append("inside", Map.of("id", 1L, "memo", "opening"));
    data.append("elsewhere", Map.of("id", 2L, "memo", "fee"));
    String insideOrphan = orphan(inside);
    String elsewhereOrphan = orphan(elsewhere);
    assertThat(files(inside.io(), inside.location())).contains(insideOrphan).hasSizeGreaterThan(3);

    Namespaces.dropOwn(catalog, own);

    assertThat(((SupportsNamespaces) catalog).namespaceExists(TableNames.namespace(own)))
        .as("the namespace, once dropped")
        .isFalse();
    assertThat(files(inside.io(), inside.location()))
        .as("files left under the location of a table of the namespace's own")
        .isEmpty();
    assertThat(files(elsewhere.io(), elsewhere.location()))
        .as("files left where a table of the namespace chose to be: purged, the rest left alone")
        .containsExactly(elsewhereOrphan);
  }

  /** Writes a file under the table's location that no metadata names, and returns it. */
  private static String orphan(Table table) throws IOException {
    String location = table.location() + "/data/not-committed.txt";
    try (OutputStream out = table.io().newOutputFile(location).create()) {
      out.write("left by a test".getBytes(StandardCharsets.UTF_8));
    }
    return location;
  }

  private static List<String> files(FileIO io, String location) {
    List<String> found = new ArrayList<>();
    ((SupportsPrefixOperations) io)
        .listPrefix(location + "/")
        .forEach(file -> found.add(file.location()));
    return found;
  }
}
