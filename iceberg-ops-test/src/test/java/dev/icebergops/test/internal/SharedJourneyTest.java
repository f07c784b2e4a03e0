package dev.icebergops.test.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.Destructive;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.MigrationSource;
import dev.icebergops.runner.RunEvent;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.test.fixtures.Broken;
import dev.icebergops.test.fixtures.Sales;
import dev.icebergops.testing.SharedEnvironment;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.apache.iceberg.catalog.TableIdentifier;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The shared journey gives each check the report that the check's own pass gives, field ids,
 * warnings, notes, per-version outcomes and schemas at head included; where a misbehaving migration
 * may have disturbed a check, it gives none, so that the check runs on its own.
 */
@ExtendWith(SharedEnvironment.class)
class SharedJourneyTest {

  private static final ContractLocation CONTRACTS =
      ContractLocation.of("classpath:dev/icebergops/test/internal/contracts/good");

  private static final List<StandardCheck> CHECKS = SharedJourney.CHECKS;

  /** A downgrade that re-adds a column gives it a new field id, again the second time. */
  private static final Set<StandardCheck> RE_ADDED =
      Set.of(StandardCheck.REVERSIBILITY, StandardCheck.NO_TRACE, StandardCheck.DATA_SURVIVES);

  /**
   * Each set's own passes, described: both tests compare against the same passes, so each is run
   * once per set and check, whichever test comes first.
   */
  private static final Map<String, String> OWN_PASSES = new ConcurrentHashMap<>();

  /**
   * Runs a set's own passes two at a time, each in its own namespace: most of this class's time,
   * which a single thread would leave one of two cores idle for.
   */
  private static final ExecutorService OWN_PASS_THREADS =
      Executors.newFixedThreadPool(
          2,
          task -> {
            Thread thread = new Thread(task, "own-pass");
            thread.setDaemon(true);
            return thread;
          });

  private IcebergTestEnvironment environment;

  @BeforeEach
  void setUp(IcebergTestEnvironment environment) {
    this.environment = environment;
  }

  static Stream<Arguments> sets() {
    CheckSettings defaults = CheckSettings.defaults();
    return Stream.of(
        arguments("reversible", Sales.reversible(), defaults, Set.of()),
        arguments(
            "reversible down to 0003",
            Sales.reversible(),
            new CheckSettings(null, "0003", true),
            Set.of()),
        arguments("forgetful", Broken.forgetful(), defaults, Set.of(StandardCheck.REVERSIBILITY)),
        arguments(
            "forgetful layout",
            Broken.forgetfulLayout(),
            defaults,
            Set.of(StandardCheck.REVERSIBILITY)),
        arguments(
            "irreversible, allowed", Broken.irreversible(), Fixture.allowing("0002"), Set.of()),
        arguments(
            "a trace below an allowed irreversible version",
            MigrationSource.of(
                Sales.V0001__CreateOrders.class,
                Sales.V0002__CreateAudit.class,
                Broken.V0004__PromoteQuantity.class),
            Fixture.allowing("0004"),
            Set.of(StandardCheck.REVERSIBILITY)),
        arguments(
            "irreversible", Broken.irreversible(), defaults, Set.of(StandardCheck.REVERSIBILITY)),
        arguments(
            "irreversible at 0004 then forgetful",
            Broken.irreversibleAt0004ThenForgetful(),
            Fixture.allowing("0004"),
            Set.of(StandardCheck.REVERSIBILITY)),
        arguments("leftover", Broken.leftover(), defaults, Set.of(StandardCheck.REVERSIBILITY)),
        arguments("re-added", Broken.reAdded(), defaults, RE_ADDED),
        arguments(
            "replaced table",
            Broken.replacedTable(),
            defaults,
            Set.of(StandardCheck.DATA_SURVIVES)),
        arguments("rename by drop and add", Broken.renameByDropAndAdd(), defaults, RE_ADDED),
        arguments(
            "not idempotent",
            Broken.nonIdempotent(),
            defaults,
            Set.of(
                StandardCheck.UPGRADE_TO_HEAD,
                StandardCheck.REVERSIBILITY,
                StandardCheck.NO_TRACE,
                StandardCheck.CONTRACTS,
                StandardCheck.DATA_SURVIVES,
                StandardCheck.HISTORY_AGREES,
                StandardCheck.DESTRUCTIVE_DECLARED)),
        arguments(
            "exploding", // its failed upgrade leaves the declarations to the preview
            Broken.exploding(),
            defaults,
            Set.of(StandardCheck.REVERSIBILITY, StandardCheck.DESTRUCTIVE_DECLARED)),
        arguments(
            "restoring an earlier schema",
            MigrationSource.of(
                Sales.V0001__CreateOrders.class,
                V0002__AddRegionRestoring.class,
                V0003__AddNote.class),
            defaults,
            Set.of()),
        arguments(
            "restoring the schema before the upgrade",
            MigrationSource.of(
                Sales.V0001__CreateOrders.class,
                V0002__DropTsRestoring.class,
                V0003__AddNote.class),
            CheckSettings.defaults(),
            Set.of()),
        arguments(
            "non-idempotent, restoring the schema before the upgrade",
            MigrationSource.of(Sales.V0001__CreateOrders.class, V0002__DropTsOnce.class),
            CheckSettings.defaults(),
            Set.of()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("sets")
  void eachReportIsTheOneItsOwnPassGives(
      String name, MigrationSource source, CheckSettings settings, Set<StandardCheck> disturbed) {
    Fixture shared = new Fixture(environment);

    SharedJourney journey =
        SharedJourney.walk(
            onEvent -> shared.runner(source, onEvent),
            settings,
            CONTRACTS,
            JourneyStart.empty(),
            WalkSchemas.whenWorthIt());

    assertSameAsOwnPasses(name, journey, shared, source, settings, disturbed);
  }

  /**
   * The walk leaves the schemas no coming step needs out of the tables' metadata (on long chains,
   * {@link WalkSchemas}): with every such schema left out as soon as it can be, each report is
   * still the one the check's own pass gives, and a check that fails is left to its own pass.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("sets")
  void eachReportIsTheSameWithThePassedSchemasLeftOut(
      String name, MigrationSource source, CheckSettings settings, Set<StandardCheck> disturbed) {
    Fixture shared = new Fixture(environment);
    WalkSchemas trimming = WalkSchemas.always();

    SharedJourney journey =
        SharedJourney.walk(
            onEvent -> shared.runner(source, onEvent),
            settings,
            CONTRACTS,
            JourneyStart.empty(),
            trimming);

    Set<StandardCheck> failing = new HashSet<>(disturbed);
    if (trimming.trims() > 0) { // a disturbed check is failing already: its own pass tells nothing
      List<StandardCheck> undisturbed =
          CHECKS.stream().filter(check -> !disturbed.contains(check)).toList();
      ownPasses(name, undisturbed, source, settings)
          .forEach(
              (check, own) -> {
                if (own.startsWith(check + ": failed")) {
                  failing.add(check);
                }
              });
    }
    assertSameAsOwnPasses(name, journey, shared, source, settings, failing);
    if (name.startsWith("reversible") || name.startsWith("restoring")) {
      assertThat(trimming.trims()).as("tables trimmed").isPositive();
    }
  }

  /**
   * A walk keeps few schemas in its tables on its way up as well as down: after each version's
   * upgrade, a table holds its current schema, its highest and the one the version's downgrade
   * restores, not every schema it had; the way down puts back what each downgrade restores, and
   * every check still passes.
   */
  @Test
  void theWalkKeepsFewSchemasInItsTablesAtEveryVersion() {
    Fixture shared = new Fixture(environment);
    Map<String, Integer> schemasAfterUpgrade = new TreeMap<>();
    Consumer<RunEvent> count =
        event -> {
          if (event instanceof RunEvent.StepDone done
              && shared.catalog.tableExists(TableIdentifier.of(shared.ns, "orders"))) {
            schemasAfterUpgrade.putIfAbsent( // the upgrades come first
                done.step().version(),
                shared.catalog.loadTable(TableIdentifier.of(shared.ns, "orders")).schemas().size());
          }
        };

    SharedJourney journey =
        SharedJourney.walk(
            onEvent -> shared.runner(Sales.reversible(), onEvent.andThen(count)),
            CheckSettings.defaults(),
            CONTRACTS,
            JourneyStart.empty(),
            WalkSchemas.always());

    assertThat(journey.disturbed()).isEmpty();
    CHECKS.forEach(check -> assertThat(journey.report(check)).get().matches(CheckReport::passed));
    // head has three schemas (0001's, 0002's column and 0004's rename), which a walk kept until now
    assertThat(schemasAfterUpgrade)
        .containsKeys("0002", "0003", "0004", "0005")
        .allSatisfy((version, schemas) -> assertThat(schemas).as(version).isLessThanOrEqualTo(2));
  }

  /**
   * A downgrade that makes the schema before its upgrade current again ({@code
   * restoreSchemaBeforeUpgrade}) works when the journey upgrades and downgrades the version a
   * second time, as in a run: every check's report comes from the journey, none is left to its own
   * pass; an upgrade of that kind that cannot run twice is still caught.
   */
  @Test
  void aDowngradeRestoringTheSchemaBeforeItsUpgradeKeepsTheJourneyWhole() {
    Fixture shared = new Fixture(environment);
    MigrationSource source =
        MigrationSource.of(
            Sales.V0001__CreateOrders.class, V0002__DropTsRestoring.class, V0003__AddNote.class);
    Fixture broken = new Fixture(environment);
    MigrationSource once =
        MigrationSource.of(Sales.V0001__CreateOrders.class, V0002__DropTsOnce.class);

    SharedJourney journey =
        SharedJourney.walk(
            onEvent -> shared.runner(source, onEvent),
            CheckSettings.defaults(),
            CONTRACTS,
            JourneyStart.empty(),
            WalkSchemas.whenWorthIt());
    SharedJourney twice =
        SharedJourney.walk(
            onEvent -> broken.runner(once, onEvent),
            CheckSettings.defaults(),
            CONTRACTS,
            JourneyStart.empty(),
            WalkSchemas.whenWorthIt());

    assertThat(journey.disturbed()).isEmpty();
    CHECKS.forEach(check -> assertThat(journey.report(check)).get().matches(CheckReport::passed));
    assertThat(twice.report(StandardCheck.IDEMPOTENT_UPGRADES).orElseThrow().failures())
        .containsExactly(
            "Expecting upgrade() of migration 0002 (Drop ts once) to be idempotent, but running"
                + " it again on its own result threw java.lang.IllegalArgumentException: Cannot"
                + " delete column "
                + broken.ns
                + ".orders.ts: it does not exist");
  }

  /**
   * Below an allowed irreversible version, the walk down goes on from the tables as the walk up
   * left them at the version below it, for every check: the staircase, the no-trace check and the
   * data check all judge those versions on one walk, and no version below is migrated again: in the
   * namespace the walk goes on in, 0001 is first downgraded (then upgraded and downgraded again by
   * the staircase), never first upgraded by a migrate().
   */
  @Test
  void theVersionsBelowAnAllowedIrreversibleVersionAreWalkedOnceAndNotMigratedAgain() {
    Fixture shared = new Fixture(environment);
    MigrationSource source =
        MigrationSource.of(
            V0001__CreateNotedOrders.class,
            Broken.V0002__RetypeAmount.class,
            Sales.V0003__PartitionByDay.class);

    SharedJourney journey =
        SharedJourney.walk(
            onEvent -> shared.runner(source, onEvent),
            Fixture.allowing("0002"),
            CONTRACTS,
            JourneyStart.empty(),
            WalkSchemas.whenWorthIt());

    assertThat(journey.disturbed()).isEmpty();
    assertThat(journey.report(StandardCheck.REVERSIBILITY)).get().matches(CheckReport::passed);
    assertThat(journey.report(StandardCheck.NO_TRACE)).get().matches(CheckReport::passed);
    assertThat(journey.report(StandardCheck.DATA_SURVIVES)).get().matches(CheckReport::passed);
    String below = shared.ns + "_data_below0002";
    assertThat(CALLS.stream().filter(call -> call.startsWith(shared.ns)))
        .containsExactly(
            shared.ns + " up", // the walk up
            shared.ns + " up", // its idempotency re-run
            below + " down",
            below + " up",
            below + " down");
  }

  private void assertSameAsOwnPasses(
      String name,
      SharedJourney journey,
      Fixture shared,
      MigrationSource source,
      CheckSettings settings,
      Set<StandardCheck> disturbed) {
    SoftAssertions softly = new SoftAssertions();
    List<StandardCheck> reported =
        CHECKS.stream().filter(check -> journey.report(check).isPresent()).toList();
    Map<StandardCheck, String> own = ownPasses(name, reported, source, settings);
    for (StandardCheck check : reported) {
      softly
          .assertThat(describe(journey.report(check).get(), shared))
          .as(check.toString())
          .isEqualTo(own.get(check));
    }
    softly.assertThat(journey.disturbed().keySet()).as("disturbed").isEqualTo(disturbed);
    softly.assertAll();
  }

  /** The reports the checks' own passes over the set give, described; run two at a time. */
  private Map<StandardCheck, String> ownPasses(
      String name, List<StandardCheck> checks, MigrationSource source, CheckSettings settings) {
    Map<StandardCheck, CompletableFuture<String>> passes = new EnumMap<>(StandardCheck.class);
    for (StandardCheck check : checks) {
      passes.put(
          check,
          CompletableFuture.supplyAsync(
              () -> ownPass(name, check, source, settings), OWN_PASS_THREADS));
    }
    Map<StandardCheck, String> described = new EnumMap<>(StandardCheck.class);
    passes.forEach((check, pass) -> described.put(check, pass.join()));
    return described;
  }

  /** The report the check's own pass over the set gives, described. */
  private String ownPass(
      String name, StandardCheck check, MigrationSource source, CheckSettings settings) {
    String key = name + " / " + check;
    String described = OWN_PASSES.get(key);
    if (described == null) {
      Fixture own = new Fixture(environment);
      described = describe(GoodSetChecksTest.run(check).apply(own.checks(source, settings)), own);
      OWN_PASSES.putIfAbsent(key, described);
    }
    return described;
  }

  /**
   * Everything a report holds, with the fixture's namespaces written as {@code <ns>} and the stamps
   * of {@link Broken#nonIdempotent()}, which count up across runs, as {@code 's<n>'}.
   */
  private static String describe(CheckReport report, Fixture fixture) {
    TreeMap<String, String> schemas = new TreeMap<>();
    report.headSchemas().forEach((table, schema) -> schemas.put(table, schema.toString()));
    return (report + "\n" + report.versions() + "\n" + schemas)
        .replace(fixture.meta, "<meta>")
        .replace(fixture.ns, "<ns>")
        .replaceAll("'s\\d+'", "'s<n>'");
  }

  /** Each upgrade and downgrade of {@link V0001__CreateNotedOrders}: "ns up", "ns down". */
  private static final List<String> CALLS = new CopyOnWriteArrayList<>();

  /** {@link Sales.V0001__CreateOrders}, noting each upgrade and downgrade with its namespace. */
  public static class V0001__CreateNotedOrders extends Sales.V0001__CreateOrders {
    @Override
    public void upgrade(MigrationContext ctx) {
      CALLS.add(ctx.namespace() + " up");
      super.upgrade(ctx);
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      CALLS.add(ctx.namespace() + " down");
      super.downgrade(ctx);
    }
  }

  /** Its downgrade makes the orders' first schema (id 0) current again. */
  public static class V0002__AddRegionRestoring extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.enforceColumn("orders", "region", "string");
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      ctx.restoreSchema("orders", 0);
    }
  }

  /** Its downgrade makes the schema before its upgrade current again: ts is back, its id kept. */
  @Destructive("drops orders.ts, which holds data")
  public static class V0002__DropTsRestoring extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      if (ctx.loadTable("orders").schema().findField("ts") != null) {
        ctx.deleteColumn("orders", "ts");
      }
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      ctx.restoreSchemaBeforeUpgrade("orders");
    }
  }

  /** As {@link V0002__DropTsRestoring}, but its upgrade fails when run a second time. */
  @Destructive("drops orders.ts, which holds data")
  public static class V0002__DropTsOnce extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.deleteColumn("orders", "ts");
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      ctx.restoreSchemaBeforeUpgrade("orders");
    }
  }

  public static class V0003__AddNote extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.enforceColumn("orders", "note", "string");
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      ctx.deleteColumn("orders", "note");
    }
  }
}
