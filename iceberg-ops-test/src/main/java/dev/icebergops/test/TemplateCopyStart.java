package dev.icebergops.test;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.runner.MigrationRunner;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.iceberg.catalog.Catalog;
import org.opentest4j.AssertionFailedError;

/**
 * A test namespace that starts as a copy of its class's template at the test's version, with the
 * template's history rows: in a history table of the class's own, its runner reads them until its
 * first history write stores them (a test that migrates nothing writes no history); in a history
 * table the class shares, the copy writes them. After the test, what it applied is rolled back to
 * the template's version and the namespace compared with the template (with {@link
 * IcebergMigrations#fullRollbackEachTest()}, rolled back to {@code downTo} instead).
 */
final class TemplateCopyStart implements NamespaceStart {

  private final SuiteConfig config;
  private final NamespaceTemplate template;
  private final ClassTemplates templates;
  private final ClassCopies copies;
  private final String name;
  private final boolean presumeHistory;

  /** Where the copy's tables are, by name. */
  private Map<String, String> copied = Map.of();

  /** Whether the earlier schemas a lean copy left out were put back (before its first rollback). */
  private boolean schemasRestored;

  TemplateCopyStart(
      SuiteConfig config,
      String testName,
      NamespaceTemplate template,
      ClassTemplates templates,
      ClassCopies copies,
      boolean presumeHistory) {
    this.config = config;
    this.template = template;
    this.templates = templates;
    this.copies = copies;
    this.presumeHistory = presumeHistory;
    this.name = config.uniqueName(testName);
  }

  @Override
  public String name() {
    return name;
  }

  /** The template's rows under this namespace, when its runner reads them rather than the copy. */
  @Override
  public List<HistoryRecord> presumedHistory() {
    return presumeHistory ? template.rowsUnder(name) : List.of();
  }

  @Override
  public ReturnPoint prepare(MigrationRunner runner, String target) {
    copied = template.copyTo(runner.catalog(), name, presumeHistory ? null : runner, copies);
    if (config.fullRollbackEachTest()) {
      return new ReturnPoint(config.downTo(), templates::downToShape, config.downTo(), null);
    }
    String version = template.version();
    return new ReturnPoint(
        version,
        template::shape,
        version + ", the version it started at (a copy of its class's template)",
        template::historyUnchanged);
  }

  /**
   * Before the first rollback in a lean copy of a template, puts back the earlier schemas the copy
   * left out, since a downgrade may look one up ({@code restoreSchema}, say): from then on the copy
   * has every schema a migrated namespace would have.
   */
  @Override
  public void beforeFirstRollback(MigrationRunner runner) {
    if (schemasRestored || !template.hasLeanCopies()) {
      return;
    }
    long start = System.nanoTime();
    template.restoreEarlierSchemas(runner.catalog(), name, copied);
    schemasRestored = true;
    SuiteLog.took(
        "Restored the earlier schemas of the copy {} before its first rollback in {} ms",
        start,
        name);
  }

  /**
   * Checks that the template's data files are all still there: a test that deleted one (its copy
   * has files of its own, so only through the template's namespace) would fail every later copy
   * with the store's "does not exist". The template is built anew for the later tests, and this
   * test fails naming the file.
   */
  @Override
  public void checkShared(String testName) {
    Optional<String> missing = template.missingFile();
    if (missing.isPresent()) {
      templates.forget(template);
      throw new AssertionFailedError(
          ("Cannot keep the template of %s at %s: %s is gone after the test %s, which must leave"
                  + " the template's files alone; the tests after it start from a template built"
                  + " anew")
              .formatted(
                  config.testClass().getSimpleName(), template.version(), missing.get(), testName));
    }
  }

  @Override
  public void drop(Catalog catalog) {
    template.dropCopy(catalog, name, copied, schemasRestored, copies);
  }

  @Override
  public String toString() {
    return "at " + template.version() + " from its class's template";
  }
}
