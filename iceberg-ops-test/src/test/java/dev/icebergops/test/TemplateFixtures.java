package dev.icebergops.test;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;
import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.runner.MigrationRunner;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.FileIO;
import org.apache.iceberg.io.SupportsPrefixOperations;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Test classes run only through JUnit's EngineTestKit by {@link TemplateCopiesTest} (their names do
 * not end in "Test"), on a chain whose first migration writes rows, so that a template holds data
 * files a test could harm. Every migration counts how often its upgrade and downgrade ran.
 */
final class TemplateFixtures {

  static final Map<String, AtomicInteger> UPGRADES = new ConcurrentHashMap<>();
  static final Map<String, AtomicInteger> DOWNGRADES = new ConcurrentHashMap<>();

  /** The namespaces the fixture tests ran in, or those {@link Sweeper} found. */
  static final Set<String> NAMESPACES = ConcurrentHashMap.newKeySet();

  /** The location of each copied ledger a fixture test saw, with the files of its store. */
  static final Map<String, FileIO> COPIES = new ConcurrentHashMap<>();

  static final Schema LEDGER =
      new Schema(
          required(1, "id", Types.LongType.get()), optional(2, "memo", Types.StringType.get()));

  private TemplateFixtures() {}

  static void reset() {
    SEEN.clear();
    UPGRADES.clear();
    DOWNGRADES.clear();
    NAMESPACES.clear();
    COPIES.clear();
    BUCKETS.clear();
  }

  /** Notes where a test's copy of the ledger is, for {@link FileSweeper}. */
  static void copied(Table ledger) {
    COPIES.put(ledger.location(), ledger.io());
  }

  static int upgrades(String version) {
    return UPGRADES.getOrDefault(version, new AtomicInteger()).get();
  }

  static int downgrades(String version) {
    return DOWNGRADES.getOrDefault(version, new AtomicInteger()).get();
  }

  private static void counted(Map<String, AtomicInteger> counts, String version) {
    counts.computeIfAbsent(version, v -> new AtomicInteger()).incrementAndGet();
  }

  /** Creates the ledger and writes two rows to it: a data migration. */
  public static class V0001__CreateLedger extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      counted(UPGRADES, "0001");
      ctx.createTableIfNotExists("ledger", LEDGER);
      new IcebergTestData(ctx.catalog(), ctx.namespace())
          .append("ledger", Map.of("id", 1L, "memo", "opening"), Map.of("id", 2L, "memo", "fee"));
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      counted(DOWNGRADES, "0001");
      ctx.dropTableIfExists("ledger");
    }
  }

  public static class V0002__AddCurrency extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      counted(UPGRADES, "0002");
      ctx.enforceColumn("ledger", "currency", "string");
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      counted(DOWNGRADES, "0002");
      ctx.deleteColumn("ledger", "currency");
    }
  }

  public static class V0003__AddAmount extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      counted(UPGRADES, "0003");
      ctx.enforceColumn("ledger", "amount", "long");
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      counted(DOWNGRADES, "0003");
      ctx.deleteColumn("ledger", "amount");
    }
  }

  public static class V0004__SetOwner extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      counted(UPGRADES, "0004");
      ctx.setTableProperties("ledger", Map.of("owner", "finance"));
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      counted(DOWNGRADES, "0004");
      ctx.unsetTableProperties("ledger", List.of("owner"));
    }
  }

  /** Builds 0003 directly: the ledger with its currency and amount, and its two rows. */
  public static class B0003__Baseline extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      counted(UPGRADES, "B0003");
      ctx.createTableIfNotExists(
          "ledger",
          new Schema(
              required(1, "id", Types.LongType.get()),
              optional(2, "memo", Types.StringType.get()),
              optional(3, "currency", Types.StringType.get()),
              optional(4, "amount", Types.LongType.get())));
      new IcebergTestData(ctx.catalog(), ctx.namespace())
          .append("ledger", Map.of("id", 1L, "memo", "opening"), Map.of("id", 2L, "memo", "fee"));
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      counted(DOWNGRADES, "B0003");
      ctx.dropTableIfExists("ledger");
    }
  }

  /** 0003's downgrade forgets its column. */
  public static class V0003__AddAmountForgetful extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.enforceColumn("ledger", "amount", "long");
    }

    @Override
    public void downgrade(MigrationContext ctx) {}
  }

  /** 0003 creates a table its downgrade forgets to drop. */
  public static class V0003__CreateAuditForgetful extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.createTableIfNotExists("audit", LEDGER);
    }

    @Override
    public void downgrade(MigrationContext ctx) {}
  }

  static List<Long> ids(IcebergTestData data) {
    return data.rows("ledger").stream().map(row -> (Long) row.get("id")).sorted().toList();
  }

  /**
   * The first test harms its copy every way it can (appends, deletes the data files from the store,
   * drops and purges the table); the tests after it, at the same version and below it, must find
   * their copies as the migrations left them. No rollback after a test: the first leaves no table.
   */
  @IcebergMigrations(
      classes = {
        V0001__CreateLedger.class,
        V0002__AddCurrency.class,
        V0003__AddAmount.class,
        V0004__SetOwner.class
      },
      checkDowngrade = false)
  @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
  @Order(1)
  public static class Vandal {

    @Test
    @Order(1)
    void appendsDeletesDropsAndPurges(Catalog catalog, MigrationRunner runner, IcebergTestData data)
        throws Exception {
      NAMESPACES.add(runner.namespace());
      data.append("ledger", Map.of("id", 99L, "memo", "vandal"));
      TableIdentifier id = TableIdentifier.of(runner.namespace(), "ledger");
      Table ledger = catalog.loadTable(id);
      try (CloseableIterable<FileScanTask> tasks = ledger.newScan().planFiles()) {
        for (FileScanTask task : tasks) {
          ledger.io().deleteFile(task.file().location());
        }
      }
      assertThat(catalog.dropTable(id, true)).isTrue();
    }

    @Test
    @Order(2)
    void findsTheTemplateIntactAtHead(MigrationRunner runner, IcebergTestData data) {
      NAMESPACES.add(runner.namespace());
      assertThat(runner.current()).contains("0004");
      assertThat(ids(data)).containsExactly(1L, 2L);
    }

    @Test
    @Order(3)
    @MigrateTo("0002")
    void findsTheTemplateIntactBelowHead(
        MigrationRunner runner, IcebergTestData data, @IcebergTable("ledger") Table ledger) {
      NAMESPACES.add(runner.namespace());
      assertThat(runner.current()).contains("0002");
      assertThat(ledger.schema().findField("currency")).isNotNull();
      assertThat(ledger.schema().findField("amount")).isNull();
      assertThat(ids(data)).containsExactly(1L, 2L);
    }

    @Test
    @Order(4)
    void runsAgainAtHeadAfterTheOthers(
        MigrationRunner runner, IcebergTestData data, @IcebergTable("ledger") Table ledger) {
      NAMESPACES.add(runner.namespace());
      copied(ledger);
      data.append("ledger", Map.of("id", 3L));
      assertThat(ids(data)).containsExactly(1L, 2L, 3L);
    }
  }

  /**
   * A test at head (a lean copy) that writes an object under its copy's location which no metadata
   * names, as a writer that failed before its commit leaves one: a purge would not find it.
   */
  @IcebergMigrations(classes = {V0001__CreateLedger.class, V0002__AddCurrency.class})
  public static class LeavesAnUncommittedFile {
    @Test
    void writesAFileItNeverCommits(@IcebergTable("ledger") Table ledger) throws Exception {
      copied(ledger);
      try (var out = ledger.io().newOutputFile(ledger.location() + "/data/uncommitted").create()) {
        out.write(1);
      }
    }
  }

  /** Tests that move the namespace on or back: each is brought back to where it started. */
  @IcebergMigrations(
      classes = {
        V0001__CreateLedger.class,
        V0002__AddCurrency.class,
        V0003__AddAmount.class,
        V0004__SetOwner.class
      })
  @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
  public static class MovesOn {

    @Test
    @Order(1)
    @MigrateTo("0002")
    void migratesToHead(MigrationRunner runner) {
      assertThat(runner.migrate().versions()).containsExactly("0003", "0004");
    }

    @Test
    @Order(2)
    void rollsBackBelowItsStart(MigrationRunner runner) {
      runner.rollbackTo("0002");
    }
  }

  /**
   * A test that migrates its copy on with a runner it built itself, not the injected one: it is
   * rolled back all the same.
   */
  @IcebergMigrations(
      classes = {
        V0001__CreateLedger.class,
        V0002__AddCurrency.class,
        V0003__AddAmount.class,
        V0004__SetOwner.class
      })
  public static class MovesOnWithARunnerOfItsOwn {
    @Test
    @MigrateTo("0002")
    void migratesToHeadWithItsOwnRunner(MigrationRunner runner) {
      assertThat(runner.toBuilder().build().migrate().versions()).containsExactly("0003", "0004");
    }
  }

  /** 0003's downgrade leaves its table behind. */
  @IcebergMigrations(
      classes = {
        V0001__CreateLedger.class,
        V0002__AddCurrency.class,
        V0003__CreateAuditForgetful.class
      })
  public static class ForgetfulAtHead {
    @Test
    void ordinaryTest(@IcebergTable("audit") Table audit) {
      assertThat(audit).isNotNull();
    }
  }

  /** The same with every test rolled back to {@code downTo}. */
  @IcebergMigrations(
      classes = {
        V0001__CreateLedger.class,
        V0002__AddCurrency.class,
        V0003__CreateAuditForgetful.class
      },
      fullRollbackEachTest = true)
  public static class ForgetfulFullRollback {
    @Test
    void ordinaryTest(@IcebergTable("audit") Table audit) {
      assertThat(audit).isNotNull();
    }
  }

  /** A test that applies the forgetful version itself. */
  @IcebergMigrations(
      classes = {
        V0001__CreateLedger.class,
        V0002__AddCurrency.class,
        V0003__AddAmountForgetful.class
      })
  public static class ForgetfulFromBelow {
    @Test
    @MigrateTo("0002")
    void appliesTheForgetfulVersion(MigrationRunner runner) {
      runner.migrate();
    }
  }

  /** Four tests at two versions, run at once, each writing and reading its own rows. */
  @IcebergMigrations(
      classes = {
        V0001__CreateLedger.class,
        V0002__AddCurrency.class,
        V0003__AddAmount.class,
        V0004__SetOwner.class
      })
  public static class ParallelCopies {

    @Test
    void first(IcebergTestData data) {
      writesAndReadsItsOwnRows(data, 10L);
    }

    @Test
    void second(IcebergTestData data) {
      writesAndReadsItsOwnRows(data, 20L);
    }

    @Test
    @MigrateTo("0002")
    void third(IcebergTestData data) {
      writesAndReadsItsOwnRows(data, 30L);
    }

    @Test
    @MigrateTo("0002")
    void fourth(IcebergTestData data) {
      writesAndReadsItsOwnRows(data, 40L);
    }

    private static void writesAndReadsItsOwnRows(IcebergTestData data, long id) {
      data.append("ledger", Map.of("id", id));
      assertThat(ids(data)).containsExactly(1L, 2L, id);
    }
  }

  /** A chain with a baseline at 0003: a template at head starts from the baseline. */
  @IcebergMigrations(
      classes = {
        V0001__CreateLedger.class,
        V0002__AddCurrency.class,
        V0003__AddAmount.class,
        B0003__Baseline.class,
        V0004__SetOwner.class
      })
  @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
  public static class WithBaseline {

    @Test
    @Order(1)
    @MigrateTo("0002")
    void startsBelowTheBaseline(MigrationRunner runner, IcebergTestData data) {
      assertThat(runner.current()).contains("0002");
      assertThat(ids(data)).containsExactly(1L, 2L);
    }

    @Test
    @Order(2)
    void startsAtHeadFromTheBaseline(MigrationRunner runner, IcebergTestData data) {
      assertThat(runner.current()).contains("0004");
      assertThat(runner.baseline()).map(b -> b.version()).contains("0003");
      assertThat(ids(data)).containsExactly(1L, 2L);
    }
  }

  /** 0004 edited: the owner is sales. */
  public static class V0004__SetOwnerEdited extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      counted(UPGRADES, "0004");
      ctx.setTableProperties("ledger", Map.of("owner", "sales"));
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      ctx.unsetTableProperties("ledger", List.of("owner"));
    }
  }

  /** {@link WithBaseline} with 0004 edited: its template at 0002 is the same, at head not. */
  @IcebergMigrations(
      classes = {
        V0001__CreateLedger.class,
        V0002__AddCurrency.class,
        V0003__AddAmount.class,
        B0003__Baseline.class,
        V0004__SetOwnerEdited.class
      })
  public static class WithBaselineEdited extends WithBaseline {}

  /**
   * {@link WithBaseline} with the test at head first: its template still starts from the baseline,
   * though a test below the baseline is still to come.
   */
  @IcebergMigrations(
      classes = {
        V0001__CreateLedger.class,
        V0002__AddCurrency.class,
        V0003__AddAmount.class,
        B0003__Baseline.class,
        V0004__SetOwner.class
      })
  @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
  public static class WithBaselineHeadFirst {

    @Test
    @Order(1)
    void startsAtHeadFromTheBaseline(MigrationRunner runner, IcebergTestData data) {
      assertThat(runner.baseline()).map(b -> b.version()).contains("0003");
      assertThat(runner.history())
          .first()
          .extracting(HistoryRecord::operation)
          .isEqualTo("baseline");
      assertThat(ids(data)).containsExactly(1L, 2L);
    }

    @Test
    @Order(2)
    @MigrateTo("0002")
    void startsBelowTheBaseline(MigrationRunner runner, IcebergTestData data) {
      assertThat(runner.current()).contains("0002");
      assertThat(ids(data)).containsExactly(1L, 2L);
    }
  }

  /**
   * A test that leaves a table of its own in its copy and renames the copied ledger: the drop after
   * it must find both, though it drops the copied tables by name.
   */
  @IcebergMigrations(
      classes = {V0001__CreateLedger.class, V0002__AddCurrency.class},
      checkDowngrade = false)
  @Order(1)
  public static class LeavesTablesBehind {
    @Test
    void createsATableAndRenamesTheLedger(Catalog catalog, MigrationRunner runner) {
      SEEN.put("LeavesTablesBehind", List.of(runner.namespace()));
      catalog.createTable(TableIdentifier.of(runner.namespace(), "scratch"), LEDGER);
      catalog.renameTable(
          TableIdentifier.of(runner.namespace(), "ledger"),
          TableIdentifier.of(runner.namespace(), "ledger_moved"));
    }
  }

  /** The bucket of each store a fixture test wrote to, by its root, with the store's files. */
  static final Map<String, FileIO> BUCKETS = new ConcurrentHashMap<>();

  /**
   * The first test deletes a data file of its class's template itself (found among the catalog's
   * namespaces), not of its copy; the second, at the same version, must still get an intact copy.
   */
  @IcebergMigrations(
      classes = {V0001__CreateLedger.class, V0002__AddCurrency.class},
      checkDowngrade = false)
  @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
  @Order(1)
  public static class TemplateVandal {

    @Test
    @Order(1)
    void deletesADataFileOfTheTemplate(Catalog catalog) throws Exception {
      Namespace template =
          ((SupportsNamespaces) catalog)
              .listNamespaces().stream()
                  .filter(ns -> ns.toString().startsWith("templatevandal_at_0002_"))
                  .findFirst()
                  .orElseThrow();
      Table ledger = catalog.loadTable(TableIdentifier.of(template, "ledger"));
      String location = ledger.location();
      BUCKETS.put(location.substring(0, location.indexOf('/', "s3://".length()) + 1), ledger.io());
      try (CloseableIterable<FileScanTask> tasks = ledger.newScan().planFiles()) {
        String file = tasks.iterator().next().file().location();
        ledger.io().deleteFile(file);
        SEEN.put("TemplateVandal", List.of(template.toString(), file));
      }
    }

    @Test
    @Order(2)
    void getsAnIntactCopyAfterwards(MigrationRunner runner, IcebergTestData data) {
      assertThat(runner.current()).contains("0002");
      assertThat(ids(data)).containsExactly(1L, 2L);
    }
  }

  /**
   * Run last in an engine run: lists the objects of no bytes in each bucket of {@link #BUCKETS}.
   */
  @IcebergMigrations(classes = V0001__CreateLedger.class)
  @Order(Integer.MAX_VALUE)
  public static class EmptyObjectSweeper {
    @Test
    @MigrateTo("0000")
    void listsTheEmptyObjectsOfEachBucket() {
      List<Object> empty = new java.util.ArrayList<>();
      BUCKETS.forEach(
          (root, io) ->
              ((SupportsPrefixOperations) io)
                  .listPrefix(root)
                  .forEach(
                      file -> {
                        if (file.size() == 0) {
                          empty.add(file.location());
                        }
                      }));
      SEEN.put("EmptyObjectSweeper", empty);
    }
  }

  /** Run after another fixture class in the same engine run: lists the catalog's namespaces. */
  @IcebergMigrations(classes = V0001__CreateLedger.class)
  @Order(2)
  public static class Sweeper {
    @Test
    @MigrateTo("0000")
    void listsTheNamespacesLeft(Catalog catalog) {
      ((SupportsNamespaces) catalog)
          .listNamespaces().stream().map(Namespace::toString).forEach(NAMESPACES::add);
    }
  }

  /**
   * Run last in an engine run, once every other class has ended: lists the files left under the
   * location of each copy in {@link #COPIES}.
   */
  @IcebergMigrations(classes = V0001__CreateLedger.class)
  @Order(Integer.MAX_VALUE)
  public static class FileSweeper {
    @Test
    @MigrateTo("0000")
    void listsTheFilesLeftUnderEachCopy() {
      List<Object> left = new java.util.ArrayList<>();
      COPIES.forEach(
          (location, io) ->
              ((SupportsPrefixOperations) io)
                  .listPrefix(location + "/")
                  .forEach(file -> left.add(file.location())));
      SEEN.put("FileSweeper", left);
    }
  }

  /** A class at head of {@link Vandal}'s chain: its copy must be the same, from whichever walk. */
  @IcebergMigrations(
      classes = {
        V0001__CreateLedger.class,
        V0002__AddCurrency.class,
        V0003__AddAmount.class,
        V0004__SetOwner.class
      })
  public static class SameChain {
    @Test
    void startsFromACopyAtHead(MigrationRunner runner, IcebergTestData data) {
      NAMESPACES.add(runner.namespace());
      assertThat(runner.current()).contains("0004");
      assertThat(ids(data)).containsExactly(1L, 2L);
    }
  }

  /** Another class at the same chain and version as {@link SameChain}. */
  public static class SameChainAgain extends SameChain {}

  /** {@link SameChain} with 0003 edited (its downgrade no longer drops the column). */
  @IcebergMigrations(
      classes = {
        V0001__CreateLedger.class,
        V0002__AddCurrency.class,
        V0003__AddAmountForgetful.class,
        V0004__SetOwner.class
      })
  public static class SameChainEdited extends SameChain {}

  /** 0002 cannot be applied: no template at head can be built. */
  public static class V0002__Locked extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      counted(UPGRADES, "0002");
      throw new IllegalStateException("the ledger is locked");
    }

    @Override
    public void downgrade(MigrationContext ctx) {}
  }

  /** A class at head of a chain whose 0002 fails. */
  @IcebergMigrations(classes = {V0001__CreateLedger.class, V0002__Locked.class})
  public static class LockedChain {
    @Test
    void atHead(MigrationRunner runner) {
      NAMESPACES.add(runner.namespace());
    }
  }

  /** Another class at the same chain and version as {@link LockedChain}. */
  public static class LockedChainAgain extends LockedChain {}

  /** What each test of {@link EverySchema} and {@link CurrentSchemaOnly} saw, by test. */
  static final Map<String, List<Object>> SEEN = new ConcurrentHashMap<>();

  /**
   * Two tests at head, in order: each records its ledger's schema ids, the id a new column gets,
   * and how many snapshots the class's history table has (0 when it does not exist: a copy that
   * migrates nothing reads its template's rows and writes none).
   */
  abstract static class SchemaCopies {
    @Test
    @Order(1)
    void first(MigrationRunner runner, Catalog catalog, @IcebergTable("ledger") Table ledger) {
      record("first", runner, catalog, ledger);
    }

    @Test
    @Order(2)
    void second(MigrationRunner runner, Catalog catalog, @IcebergTable("ledger") Table ledger) {
      record("second", runner, catalog, ledger);
    }

    private void record(String test, MigrationRunner runner, Catalog catalog, Table ledger) {
      copied(ledger);
      List<Integer> schemaIds = List.copyOf(new java.util.TreeSet<>(ledger.schemas().keySet()));
      int current = ledger.schema().schemaId();
      ledger.updateSchema().addColumn("note", Types.StringType.get()).commit();
      int noteId = ledger.schema().findField("note").fieldId();
      int historySnapshots = 0;
      TableIdentifier history = runner.historyTable().tableIdentifier();
      if (catalog.tableExists(history)) {
        for (var ignored : catalog.loadTable(history).snapshots()) {
          historySnapshots++;
        }
      }
      SEEN.put(
          getClass().getSimpleName() + "." + test,
          List.of(schemaIds, current, noteId, historySnapshots, runner.current().orElse("none")));
    }
  }

  /**
   * A test at 0002 of a copy that migrates to head: records the history rows stored for its
   * namespace before (none: its runner reads the template's), the version its runner read, and the
   * rows stored after, as {@code <version> <status>}.
   */
  @IcebergMigrations(
      classes = {
        V0001__CreateLedger.class,
        V0002__AddCurrency.class,
        V0003__AddAmount.class,
        V0004__SetOwner.class
      })
  public static class MigratesACopy {
    @Test
    @MigrateTo("0002")
    void migratesToHead(MigrationRunner runner) {
      List<String> before = stored(runner);
      String read = runner.current().orElse("none");
      runner.migrate();
      SEEN.put("MigratesACopy", List.of(before, read, stored(runner)));
    }

    private static List<String> stored(MigrationRunner runner) {
      return runner.historyTable().load(runner.namespace()).rows().stream()
          .map(row -> row.version() + " " + row.status())
          .toList();
    }
  }

  @IcebergMigrations(
      classes = {
        V0001__CreateLedger.class,
        V0002__AddCurrency.class,
        V0003__AddAmount.class,
        V0004__SetOwner.class
      },
      copySchemaHistory = true)
  @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
  public static class EverySchema extends SchemaCopies {}

  @IcebergMigrations(
      classes = {
        V0001__CreateLedger.class,
        V0002__AddCurrency.class,
        V0003__AddAmount.class,
        V0004__SetOwner.class
      },
      copySchemaHistory = false)
  @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
  public static class CurrentSchemaOnly extends SchemaCopies {}

  /** 0002's downgrade makes the ledger's first schema (id 0) current again. */
  public static class V0002__AddCurrencyRestoring extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.enforceColumn("ledger", "currency", "string");
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      ctx.restoreSchema("ledger", 0);
    }
  }

  /**
   * A test at head (a lean copy by default) that rolls back below its start, through a downgrade
   * that looks up the ledger's first schema: it records the ledger's schema ids before and after.
   */
  @IcebergMigrations(
      classes = {
        V0001__CreateLedger.class,
        V0002__AddCurrencyRestoring.class,
        V0003__AddAmount.class,
        V0004__SetOwner.class
      })
  public static class RollsBackThroughAnEarlierSchema {

    @Test
    void rollsBackToTheFirstVersion(
        MigrationRunner runner, Catalog catalog, @IcebergTable("ledger") Table ledger) {
      copied(ledger);
      List<Integer> before = List.copyOf(new java.util.TreeSet<>(ledger.schemas().keySet()));
      runner.rollbackTo("0001");
      Table after = catalog.loadTable(TableIdentifier.of(runner.namespace(), "ledger"));
      SEEN.put(
          "RollsBackThroughAnEarlierSchema",
          List.of(
              before,
              List.copyOf(new java.util.TreeSet<>(after.schemas().keySet())),
              after.schema().schemaId(),
              after.snapshots().iterator().hasNext(),
              metadataFilesNotNamedAsIcebergDoes(after)));
    }

    /** Iceberg's REST server warns, with a stack trace, of a file it cannot take a version from. */
    private static List<String> metadataFilesNotNamedAsIcebergDoes(Table table) {
      org.apache.iceberg.TableMetadata metadata =
          ((org.apache.iceberg.HasTableOperations) table).operations().current();
      List<String> files = new java.util.ArrayList<>();
      metadata.previousFiles().forEach(entry -> files.add(entry.file()));
      files.add(metadata.metadataFileLocation());
      return files.stream()
          .map(file -> file.substring(file.lastIndexOf('/') + 1))
          .filter(name -> !name.matches("\\d{5}-[0-9a-f-]{36}\\.metadata\\.json"))
          .toList();
    }
  }
}
