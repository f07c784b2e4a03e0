package dev.icebergops.test.internal;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.migration.ResolvedMigration;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.runner.MigrationStep;
import dev.icebergops.runner.RunEvent;
import dev.icebergops.runner.spi.RunnerSeam;
import dev.icebergops.state.NamespaceTables;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.Function;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.io.FileIO;

/**
 * One pass over a migration set, from an empty namespace or another {@link JourneyStart}, that
 * yields the verdicts of the standard checks at once: one {@code migrate()} to head and one
 * rollback, the work of the checks done as the runner reports each version. After each upgrade: its
 * idempotency re-run and the data check's rows. At head: the version reached, the contracts, the
 * history rows and the data read back. After each downgrade: the comparison with before the upgrade
 * (the staircase), the data read back, the upgrade again (compared with after the first) and the
 * downgrade again, both called directly like the re-run; at {@code downTo} the no-trace comparison,
 * at the start (0000 from empty) the history rows again. The declarations check classes each
 * upgrade's diff on the way up, and takes no part in the rest.
 *
 * <p>Each check's report is the one its own pass ({@link MigrationChecks}) gives, as long as what
 * the journey adds for the other checks leaves the namespace as a plain pass would: an idempotency
 * re-run that commits nothing, a second upgrade and downgrade that restore the shape (and, for the
 * data check, the rows). When something does not, the checks it may have disturbed have no report
 * here, and the caller runs them on their own.
 *
 * <pre>{@code
 * SharedJourney journey =
 *     SharedJourney.walk(
 *         onEvent -> MigrationRunner.builder(catalog).namespace("sales_journey").onEvent(onEvent)
 *             .source(source).build(),
 *         CheckSettings.defaults(),
 *         null,
 *         JourneyStart.empty(),
 *         WalkSchemas.whenWorthIt());
 * CheckReport reversible = journey.report(StandardCheck.REVERSIBILITY).orElseGet(checks::reversibility);
 * }</pre>
 */
public final class SharedJourney extends Journey {

  /** The checks the journey gives reports for, in the order it runs them. */
  static final List<StandardCheck> CHECKS =
      List.of(
          StandardCheck.UPGRADE_TO_HEAD,
          StandardCheck.REVERSIBILITY,
          StandardCheck.NO_TRACE,
          StandardCheck.IDEMPOTENT_UPGRADES,
          StandardCheck.CONTRACTS,
          StandardCheck.DATA_SURVIVES,
          StandardCheck.HISTORY_AGREES,
          StandardCheck.DESTRUCTIVE_DECLARED);

  /** What a failing upgrade from the start adds to its message (the start's drift), or "". */
  private String startNote = "";

  private final Map<StandardCheck, CheckReport> reports = new LinkedHashMap<>();

  private final SupersededMetadata superseded = new SupersededMetadata();

  /** The schemas the tables keep as the walk goes, the others left out. */
  private final WalkSchemas schemas;

  private List<ContractLocation.Entry> contracts;

  /**
   * Each table's metadata right after the version below each allowed irreversible version, by that
   * version: where the walk down goes on when the version stops it ({@link #below}).
   */
  private final Map<String, Map<String, TableMetadata>> kept = new HashMap<>();

  /** The tables' file IO, which writes the metadata registered below. */
  private FileIO keptIn;

  private SharedJourney(
      Function<Consumer<RunEvent>, MigrationRunner> runners,
      CheckSettings settings,
      ContractLocation contracts,
      JourneyStart start,
      WalkSchemas schemas) {
    super(Objects.requireNonNull(settings, "settings"), Objects.requireNonNull(start, "start"));
    this.schemas = schemas;
    MigrationRunner built = Objects.requireNonNull(runners, "runners").apply(this::step);
    // the journey walks the whole chain of versioned migrations, never a baseline
    this.runner = RunnerSeam.withoutBaselines(built);
    CHECKS.stream()
        .filter(check -> contracts != null || check != StandardCheck.CONTRACTS)
        .forEach(check -> runs.put(check, new CheckRun(check, runner, this.settings, start)));
  }

  /**
   * Walks the journey from {@code start}: the namespace, empty, is first brought to the start
   * (production's shape, say); the journey then walks the versions above the start's version, up to
   * head and back down to it ({@code downTo} below it becomes the start's version), and compares
   * with the start's shape where it would compare with an empty namespace.
   *
   * @param runners builds the runner of the journey's namespace with the given event listener
   * @param settings what the checks tolerate
   * @param contracts the contracts to check at head, or null for no contracts check
   * @param start where the journey starts
   * @param schemas which schemas the tables keep as the walk goes ({@link
   *     WalkSchemas#whenWorthIt()}, say)
   * @return the journey, with the reports of the checks it could give
   */
  public static SharedJourney walk(
      Function<Consumer<RunEvent>, MigrationRunner> runners,
      CheckSettings settings,
      ContractLocation contracts,
      JourneyStart start,
      WalkSchemas schemas) {
    SharedJourney journey = new SharedJourney(runners, settings, contracts, start, schemas);
    try {
      journey.startNote = start.prepare(journey.runner);
      journey.walk(contracts);
    } catch (RuntimeException e) {
      // an outage, say: each check's own pass meets it, or not, and reports it its own way
      journey.disturbAll("the journey failed: " + e);
    } finally {
      journey.superseded.flush();
    }
    journey.runs.forEach((check, run) -> journey.reports.put(check, run.report()));
    journey.reports.forEach(
        (check, report) -> {
          if (schemas.leftOutAny() && !report.passed()) {
            journey.disturb(check, "it failed on a walk that left earlier schemas out");
          }
        });
    return journey;
  }

  /**
   * The report of one check, as its own pass would give it.
   *
   * @param check the check's name, e.g. {@code reversibility}
   * @return the report, or empty when the journey did not check it or may have disturbed it
   */
  public Optional<CheckReport> report(StandardCheck check) {
    return disturbed.containsKey(check)
        ? Optional.empty()
        : Optional.ofNullable(reports.get(check));
  }

  /** Why each check without a report was disturbed, by check. */
  public Map<StandardCheck, String> disturbed() {
    return Collections.unmodifiableMap(disturbed);
  }

  private void walk(ContractLocation location) {
    // every run resolves the migrations, and reports what it meets there
    if (!runs.values().stream().map(CheckRun::resolve).reduce(true, Boolean::logicalAnd)) {
      return;
    }
    // the runs the walk reports its findings to: not the declarations check's, which judges the
    // upgrades only (declarations)
    Map<StandardCheck, CheckRun> active = new LinkedHashMap<>(runs);
    active.remove(StandardCheck.DESTRUCTIVE_DECLARED);
    if (location != null) {
      contracts = HeadChecks.entries(runs.get(StandardCheck.CONTRACTS), location);
      if (contracts == null) {
        active.remove(StandardCheck.CONTRACTS);
      }
    }
    if (!NoTraceCheck.knowsDownTo(runs.get(StandardCheck.NO_TRACE))) {
      active.remove(StandardCheck.NO_TRACE);
    }
    data = new DataCheck(runs.get(StandardCheck.DATA_SURVIVES));
    boolean atBase = false;
    if (up(active)) {
      atHead(active);
      atBase = new Descent(this, active).walk();
    } else {
      // the staircase cannot start, the preview tells how far
      disturb(StandardCheck.REVERSIBILITY, "an upgrade failed before the staircase could start");
      disturb(StandardCheck.DESTRUCTIVE_DECLARED, "an upgrade failed: the preview tells how far");
    }
    if (!atBase) {
      CheckRun.cleanUp(
          active.values()); // to the start's version, each active check told what is left
    }
  }

  /**
   * One migrate() to head, each version's re-run and rows done as the runner reports it.
   *
   * @return whether it reached head
   */
  private boolean up(Map<StandardCheck, CheckRun> active) {
    before.put(migrations().get(0).version(), capture());
    if (!start.isEmpty()) {
      data.reached(start.version(), captured); // production's tables hold rows too
    }
    onStep = step -> upgraded(version(step.version()));
    RuntimeException failure = CheckRun.migrate(runner, null);
    onStep = null;
    if (failure != null) {
      String version =
          failure instanceof dev.icebergops.runner.MigrationException e ? e.version() : null;
      String purpose =
          start.isEmpty() ? null : "to upgrade " + runner.namespace() + " from " + start;
      active.forEach(
          (check, run) -> {
            run.reportUpgradeFailure(failure, target(check, version), purpose);
            if (!startNote.isEmpty()) {
              run.failAt(version == null ? run.head() : version, startNote);
            }
          });
      return false;
    }
    return true;
  }

  /** After a version's upgrade: its shape, its re-run, the data check's rows. */
  private void upgraded(ResolvedMigration migration) {
    String version = migration.version();
    Map<String, Table> was = captured;
    NamespaceTables shape = capture();
    Map<String, Table> tables = captured;
    after.put(version, shape);
    declarations(migration, was, tables);
    CheckRun idempotency = runs.get(StandardCheck.IDEMPOTENT_UPGRADES);
    idempotency.cover(version);
    boolean idempotent = IdempotencyCheck.again(idempotency, migration, shape);
    if (!idempotent) {
      runs.keySet().stream()
          .filter(check -> check != StandardCheck.IDEMPOTENT_UPGRADES)
          .forEach(check -> disturb(check, "upgrade() of " + version + " is not idempotent"));
    }
    // a re-run that committed nothing leaves the tables loaded before it current
    boolean current = idempotent && shape.showsCommits();
    data.reached(version, current ? tables : null);
    next(version).ifPresent(next -> before.put(next, after.get(version)));
    if (current) {
      keepSchemas(version, tables);
    }
    next(version)
        .filter(next -> settings.allowedIrreversible().contains(next))
        .filter(next -> version.compareTo(settings.downTo()) > 0)
        .ifPresent(this::keepBelow);
  }

  /**
   * Keeps each table's current metadata, from which a walk below {@code irreversible} starts
   * ({@link #below}); none when a table does not expose it, and the walk below is then a fresh one.
   */
  private void keepBelow(String irreversible) {
    Map<String, TableMetadata> tables = new TreeMap<>();
    try {
      runs.get(StandardCheck.UPGRADE_TO_HEAD)
          .tables()
          .forEach(
              (name, table) -> {
                tables.put(name, ((HasTableOperations) table).operations().current());
                keptIn = table.io();
              });
      kept.put(irreversible, tables);
    } catch (RuntimeException e) {
      kept.remove(irreversible);
    }
  }

  /**
   * The namespace {@code <journey's>_data_below<version>} at the version below the allowed
   * irreversible version that stopped the walk down, registered from the metadata the walk up kept
   * there, with the journey's history rows up to it; null when none was kept or it cannot be
   * registered.
   */
  @Override
  ScratchNamespace below(CheckRun.Stop stop) {
    Map<String, TableMetadata> tables = kept.remove(stop.version());
    if (tables == null) {
      return null;
    }
    CheckRun data = runs.get(StandardCheck.DATA_SURVIVES);
    String top = data.previous(stop.version());
    List<HistoryRecord> rows =
        data.runner().history().stream().filter(r -> r.version().compareTo(top) <= 0).toList();
    return ScratchNamespace.registered(data, "data_below" + stop.version(), tables, keptIn, rows);
  }

  /** The runner's event listener: hands each version done to the phase under way. */
  private void step(RunEvent event) {
    Consumer<MigrationStep> phase = onStep;
    if (phase == null || !(event instanceof RunEvent.StepDone done)) {
      return;
    }
    try {
      phase.accept(done.step());
    } catch (RuntimeException | Error e) {
      disturbAll("the journey failed after " + done.step().version() + ": " + e);
    }
  }

  private Optional<String> next(String version) {
    return migrations().stream()
        .map(ResolvedMigration::version)
        .filter(v -> v.compareTo(version) > 0)
        .findFirst();
  }

  /** The version each check's own pass migrates to when it meets {@code failed}; null for head. */
  private String target(StandardCheck check, String failed) {
    if (failed == null) {
      return null;
    }
    return switch (check) {
      case REVERSIBILITY, IDEMPOTENT_UPGRADES, DATA_SURVIVES -> failed;
      case NO_TRACE ->
          NoTraceCheck.baselineVersions(runs.get(StandardCheck.NO_TRACE)).stream()
              .filter(v -> v.compareTo(failed) >= 0)
              .findFirst()
              .orElse(null);
      default -> null;
    };
  }

  private void atHead(Map<StandardCheck, CheckRun> active) {
    HeadChecks.reachedHead(runs.get(StandardCheck.UPGRADE_TO_HEAD));
    if (active.containsKey(StandardCheck.CONTRACTS)) {
      HeadChecks.conformsAll(runs.get(StandardCheck.CONTRACTS), contracts);
    }
    HistoryCheck.atHead(runs.get(StandardCheck.HISTORY_AGREES));
    data.atHead();
  }

  /**
   * The namespace's shape right after a version's upgrade on the journey's way up the chain.
   *
   * @param version the version
   * @return the shape, or empty when the journey did not reach it
   */
  public Optional<NamespaceTables> shapeAfter(String version) {
    return Optional.ofNullable(after.get(version));
  }

  /**
   * Captures the namespace's shape, keeping the tables it loaded until the next capture, and
   * deletes the metadata files their commits superseded ({@link SupersededMetadata}).
   */
  @Override
  NamespaceTables capture() {
    Map<String, Table> loaded = new TreeMap<>();
    NamespaceTables shape =
        NamespaceTables.capture(runner.catalog(), runner.namespace(), loaded::put);
    captured = loaded;
    superseded.deleteFrom(loaded);
    return shape;
  }

  /**
   * Once the walk down has passed {@code version} and its checks are done: keeps in the tables the
   * last capture loaded the schemas the versions below can use ({@link WalkSchemas}).
   */
  @Override
  void passedDown(String version) {
    keepSchemas(runs.get(StandardCheck.REVERSIBILITY).previous(version), captured);
  }

  /**
   * Keeps in {@code tables} the schemas the steps from {@code version} down can use ({@link
   * WalkSchemas}). A table that cannot be registered again disturbs every check, which then runs
   * its own pass.
   */
  private void keepSchemas(String version, Map<String, Table> tables) {
    try {
      schemas.keepFor(version, runner.catalog(), runner.namespace(), tables);
    } catch (RuntimeException e) {
      disturbAll("leaving the schemas not needed at " + version + " out failed: " + e);
    }
  }
}
