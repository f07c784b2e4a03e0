package dev.icebergops.test;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.migration.MigrationFactory;
import dev.icebergops.migration.ResolvedMigration;
import dev.icebergops.migration.SkippedMigration;
import dev.icebergops.migration.TableNames;
import dev.icebergops.runner.MigrationException;
import dev.icebergops.runner.MigrationResult;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.state.NamespaceTables;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.test.internal.StateChanges;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.NoSuchNamespaceException;
import org.apache.iceberg.io.FileIO;
import org.apache.iceberg.io.SupportsPrefixOperations;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.opentest4j.AssertionFailedError;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** One test's namespace: migrated before the test, rolled back, checked and dropped after it. */
final class TestNamespace {

  private static final Logger LOG = LoggerFactory.getLogger(IcebergMigrations.class);
  private static final String BASE = MigrationRunner.BASE_VERSION;

  private final IcebergTestEnvironment environment;
  private final SuiteSettings settings;
  private final String testName;
  private String name;
  private MigrationRunner runner;
  private final ClassHistory history;
  private final MigrationFactory factory;
  private final ClassTemplates templates;
  private NamespaceTables baseline;

  /** The template this test's namespace was copied from, or null when it was migrated. */
  private NamespaceTemplate template;

  /** The version of the snapshot the namespace started from, or null when it did not. */
  private String snapshotVersion;

  /** Where the copy's tables are, by name; empty when the namespace was migrated. */
  private Map<String, String> copied = Map.of();

  /** Whether the earlier schemas a lean copy left out were put back (before its first rollback). */
  private boolean schemasRestored;

  private List<ResolvedMigration> migrations = List.of();

  /** The migrations as the class resolved them, or null to resolve them with this runner. */
  private List<ResolvedMigration> classMigrations;

  /**
   * The shape at each allowed irreversible version, shared by the tests of one class: the same
   * migrations give the same shape in any namespace.
   */
  private final Map<String, NamespaceTables> irreversibleBaselines;

  /**
   * A namespace whose migrations {@code factory} creates, with its history in {@code history}. The
   * shapes at allowed irreversible versions are shared through {@code irreversibleBaselines}; the
   * namespace starts as a copy of one of {@code templates} when it can, and is migrated itself when
   * {@code templates} is null or has no template for its version.
   */
  TestNamespace(
      IcebergTestEnvironment environment,
      SuiteSettings settings,
      String testName,
      MigrationFactory factory,
      ClassHistory history,
      Map<String, NamespaceTables> irreversibleBaselines,
      ClassTemplates templates) {
    this.irreversibleBaselines = irreversibleBaselines;
    this.templates = templates;
    this.factory = factory;
    this.environment = environment;
    this.settings = settings;
    this.testName = testName;
    this.history = history;
    name(uniqueName(settings, testName));
  }

  /**
   * Takes the migrations as its class resolved them once, instead of resolving them again for each
   * test (at hundreds of migrations that costs more than copying a template): a test namespace's
   * random name never selects a package of its own, so its runner would find the same set.
   */
  TestNamespace knowing(List<ResolvedMigration> classMigrations) {
    this.classMigrations = classMigrations;
    return this;
  }

  /** Names the namespace, before anything is created in it, and builds its runner. */
  private void name(String namespace) {
    this.name = namespace;
    this.runner =
        MigrationRunner.builder(environment.catalog())
            .namespace(namespace)
            .metaNamespace(history.metaNamespace())
            .factory(factory)
            .source(settings.source())
            .beforeDowngrades(versions -> restoreEarlierSchemas())
            .build();
  }

  /**
   * Before the first rollback in a lean copy of a template, puts back the earlier schemas the copy
   * left out, since a downgrade may look one up ({@code restoreSchema}, say): from then on the copy
   * has every schema a migrated namespace would have.
   */
  private void restoreEarlierSchemas() {
    if (template == null || schemasRestored || !template.hasLeanCopies()) {
      return;
    }
    long start = System.nanoTime();
    template.restoreEarlierSchemas(catalog(), name, copied);
    schemasRestored = true;
    LOG.info(
        "Restored the earlier schemas of the copy {} before its first rollback in {} ms",
        name,
        (System.nanoTime() - start) / 1_000_000);
  }

  /** {@code <prefix>_<name>_<random>}, lower case, letters, digits and underscores only. */
  static String uniqueName(SuiteSettings settings, String testName) {
    String prefix =
        settings.namespacePrefix().isEmpty()
            ? settings.testClass().getSimpleName()
            : settings.namespacePrefix();
    String base = sanitize(prefix) + "_" + sanitize(testName);
    if (base.length() > 48) {
      base = base.substring(0, 48);
    }
    return base + "_" + UUID.randomUUID().toString().replace("-", "").substring(0, 8);
  }

  private static String sanitize(String text) {
    return text.toLowerCase(java.util.Locale.ROOT)
        .replaceAll("[^a-z0-9]+", "_")
        .replaceAll("^_|_$", "");
  }

  String name() {
    return name;
  }

  MigrationRunner runner() {
    return runner;
  }

  Catalog catalog() {
    return environment.catalog();
  }

  IcebergTestEnvironment environment() {
    return environment;
  }

  /** The migrations resolved by {@link #prepare(String)}. */
  List<ResolvedMigration> migrations() {
    return migrations;
  }

  /** The classes that look like migrations but that the source leaves out for this namespace. */
  List<SkippedMigration> skipped() {
    return runner.source().skipped(name);
  }

  /**
   * Checks the configured versions exist, then brings the namespace to the target: a copy of the
   * class's template at that version when there is one, else by migrating it (recording the shapes
   * at {@code downTo} and at the allowed irreversible versions on the way).
   */
  void prepare(String target) {
    long start = System.nanoTime();
    Set<String> known =
        knownVersions(
            settings,
            () -> {
              migrations = classMigrations != null ? classMigrations : runner.migrations();
              return migrations;
            });
    checkKnown(settings, known, target, "the target of " + testName);
    checkKnown(settings, known, settings.downTo(), "downTo");
    for (String version : settings.irreversible()) {
      checkKnown(settings, known, version, "irreversible");
    }
    for (String version : settings.dropsData()) {
      checkKnown(settings, known, version, "dropsData");
    }
    if (settings.startFrom() != null) {
      snapshotVersion = SnapshotStart.register(settings, runner);
      baseline = NamespaceTables.capture(catalog(), name);
      if (!BASE.equals(target)) { // at 0000 (the standard checks'), a test starts at the snapshot
        SnapshotStart.migrate(settings, runner, snapshotVersion, target);
      }
      LOG.info(
          "Prepared namespace {} from the snapshot {} for {} in {} ms",
          name,
          settings.startFrom(),
          testName,
          (System.nanoTime() - start) / 1_000_000);
      return;
    }
    if (copyTemplate(target == null ? head() : target, start)) {
      return;
    }
    String current = BASE;
    if (!BASE.equals(settings.downTo())) {
      current = reached(runner.migrate(settings.downTo()));
    }
    baseline = NamespaceTables.capture(catalog(), name);
    for (String version : new TreeSet<>(settings.irreversible())) {
      if (version.compareTo(settings.downTo()) > 0
          && (target == null || version.compareTo(target) <= 0)) {
        current = reached(runner.migrate(version));
        irreversibleBaselines.putIfAbsent(version, NamespaceTables.capture(catalog(), name));
      }
    }
    if (!BASE.equals(target)) {
      current = reached(runner.migrate(target));
    }
    LOG.info(
        "Prepared namespace {} at {} for {} in {} ms",
        name,
        current,
        testName,
        (System.nanoTime() - start) / 1_000_000);
  }

  /** Makes the namespace a copy of the template at {@code version}, if the class has one. */
  private boolean copyTemplate(String version, long start) {
    if (templates == null || BASE.equals(version) || version.compareTo(settings.downTo()) < 0) {
      return false;
    }
    template = templates.at(version).orElse(null);
    if (template == null) {
      return false;
    }
    // a namespace whose history rows were written with the template's needs no history write
    Optional<String> seeded = template.claim(testName);
    seeded.ifPresent(this::name);
    copied = template.copyTo(catalog(), name, seeded.isPresent() ? null : runner);
    LOG.info(
        "Prepared namespace {} at {} for {} from its class's template in {} ms",
        name,
        version,
        testName,
        (System.nanoTime() - start) / 1_000_000);
    return true;
  }

  private String head() {
    List<ResolvedMigration> all = migrations;
    return all.isEmpty() ? BASE : all.get(all.size() - 1).version();
  }

  /** The version a run left the namespace at, from its own result: no history read. */
  private static String reached(MigrationResult result) {
    return result.current().orElse(BASE);
  }

  /**
   * The versions {@code load} finds; a migration set that breaks a rule is a configuration error.
   */
  static Set<String> knownVersions(SuiteSettings settings, Supplier<List<ResolvedMigration>> load) {
    try {
      return load.get().stream().map(ResolvedMigration::version).collect(Collectors.toSet());
    } catch (IllegalArgumentException e) {
      throw new ExtensionConfigurationException(
          "Cannot load the migrations of @IcebergMigrations on "
              + settings.testClass().getName()
              + ": "
              + e.getMessage(),
          e);
    }
  }

  static void checkKnown(SuiteSettings settings, Set<String> known, String version, String what) {
    if (version != null && !BASE.equals(version) && !known.contains(version)) {
      throw new ExtensionConfigurationException(
          "Cannot configure "
              + what
              + " of @IcebergMigrations on "
              + settings.testClass().getName()
              + ": no migration has version "
              + version
              + " (known: "
              + known.stream().sorted().collect(Collectors.joining(", "))
              + ")");
    }
  }

  /**
   * Brings the namespace back to where the test started and fails when it differs from then: to the
   * template's version (rolling back what the test applied beyond it, or migrating back up to it),
   * or, for a migrated namespace and with {@link IcebergMigrations#fullRollbackEachTest()}, all the
   * way down to {@code downTo}. A test that started from a template and ran no migration has
   * nothing to roll back: the changes it made to its copy directly go with the namespace.
   *
   * @throws AssertionFailedError naming the irreversible version, or showing what was left behind
   */
  void rollBackAndCheckNoTrace() {
    long start = System.nanoTime();
    boolean full = template == null || settings.fullRollbackEachTest();
    String to =
        snapshotVersion != null ? snapshotVersion : full ? settings.downTo() : template.version();
    NamespaceTables expected =
        template == null ? baseline : full ? templates.downToShape() : template.shape();
    String where =
        snapshotVersion != null
            ? to + ", the version of the snapshot it started from"
            : full || template == null
                ? settings.downTo()
                : to + ", the version it started at (a copy of its class's template)";
    try {
      List<HistoryRecord> rows = runner.history();
      if (!full && template.historyUnchanged(rows)) {
        // no migration ran: what the test did to its copy directly goes with the namespace
        LOG.debug("{} ran no migration in {}: nothing to roll back", testName, name);
        return;
      }
      // a test that never ran a migration (the standard checks' tests, say) has nothing to roll
      // back, and a rollback would take the run lease, creating the history table to do so
      if (rows.stream().anyMatch(row -> above(row, to))) {
        runner.rollbackTo(to);
      } else if (!full && !applied(rows, to)) {
        runner.migrate(to); // the test rolled back below its start
      }
    } catch (MigrationException stopped) {
      if (!stopped.isIrreversible()) {
        throw stopped;
      }
      Throwable e = stopped.getCause();
      String version = runner.current().orElse("?");
      if (settings.irreversible().contains(version)) {
        LOG.info(
            "Rollback of {} after {} stopped at irreversible migration {} (allowed): {}",
            name,
            testName,
            version,
            e.getMessage());
        checkNoTrace(baselineAt(version), version + ", where the rollback stops (irreversible)");
        return;
      }
      throw new AssertionFailedError(
          "Expecting the migrations of "
              + name
              + " to roll back to "
              + to
              + " after "
              + testName
              + ",\nbut migration "
              + version
              + " is irreversible: "
              + e.getMessage()
              + "\n(list it in @IcebergMigrations(irreversible = ...) if that is intended)",
          e);
    }
    checkNoTrace(expected, where);
    LOG.info(
        "Rolled back {} to {} and found no trace in {} ms",
        name,
        to,
        (System.nanoTime() - start) / 1_000_000);
  }

  /** A row of a version above {@code version} that a rollback to it would undo or refuse. */
  private static boolean above(HistoryRecord row, String version) {
    return row.version().compareTo(version) > 0
        && row.status() != HistoryRecord.Status.ROLLED_BACK
        && row.status() != HistoryRecord.Status.PENDING;
  }

  private static boolean applied(List<HistoryRecord> rows, String version) {
    return rows.stream()
        .anyMatch(
            row -> row.version().equals(version) && row.status() == HistoryRecord.Status.APPLIED);
  }

  private void checkNoTrace(NamespaceTables expected, String where) {
    StateChanges diff =
        StateChanges.between(name, expected, NamespaceTables.capture(catalog(), name));
    if (!diff.isEmpty()) {
      throw new AssertionFailedError(
          "Expecting no trace of "
              + testName
              + " in "
              + name
              + " after rolling back to "
              + where
              + ",\nbut the namespace differs from when it was at that version:\n"
              + diff.describe());
    }
  }

  /**
   * The shape at an allowed irreversible version: recorded on the way to a test's target, or, when
   * no test of the class passed it on its way, taken once from a scratch namespace migrated to it.
   */
  private NamespaceTables baselineAt(String version) {
    return irreversibleBaselines.computeIfAbsent(version, this::scratchBaseline);
  }

  private NamespaceTables scratchBaseline(String version) {
    String scratch = name + "_at_" + version;
    try {
      MigrationRunner.builder(catalog())
          .namespace(scratch)
          .metaNamespace(scratch + "_ops")
          .factory(factory)
          .source(settings.source())
          .build()
          .migrate(version);
      return NamespaceTables.capture(catalog(), scratch);
    } finally {
      drop(scratch);
      drop(scratch + "_ops");
    }
  }

  /**
   * Drops every table of the test's namespace, then the namespace; its history rows go with the
   * class's history table.
   */
  void drop() {
    long start = System.nanoTime();
    if (template != null) {
      template.dropCopy(catalog(), name, copied, schemasRestored);
    } else {
      drop(name);
    }
    LOG.info("Dropped namespace {} in {} ms", name, (System.nanoTime() - start) / 1_000_000);
  }

  private void drop(String namespace) {
    drop(catalog(), namespace);
  }

  /**
   * Drops every table of a namespace through the catalog's purge, then the namespace; absent is
   * fine.
   */
  static void drop(Catalog catalog, String namespace) {
    Namespace ns = TableNames.namespace(namespace);
    try {
      for (TableIdentifier table : catalog.listTables(ns)) {
        catalog.dropTable(table, true);
      }
      ((SupportsNamespaces) catalog).dropNamespace(ns);
    } catch (NoSuchNamespaceException e) {
      LOG.debug("Namespace {} was never created", namespace);
    }
  }

  /**
   * Drops a table whose files all lie under {@code location}, and deletes them there in bulk: where
   * the store lists by prefix, rather than through the catalog's purge, which reads the table's
   * metadata and manifests again and deletes each file with a request of its own.
   *
   * <p>A table that no longer exists is left alone, its location included: a test that dropped or
   * renamed it decided where its files go.
   *
   * @return false, having done nothing, when {@code io} cannot delete by prefix
   */
  static boolean dropByLocation(
      Catalog catalog, TableIdentifier table, FileIO io, String location) {
    if (!(io instanceof SupportsPrefixOperations files)) {
      return false;
    }
    if (catalog.dropTable(table, false)) {
      files.deletePrefix(location + "/");
    }
    return true;
  }
}
