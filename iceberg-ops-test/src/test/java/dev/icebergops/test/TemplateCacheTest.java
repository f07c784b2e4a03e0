package dev.icebergops.test;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.migration.MigrationSource;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.state.NamespaceTables;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.test.internal.StateChanges;
import dev.icebergops.testing.FaultProxy;
import dev.icebergops.testing.ProxiedClients;
import dev.icebergops.testsupport.StandardError;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.catalog.ViewCatalog;
import org.apache.iceberg.rest.RESTCatalog;
import org.apache.iceberg.view.View;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Templates kept between runs: real files on disk, restored into the real REST catalog and S3
 * store. A restored template has the tables, rows and history of the one stored; what determines
 * the tables names the entry; a damaged entry is a miss with one warning line, never a table.
 */
@IcebergMigrations(
    classes = {
      TemplateFixtures.V0001__CreateLedger.class,
      TemplateFixtures.V0002__AddCurrency.class,
      TemplateFixtures.V0003__AddAmount.class,
      TemplateFixtures.V0004__SetOwner.class
    },
    checkDowngrade = false)
class TemplateCacheTest {

  private static final String CHAIN = "V0001=a;V0002=b;";

  @Test
  void aStoredTemplateIsRestoredWithItsTablesRowsAndHistory(
      Catalog catalog, MigrationRunner runner, @TempDir Path dir) {
    NamespaceTemplate template = template(catalog, runner);
    TemplateCache cache = new TemplateCache(dir, "1.0");
    String name = cache.entryName(CHAIN, catalog, "embedded");
    cache.store(name, catalog, template);
    String restored = runner.namespace() + "_restored";
    String copied = runner.namespace() + "_copied";
    ClassCopies copies = new ClassCopies(runner.namespace() + "_copies");
    try {
      NamespaceTemplate cached = cache.load(name, catalog, restored, false).orElseThrow();
      assertThat(catalog.listTables(Namespace.of(restored)))
          .as("the restored template's tables: copied from the entry, never registered")
          .isEmpty();
      cached.copyTo(catalog, copied, null, copies);

      assertThat(cached.historyUnchanged(template.rows())).as("history rows").isTrue();
      assertThat(cached.version()).isEqualTo("0004");
      assertThat(TemplateFixtures.ids(new IcebergTestData(catalog, copied)))
          .containsExactly(1L, 2L);
      Table stored = catalog.loadTable(Namespaces.table(template.namespace(), "ledger"));
      Table back = catalog.loadTable(Namespaces.table(copied, "ledger"));
      assertThat(back.schemas().keySet()).isEqualTo(stored.schemas().keySet());
      assertThat(back.schema().asStruct()).isEqualTo(stored.schema().asStruct());
      assertThat(back.spec()).isEqualTo(stored.spec());
      assertThat(back.properties()).containsEntry("owner", "finance");
      assertThat(back.location()).as("a location of its own").isNotEqualTo(stored.location());
      assertThat(back.currentSnapshot().addedDataFiles(back.io()))
          .as("the copy's data files, uploaded from the entry's, named as Parquet files")
          .isNotEmpty()
          .allSatisfy(file -> assertThat(file.location()).endsWith(".parquet"));
      assertThat(
              StateChanges.between(copied, cached.shape(), NamespaceTables.capture(catalog, copied))
                  .describe())
          .as("what a copy of the restored template has against the shape it knows")
          .isEqualTo("(no differences)");
      // Iceberg's Schema has no equals: the states compare as they print, every field shown
      assertThat(template.shape().states())
          .as("the walked template's shape, known as it was made")
          .hasToString(NamespaceTables.capture(catalog, template.namespace()).states().toString());
    } finally {
      Namespaces.drop(catalog, copied);
      Namespaces.drop(catalog, restored);
      Namespaces.drop(catalog, template.namespace());
      copies.close();
    }
  }

  @Test
  void aStoredTemplateIsRestoredWithItsViewsEachVersionAndTheCurrentOne(
      Catalog catalog, MigrationRunner runner, @TempDir Path dir) {
    ViewCatalog views = (ViewCatalog) catalog;
    TableIdentifier view = Namespaces.table(runner.namespace(), "big_ledger");
    for (String sql : List.of("SELECT id FROM ledger", "SELECT id, amount FROM ledger")) {
      views
          .buildView(view)
          .withSchema(TemplateFixtures.LEDGER.select("id"))
          .withDefaultNamespace(Namespace.of(runner.namespace()))
          .withQuery("spark", sql)
          .createOrReplace();
    }
    NamespaceTemplate template = template(catalog, runner);
    views.dropView(view); // the test's namespace as it started
    TemplateCache cache = new TemplateCache(dir, "1.0");
    String name = cache.entryName(CHAIN, catalog, "embedded");
    String restored = runner.namespace() + "_restored";
    String copied = runner.namespace() + "_copied";
    ClassCopies copies = new ClassCopies(runner.namespace() + "_copies");
    try {
      cache.store(name, catalog, template);
      NamespaceTemplate copy = cache.load(name, catalog, restored, false).orElseThrow();
      copy.copyTo(catalog, copied, null, copies);

      assertThat(copy.shape().states()).containsKeys("ledger", "big_ledger");
      assertThat(
              StateChanges.between(copied, copy.shape(), NamespaceTables.capture(catalog, copied))
                  .describe())
          .as("what a copy of the restored template has against the shape it knows, views too")
          .isEqualTo("(no differences)");
      assertThat(template.shape().states())
          .as("the walked template's shape, views included")
          .containsKey("big_ledger")
          .hasToString(NamespaceTables.capture(catalog, template.namespace()).states().toString());
      assertThat(template.views().keySet()).containsExactly("big_ledger");
      assertThat(copy.views().keySet()).containsExactly("big_ledger");
      View back = views.loadView(Namespaces.table(copied, "big_ledger"));
      assertThat(back.versions()).extracting(v -> v.versionId()).containsExactly(1, 2);
      assertThat(back.sqlFor("spark").sql()).isEqualTo("SELECT id, amount FROM ledger");
      assertThat(back.currentVersion().defaultNamespace()).isEqualTo(Namespace.of(copied));
    } finally {
      Namespaces.drop(catalog, copied);
      Namespaces.drop(catalog, restored);
      Namespaces.drop(catalog, template.namespace());
      copies.close();
    }
  }

  @Test
  void aRestoredTemplateGivesItsCopiesEveryEarlierSchema(Catalog catalog, @TempDir Path dir) {
    String walked = "cache_walk_" + java.util.UUID.randomUUID().toString().substring(0, 8);
    MigrationRunner.builder(catalog)
        .namespace(walked)
        .metaNamespace(walked + "_history")
        .source(
            MigrationSource.of(
                TemplateFixtures.V0001__CreateLedger.class,
                TemplateFixtures.V0002__AddCurrency.class,
                TemplateFixtures.V0003__AddAmount.class,
                TemplateFixtures.V0004__SetOwner.class))
        .build()
        .migrate();
    NamespaceTemplate template =
        NamespaceTemplate.capture(
            catalog, walked, walked + "_template", "0004", List.of(), false, uuid -> Map.of());
    TemplateCache cache = new TemplateCache(dir, "1.0");
    String name = cache.entryName(CHAIN, catalog, "embedded");
    cache.store(name, catalog, template);
    ClassCopies copies = new ClassCopies(walked + "_copies");
    try {
      Set<Integer> schemas =
          catalog.loadTable(Namespaces.table(walked, "ledger")).schemas().keySet();
      NamespaceTemplate lean = cache.load(name, catalog, walked + "_lean", false).orElseThrow();
      NamespaceTemplate every = cache.load(name, catalog, walked + "_every", true).orElseThrow();

      assertThat(lean.tables().get("ledger").omitted().keySet())
          .as("the schemas a lean copy of the restored template leaves out")
          .isEqualTo(template.tables().get("ledger").omitted().keySet())
          .hasSize(schemas.size() - 1);
      Map<String, String> at = lean.copyTo(catalog, walked + "_copy", null, copies);
      lean.restoreEarlierSchemas(catalog, walked + "_copy", at);
      assertThat(catalog.loadTable(Namespaces.table(walked + "_copy", "ledger")).schemas().keySet())
          .as("a lean copy's schemas once they are put back before a rollback")
          .isEqualTo(schemas);
      every.copyTo(catalog, walked + "_every_copy", null, copies);
      assertThat(
              catalog
                  .loadTable(Namespaces.table(walked + "_every_copy", "ledger"))
                  .schemas()
                  .keySet())
          .as("the schemas of a copy that keeps every one")
          .isEqualTo(schemas);
    } finally {
      for (String namespace :
          List.of(
              walked,
              walked + "_history",
              walked + "_template",
              walked + "_lean",
              walked + "_every",
              walked + "_copy",
              walked + "_every_copy")) {
        Namespaces.drop(catalog, namespace);
      }
      copies.close();
    }
  }

  /**
   * A template is made of tables and views the toolkit has just made: captured from a walk or
   * restored from the cache, it does not list or load them again for its shape.
   */
  @Test
  void aTemplateReadsNothingBackOfWhatItHasJustMade(
      Catalog catalog, MigrationRunner runner, IcebergTestEnvironment env, @TempDir Path dir)
      throws Exception {
    ((ViewCatalog) catalog)
        .buildView(Namespaces.table(runner.namespace(), "big_ledger"))
        .withSchema(TemplateFixtures.LEDGER.select("id"))
        .withDefaultNamespace(Namespace.of(runner.namespace()))
        .withQuery("spark", "SELECT id FROM ledger")
        .create();
    String captured = runner.namespace() + "_template";
    String restored = runner.namespace() + "_restored";
    try (FaultProxy proxy =
            FaultProxy.start(env.catalogProperties().get("uri"), Duration.ofSeconds(5));
        RESTCatalog proxied = ProxiedClients.catalogThrough(env, proxy)) {
      NamespaceTemplate template =
          NamespaceTemplate.capture(
              proxied, runner.namespace(), captured, "0004", List.of(), false, uuid -> Map.of());
      TemplateCache cache = new TemplateCache(dir, "1.0");
      String name = cache.entryName(CHAIN, catalog, "embedded");
      cache.store(name, catalog, template);
      List<String> afterCapture = List.copyOf(proxy.requests());
      proxy.clearLog();
      cache.load(name, proxied, restored, false).orElseThrow();

      for (String made : List.of(captured, restored)) {
        List<String> requests = made.equals(captured) ? afterCapture : proxy.requests();
        String get = "GET /v1/namespaces/" + made + "/";
        assertThat(requests)
            .as("the requests that made " + made + ": no listing, no view read back")
            .anyMatch(line -> line.startsWith("POST /v1/namespaces/" + made + "/views "))
            .noneMatch(line -> line.startsWith(get + "tables?") || line.startsWith(get + "tables "))
            .noneMatch(line -> line.startsWith(get + "views"));
        assertThat(requests)
            .as("the loads of its table: those of the append of its data files, no more")
            .filteredOn(line -> line.startsWith(get + "tables/ledger"))
            .hasSizeLessThanOrEqualTo(made.equals(captured) ? 2 : 0);
      }
      assertThat(proxy.requests())
          .as(
              "the requests that restored %s: its table staged for its location, never registered",
              restored)
          .noneMatch(line -> line.contains("/register"))
          .noneMatch(line -> line.contains("/transactions/commit"));
    } finally {
      Namespaces.drop(catalog, restored);
      Namespaces.drop(catalog, captured);
    }
  }

  @Test
  void anEditedOrReorderedChainAnotherLibraryVersionOrBackendNameAnotherEntry(
      Catalog catalog, @TempDir Path dir) {
    TemplateCache cache = new TemplateCache(dir, "1.0");
    String name = cache.entryName(CHAIN, catalog, "embedded");

    assertThat(cache.entryName(CHAIN, catalog, "embedded")).as("the same again").isEqualTo(name);
    assertThat(
            List.of(
                cache.entryName("V0001=a;V0002=c;", catalog, "embedded"), // 0002 edited
                cache.entryName("V0001=b;V0002=a;", catalog, "embedded"), // the two swapped
                new TemplateCache(dir, "1.1").entryName(CHAIN, catalog, "embedded"),
                cache.entryName(CHAIN, catalog, "containers")))
        .doesNotContain(name)
        .doesNotHaveDuplicates();
  }

  @Test
  void aDamagedEntryIsAMissWithOneWarningAndIsStoredAnew(
      Catalog catalog, MigrationRunner runner, @TempDir Path dir) throws Exception {
    NamespaceTemplate template = template(catalog, runner);
    TemplateCache cache = new TemplateCache(dir, "1.0");
    String name = cache.entryName(CHAIN, catalog, "embedded");
    String restored = runner.namespace() + "_restored";
    try {
      cache.store(name, catalog, template);
      Files.delete(dir.resolve(name).resolve("ledger-0")); // a data file missing
      assertMiss(cache, name, catalog, restored);

      cache.store(name, catalog, template);
      Path entry = dir.resolve(name).resolve("template.bin");
      byte[] bytes = Files.readAllBytes(entry);
      Files.write(entry, Arrays.copyOf(bytes, bytes.length / 2)); // the entry cut short
      assertMiss(cache, name, catalog, restored);

      cache.store(name, catalog, template);
      assertThat(cache.load(name, catalog, restored, false)).as("stored anew").isPresent();
    } finally {
      Namespaces.drop(catalog, restored);
      Namespaces.drop(catalog, template.namespace());
    }
  }

  private static void assertMiss(TemplateCache cache, String name, Catalog catalog, String restored)
      throws Exception {
    String log =
        StandardError.capture(
            () -> assertThat(cache.load(name, catalog, restored, false)).as("a miss").isEmpty());
    assertThat(log.lines().filter(line -> line.contains("WARN")))
        .as("warnings")
        .singleElement()
        .asString()
        .contains("Cannot use the cached template", name);
    assertThat(((SupportsNamespaces) catalog).namespaceExists(Namespace.of(restored)))
        .as("a namespace left of the miss")
        .isFalse();
  }

  /** A template of the test's own namespace, at head. */
  private static NamespaceTemplate template(Catalog catalog, MigrationRunner runner) {
    return NamespaceTemplate.capture(
        catalog,
        runner.namespace(),
        runner.namespace() + "_template",
        "0004",
        runner.history(),
        false,
        uuid -> Map.of());
  }
}
