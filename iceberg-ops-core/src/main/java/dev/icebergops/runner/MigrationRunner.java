package dev.icebergops.runner;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.MigrationHistory;
import dev.icebergops.history.RunLease;
import dev.icebergops.history.internal.HistoryTable;
import dev.icebergops.migration.MigrationFactory;
import dev.icebergops.migration.MigrationSource;
import dev.icebergops.migration.ResolvedMigration;
import dev.icebergops.migration.SkippedMigration;
import dev.icebergops.migration.VersionGap;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.apache.iceberg.catalog.Catalog;

/**
 * Applies, rolls back and reports the migrations of one namespace, recording each version's state
 * in the history table of the same catalog.
 *
 * <pre>{@code
 * MigrationRunner runner = MigrationRunner.builder(catalog)
 *     .namespace("sales")
 *     .source(MigrationSource.classpath("classpath:com/acme/sales/db/iceberg"))
 *     .build();
 * runner.plan();          // what migrate() would apply; writes nothing
 * runner.migrate();       // validates, then applies every pending version in order
 * runner.status();        // one row per version
 * runner.rollback(1);     // runs the newest applied version's downgrade()
 * }</pre>
 *
 * <p><b>One run at a time.</b> {@code migrate}, {@code rollback}, {@code stamp} and {@code repair}
 * hold the namespace's run lease until they end, also on failure, and act only on the state they
 * took it on ({@code migrate} takes it in the same commit as its first version's running row, and
 * writes nothing when validation fails); a second run fails fast with {@link
 * ConcurrentMigrationException} naming the holder (or waits, see {@link Builder#leaseWait}). A
 * lease whose run died is taken over and reported; {@link #releaseLease()} is the operator's way to
 * free it by hand. Different namespaces never block each other.
 *
 * <p><b>Failures are recorded.</b> A version is {@code running} before its first commit; a failed
 * version lists the steps it completed; a {@code running} version whose run died reads as {@link
 * MigrationStatus.State#INTERRUPTED}. {@code migrate} first runs {@link #validate()} and does not
 * start while any version is out of order, missing, edited, failed or interrupted; {@link
 * #repair()}, {@link #rollback(int)} and {@link #stamp(String)} are the ways forward. Rollback
 * never steps past a failed or interrupted version: it undoes that version first.
 *
 * <p><b>Baselines.</b> A baseline migration ({@code B0250__Baseline}) builds the state of its
 * version directly. {@code migrate} applies the highest baseline at or below its target to a
 * namespace that has no history row at all, records it (operation {@code baseline}) and then
 * applies the versions above it; a namespace with any history walks the versioned migrations and
 * ignores baselines, as does every namespace of the test toolkit's journey. The versions below an
 * applied baseline are neither pending nor missing ({@link MigrationStatus.State#BELOW_BASELINE});
 * rolling back to one of them is refused, since the baseline's downgrade goes back to {@value
 * #BASE_VERSION} in one step.
 *
 * <p><b>Bounded.</b> The runner's own reads and writes of the history table each end within {@link
 * Builder#timeout} (60 s by default), naming the endpoint when they do not.
 *
 * <p><b>Migrations are code.</b> {@code plan}, {@code status}, {@code validate}, {@code migrate},
 * {@code rollback}, {@code stamp} and {@code repair} load and instantiate every migration class
 * (static initialisers and constructors run with this runner's catalog credentials) before printing
 * or changing anything; review them as you would any code run against production, and never run an
 * untrusted branch with production credentials. {@code plan}, {@code status}, {@code validate},
 * {@code current}, {@code history}, {@code lease}, {@code preview} and {@code checkDrift} create
 * nothing in the catalog (the last two run migrations on an in-memory shadow of its tables).
 */
public final class MigrationRunner {

  /** The target of {@link #rollbackTo(String)} that rolls back every applied version. */
  public static final String BASE_VERSION = NamespaceState.BASE_VERSION;

  private final RunnerConfig config;
  private final MigrationHistory history;

  /** The reads and read-only operations. */
  private final NamespaceView view;

  /** Migrate, rollback and stamp. */
  private final RunSequence runs;

  /** Repair, forgetting the history, releasing the lease. */
  private final RecordingRuns records;

  private MigrationRunner(RunnerConfig config) {
    this.config = config;
    this.history = new MigrationHistory(config.catalog(), config.metaNamespace());
    HistoryTable table =
        new HistoryTable(config.catalog(), history.tableIdentifier(), config.presumedHistory());
    RemoteCalls remote = new RemoteCalls(config.catalog(), config.timeout());
    this.view = new NamespaceView(table, config, remote);
    this.runs = new RunSequence(view);
    this.records = new RecordingRuns(view);
  }

  /**
   * Starts building a runner for a catalog.
   *
   * @param catalog the catalog holding both the migrated tables and the history table
   * @return the builder
   */
  public static Builder builder(Catalog catalog) {
    return new Builder(catalog);
  }

  /** The namespace this runner migrates. */
  public String namespace() {
    return config.namespace();
  }

  /** The catalog this runner migrates. */
  public Catalog catalog() {
    return config.catalog();
  }

  /** Where the migrations come from. */
  public MigrationSource source() {
    return config.source();
  }

  /**
   * The history table this runner records to, to read (its public methods only read): only the
   * runner's own runs write it.
   */
  public MigrationHistory historyTable() {
    return history;
  }

  /**
   * A builder with every setting of this runner, to build a variant of it, e.g. {@code
   * runner.toBuilder().outOfOrder(true).build()}.
   *
   * @return a new builder; changing it does not change this runner
   */
  public Builder toBuilder() {
    return new Builder(config);
  }

  /**
   * Loads the versioned migrations for this namespace, in version order; resolved once per runner.
   * The baselines are not among them: see {@link #baselines()}.
   *
   * @return the migrations
   * @throws IllegalArgumentException if the migration set breaks a rule (see {@link
   *     MigrationSource#resolve})
   */
  public List<ResolvedMigration> migrations() {
    return view.migrations();
  }

  /**
   * The baseline migrations ({@code B<NNNN>__<Description>}) of this namespace's source, in version
   * order, whether or not this runner applies them.
   *
   * @return the baselines, empty when the source has none
   * @throws IllegalArgumentException if the migration set breaks a rule
   */
  public List<ResolvedMigration> baselines() {
    return view.all().stream().filter(ResolvedMigration::isBaseline).toList();
  }

  /** Whether {@code migrate} applies a baseline to a namespace without history. */
  boolean appliesBaselines() {
    return config.baselines();
  }

  /**
   * The baseline of this namespace: the one that built it (applied, failed or running), or, when
   * the namespace has no history row yet and this runner applies baselines, the one {@code
   * migrate()} to head would apply. Writes nothing.
   *
   * @return the baseline, or empty when the versioned migrations build the namespace
   */
  public Optional<ResolvedMigration> baseline() {
    NamespaceState state = view.readState();
    HistoryRecord row = state.baselineRow();
    return Optional.ofNullable(
        row != null ? state.migration(row.version()) : state.plannedBaseline(null));
  }

  /**
   * The classes and files that look like migrations but that this runner's source leaves out (a
   * migration class in a package near the location, a misnamed file in a migrations directory),
   * each with the reason; see {@link MigrationSource#skipped(String)}. Writes nothing.
   *
   * @return the skipped classes and files, empty when there is none
   * @throws IllegalArgumentException if the migration set breaks a rule
   */
  public List<SkippedMigration> skipped() {
    return view.skipped();
  }

  /**
   * The versions missing between the versioned migrations, for example {@code 0006} between {@code
   * 0005} and {@code 0007}. Not an error (nothing stops {@code migrate}), but often a migration
   * that was not found: {@code status} and {@code plan} on the command line show it. Writes
   * nothing.
   *
   * @return the gaps, lowest first; empty when the versions are consecutive
   * @throws IllegalArgumentException if the migration set breaks a rule
   */
  public List<VersionGap> gaps() {
    return VersionGap.between(migrations().stream().map(ResolvedMigration::version).toList());
  }

  /**
   * Lists the versions {@link #migrate()} would apply, in order. Writes nothing. Failed and
   * interrupted versions are listed only when {@link Builder#validateOnMigrate} is off: otherwise
   * they stop {@code migrate} (see {@link #validate()}). In a namespace without history, the first
   * is the baseline {@code migrate()} would apply, if any ({@link MigrationStatus#isBaseline()}),
   * followed by the versions above it.
   *
   * @return the pending versions (never run, rolled back or repaired; failed and interrupted too
   *     when validation on migrate is off)
   */
  public List<MigrationStatus> plan() {
    NamespaceState state = view.readState();
    Set<String> pending =
        view.pending(state).stream().map(ResolvedMigration::version).collect(Collectors.toSet());
    return state.statuses().stream().filter(s -> pending.contains(s.version())).toList();
  }

  /**
   * Runs every version {@link #plan()} lists, in order, on an in-memory shadow of the live tables
   * and reports what each would change per table, the error a version would fail with and the
   * versions after it that would not be reached, and the steps the shadow cannot run (reads of the
   * live tables' data files; data commits; snapshot expiries and deletes of live files, with what
   * they delete in production). Writes nothing: the live catalog is only read (each table's current
   * metadata), and the shadow's commits and files stay in memory.
   *
   * @return the preview, one entry per pending version
   * @throws IllegalStateException if a live table's metadata cannot be loaded
   */
  public MigrationPreview preview() {
    return new PreviewRun(view).run();
  }

  /**
   * Compares each live table with the state the applied versions produce (replayed from empty, or
   * from the baseline that built the namespace, on an in-memory shadow): columns added by hand or
   * missing, types, docs, nullability, partition fields, sort order, and the properties the
   * migrations set. Writes nothing.
   *
   * @return the differences found, empty when there is no drift
   * @throws IllegalStateException if the namespace has no history ("Cannot check drift of
   *     &lt;namespace&gt;: no such namespace", or it has tables but no history, or neither: never
   *     "no drift" for a mistyped or never migrated namespace), an applied version has no
   *     migration, or replaying one fails
   */
  public DriftReport checkDrift() {
    return new DriftCheck(view).check();
  }

  /**
   * Reports every known version: those with a class, and those recorded in history. Writes nothing.
   * The versions below the baseline that built the namespace (or that {@code migrate()} would apply
   * to a namespace without history) are {@link MigrationStatus.State#BELOW_BASELINE}, and each
   * status names its baseline ({@link MigrationStatus#baselineVersion()}).
   *
   * @return one status per version, in version order
   */
  public List<MigrationStatus> status() {
    NamespaceState state = view.readState();
    return state.statuses().stream().map(s -> withStaged(s, state)).toList();
  }

  /** The status with the staged data branches its failed, running or interrupted row names. */
  private MigrationStatus withStaged(MigrationStatus status, NamespaceState state) {
    List<StagedLeftover> left =
        switch (status.state()) {
          case FAILED, RUNNING, INTERRUPTED ->
              StagedLeftover.of(state.row(status.version()), catalog(), view.remote());
          default -> List.of();
        };
    return left.isEmpty()
        ? status
        : status.withStaged(
            left.stream().map(StagedLeftover::note).collect(Collectors.joining("; ")));
  }

  /**
   * The highest applied version, read from the history table only. Writes nothing.
   *
   * @return the current version, or empty when none is applied
   */
  public Optional<String> current() {
    return Optional.ofNullable(view.current(view.read()));
  }

  /**
   * The history rows of this namespace; loads no migration class and writes nothing.
   *
   * @return the rows in version order
   */
  public List<HistoryRecord> history() {
    return view.read().rows();
  }

  /**
   * Checks the migrations against the history: out-of-order pending versions (unless {@link
   * Builder#outOfOrder}), applied versions whose class is missing, changed checksums, failed and
   * interrupted versions; and, with {@link Builder#failOnSkippedMigrations}, skipped migrations.
   * Writes nothing.
   *
   * @throws MigrationValidationException listing every finding, if there is any
   * @throws MigrationException if migrations are skipped and {@link
   *     Builder#failOnSkippedMigrations} is on
   */
  public void validate() {
    view.checkSkipped("validate");
    view.validate(view.readState(), "validate");
  }

  /**
   * Validates, then applies every pending version in order.
   *
   * @return the versions applied
   * @throws MigrationValidationException if validation finds a problem; nothing is applied
   * @throws MigrationException if an upgrade or its pre-hook fails; the version is recorded as
   *     failed with the steps it completed, the run stops, and {@link
   *     MigrationException#partialResult()} lists what was applied before
   * @throws ConcurrentMigrationException if another run holds the namespace's lease
   */
  public MigrationResult migrate() {
    return migrate(null);
  }

  /**
   * Validates, then applies the pending versions up to and including {@code target}, in order.
   *
   * @param target the highest version to apply, or null for all
   * @return the versions applied
   * @throws IllegalArgumentException if no migration has the target version
   * @throws MigrationValidationException if validation finds a problem
   * @throws MigrationException if an upgrade or its pre-hook fails
   * @throws ConcurrentMigrationException if another run holds the namespace's lease
   */
  public MigrationResult migrate(String target) {
    return runs.migrate(target);
  }

  /**
   * Rolls back the newest {@code steps} versions, newest first. A failed or interrupted version
   * counts as one: its downgrade runs (or, for a failed upgrade that completed no step, it is
   * recorded rolled back directly; a step that got no answer, recorded {@code (outcome unknown)},
   * counts as completed, so write downgrades that tolerate a half-applied version).
   *
   * @param steps how many versions to roll back (more than there are rolls back all)
   * @return the versions rolled back
   * @throws IllegalArgumentException if steps is not positive
   * @throws MigrationException if a version to undo has no class (nothing is rolled back), a
   *     downgrade or its pre-hook fails, or a downgrade is irreversible ({@link
   *     MigrationException#isIrreversible()}); that version stays as it was, the versions after it
   *     stay rolled back, and {@link MigrationException#partialResult()} lists them
   * @throws ConcurrentMigrationException if another run holds the namespace's lease
   */
  public MigrationResult rollback(int steps) {
    return runs.rollback(steps);
  }

  /**
   * Rolls back every version above {@code target}, newest first; {@value #BASE_VERSION} rolls back
   * everything.
   *
   * @param target the version to end at
   * @return the versions rolled back
   * @throws IllegalArgumentException if the target is neither {@value #BASE_VERSION} nor a known
   *     version, or lies between {@value #BASE_VERSION} and the version of the baseline that built
   *     the namespace (whose downgrade goes back to {@value #BASE_VERSION} in one step)
   * @throws MigrationException as for {@link #rollback(int)}
   */
  public MigrationResult rollbackTo(String target) {
    return runs.rollbackTo(target);
  }

  /**
   * Records every version up to and including {@code version} that is not applied (pending, failed
   * or interrupted) as applied without running it, to adopt iceberg-ops on tables that already
   * exist or to accept tables an operator fixed by hand. The live schema is not checked.
   *
   * @param version the version to stamp up to
   * @return the versions stamped
   * @throws IllegalArgumentException if no migration has that version
   * @throws ConcurrentMigrationException if another run holds the namespace's lease
   */
  public MigrationResult stamp(String version) {
    return runs.stamp(version);
  }

  /**
   * The operator's way out, like Flyway's repair: accepts the current checksum of every edited
   * applied version, and marks every failed or interrupted version pending (fix its tables first,
   * or {@link #stamp} it instead to record it applied). A row another writer left unreadable is
   * removed (its raw values are logged), so that its version reads as missing from history; a
   * status another writer spelled another way is stored as iceberg-ops writes it. A failed or
   * interrupted version that left a staged data branch neither published nor dropped needs {@link
   * #repair(StagedRepair)} instead.
   *
   * @return each change made, empty when nothing needed repair
   * @throws ConcurrentMigrationException if another run holds the namespace's lease
   * @throws IllegalStateException naming the branch, if a failed or interrupted version left a
   *     staged data branch unpublished; nothing is changed then
   */
  public RepairResult repair() {
    return records.repair(null);
  }

  /**
   * Repairs as {@link #repair()} does, and first publishes or drops, as {@code staged} says, each
   * branch that a staged data step of a failed or interrupted version left neither published nor
   * dropped (through the repair's lease, like its history write). A published branch is kept, so
   * that the version's next run finds its data published and does not write it again.
   *
   * @param staged publish the branches onto main, or drop them
   * @return each change made, the branches published or dropped among them
   * @throws ConcurrentMigrationException if another run holds the namespace's lease
   * @throws IllegalStateException naming the branch, if {@code staged} is {@code PUBLISH} and a
   *     branch's audit did not pass (nothing is changed then), or another writer committed to main
   *     since it was staged (naming that snapshot; the branches before it are published)
   */
  public RepairResult repair(StagedRepair staged) {
    return records.repair(Objects.requireNonNull(staged, "staged"));
  }

  /**
   * The run lease held on this namespace now, if any. Writes nothing.
   *
   * @return the lease, which may have expired if its run died
   */
  public Optional<RunLease> lease() {
    return view.read().lease();
  }

  /**
   * Releases the namespace's run lease whoever holds it: the operator's unlock, for a run that is
   * known to be gone. A run that still holds it fails on its next write and records nothing more.
   *
   * @return the lease released, or empty when none was held
   */
  public Optional<RunLease> releaseLease() {
    return records.releaseLease();
  }

  /** The seam's forget: see {@link dev.icebergops.runner.spi.RunnerSeam#forgetHistory}. */
  int forgetHistory() {
    return records.forget();
  }

  /** Configures a {@link MigrationRunner}. */
  public static final class Builder {
    private final Catalog catalog;
    private String namespace;
    private MigrationSource source;
    private MigrationFactory factory = MigrationFactory.publicNoArgConstructor();
    private String metaNamespace = MigrationHistory.DEFAULT_META_NAMESPACE;
    private Clock clock = Clock.systemUTC();
    private boolean outOfOrder;
    private boolean validateOnMigrate = true;
    private Duration leaseDuration = Duration.ofSeconds(60);
    private Duration leaseWait = Duration.ZERO;
    private Duration timeout = Duration.ofSeconds(60);
    private Consumer<RunEvent> onEvent = event -> {};
    private boolean baselines = true;
    private boolean failOnSkippedMigrations;
    private List<HistoryRecord> presumedHistory = List.of();

    private Builder(Catalog catalog) {
      this.catalog = Objects.requireNonNull(catalog, "catalog");
    }

    private Builder(RunnerConfig config) {
      this(config.catalog());
      namespace = config.namespace();
      source = config.source();
      factory = config.factory();
      metaNamespace = config.metaNamespace();
      clock = config.clock();
      outOfOrder = config.outOfOrder();
      validateOnMigrate = config.validateOnMigrate();
      leaseDuration = config.leaseDuration();
      leaseWait = config.leaseWait();
      timeout = config.timeout();
      onEvent = config.onEvent();
      baselines = config.baselines();
      failOnSkippedMigrations = config.failOnSkippedMigrations();
      presumedHistory = config.presumedHistory();
    }

    /**
     * Whether {@code migrate} applies baseline migrations ({@code B<NNNN>__<Description>}), on by
     * default: a namespace with no history row at all takes the highest baseline at or below the
     * target, then the versions above it. Off, baselines are never applied and every namespace
     * walks the chain of versioned migrations (as the test toolkit's journey does); a namespace a
     * baseline already built is still read as such.
     *
     * @param value whether to apply baselines
     * @return this builder
     */
    Builder baselines(boolean value) {
      this.baselines = value;
      return this;
    }

    /** See {@link dev.icebergops.runner.spi.RunnerSeam#presumedHistory}. */
    Builder presumedHistory(List<HistoryRecord> rows) {
      this.presumedHistory = List.copyOf(rows);
      return this;
    }

    /** The namespace to migrate; bare table names in migrations are qualified with it. */
    public Builder namespace(String value) {
      this.namespace = value;
      return this;
    }

    /** Where the migrations come from. */
    public Builder source(MigrationSource value) {
      this.source = value;
      return this;
    }

    /** Creates migration instances; by default through their public no-arg constructor. */
    public Builder factory(MigrationFactory value) {
      this.factory = Objects.requireNonNull(value, "factory");
      return this;
    }

    /** The namespace of the history table, {@code _iceberg_ops} by default. */
    public Builder metaNamespace(String value) {
      this.metaNamespace = value;
      return this;
    }

    /**
     * Told of each {@link RunEvent} of this runner's runs as it happens: each version done, and the
     * versions a rollback is about to downgrade.
     *
     * @throws NullPointerException if {@code value} is null
     */
    public Builder onEvent(Consumer<RunEvent> value) {
      this.onEvent = Objects.requireNonNull(value, "onEvent");
      return this;
    }

    /** The clock that timestamps history rows and leases (for tests). */
    public Builder clock(Clock value) {
      this.clock = Objects.requireNonNull(value, "clock");
      return this;
    }

    /**
     * Whether a migration class or file the source skips (a migration in a mistyped package next to
     * the location, see {@link MigrationSource#skipped(String)}) fails {@code migrate} and {@code
     * validate} with a {@code Cannot migrate <namespace>: ...} error naming each, instead of a
     * warning only (off by default).
     */
    public Builder failOnSkippedMigrations(boolean value) {
      this.failOnSkippedMigrations = value;
      return this;
    }

    /** Whether a pending version below the highest applied one may be applied (off by default). */
    public Builder outOfOrder(boolean value) {
      this.outOfOrder = value;
      return this;
    }

    /**
     * Whether {@code migrate} validates first (on by default). Off, failed and interrupted versions
     * are applied again like pending ones.
     */
    public Builder validateOnMigrate(boolean value) {
      this.validateOnMigrate = value;
      return this;
    }

    /**
     * How long a run's lease lasts unless renewed (60 s by default); the run renews it while it
     * lasts, and a lease not renewed for this long is taken over by the next run.
     */
    public Builder leaseDuration(Duration value) {
      this.leaseDuration = positive(value, "lease duration");
      return this;
    }

    /** How long a run waits for another run's lease before failing (zero, the default: not). */
    public Builder leaseWait(Duration value) {
      Objects.requireNonNull(value, "leaseWait");
      if (value.isNegative()) {
        throw new IllegalArgumentException("Cannot wait for a lease: negative wait " + value);
      }
      this.leaseWait = value;
      return this;
    }

    /**
     * The bound on each of the runner's own history reads and writes, and on each helper step of a
     * migration (60 s by default): an outage of the catalog or its store fails the run within it,
     * naming the endpoint. Migrations run on a runner thread, so that a step can be given up.
     */
    public Builder timeout(Duration value) {
      this.timeout = positive(value, "timeout");
      return this;
    }

    private static Duration positive(Duration value, String what) {
      Objects.requireNonNull(value, what);
      if (value.isZero() || value.isNegative()) {
        throw new IllegalArgumentException(
            "Cannot set " + what + ": must be positive, got " + value);
      }
      return value;
    }

    /**
     * Builds the runner.
     *
     * @return the runner
     * @throws IllegalArgumentException if the namespace or meta-namespace is blank or the source is
     *     missing
     */
    public MigrationRunner build() {
      if (namespace == null || namespace.isBlank()) {
        throw new IllegalArgumentException("Cannot build migration runner: the namespace is empty");
      }
      if (source == null) {
        throw new IllegalArgumentException(
            "Cannot build migration runner for " + namespace + ": no migration source");
      }
      if (metaNamespace == null || metaNamespace.isBlank()) {
        throw new IllegalArgumentException(
            "Cannot build migration runner for " + namespace + ": the meta-namespace is empty");
      }
      return new MigrationRunner(
          new RunnerConfig(
              catalog,
              namespace,
              source,
              factory,
              metaNamespace,
              clock,
              outOfOrder,
              validateOnMigrate,
              leaseDuration,
              leaseWait,
              timeout,
              onEvent,
              baselines,
              HistoryRetry.DEFAULT_ATTEMPTS,
              failOnSkippedMigrations,
              presumedHistory));
    }
  }
}
