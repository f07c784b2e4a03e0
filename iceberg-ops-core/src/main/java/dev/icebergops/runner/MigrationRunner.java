package dev.icebergops.runner;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.MigrationHistory;
import dev.icebergops.migration.MigrationFactory;
import dev.icebergops.migration.MigrationSource;
import dev.icebergops.migration.ResolvedMigration;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
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
 * runner.migrate();       // applies every pending version in order
 * runner.status();        // one row per version
 * runner.rollback(1);     // runs the newest applied version's downgrade()
 * }</pre>
 *
 * <p>{@code plan}, {@code status}, {@code migrate}, {@code rollback} and {@code stamp} load and
 * instantiate every migration class first (their static initialisers run with your catalog
 * credentials); {@code plan}, {@code status}, {@code current} and {@code history} create nothing in
 * the catalog; {@code current} and {@code history} read only the history table.
 *
 * <p>Runs for one namespace are not locked: two concurrent runs may both execute an {@code
 * upgrade()} (keep it idempotent), but only one records it; the other gets a {@link
 * ConcurrentMigrationException}.
 */
public final class MigrationRunner {

  /** The target of {@link #rollbackTo(String)} that rolls back every applied version. */
  public static final String BASE_VERSION = "0000";

  private final Catalog catalog;
  private final String namespace;
  private final MigrationSource source;
  private final MigrationFactory factory;
  private final MigrationHistory history;
  private final VersionExecutor executor;

  private MigrationRunner(Builder builder) {
    this.catalog = builder.catalog;
    this.namespace = builder.namespace;
    this.source = builder.source;
    this.factory = builder.factory;
    this.history = new MigrationHistory(catalog, builder.metaNamespace);
    this.executor = new VersionExecutor(catalog, namespace, history, builder.clock);
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
    return namespace;
  }

  /** The catalog this runner migrates. */
  public Catalog catalog() {
    return catalog;
  }

  /** Where the migrations come from. */
  public MigrationSource source() {
    return source;
  }

  /** The history table this runner records to. */
  public MigrationHistory historyTable() {
    return history;
  }

  /**
   * Loads the migrations for this namespace, in version order.
   *
   * @return the migrations
   * @throws IllegalArgumentException if the migration set breaks a rule (see {@link
   *     MigrationSource#resolve})
   */
  public List<ResolvedMigration> migrations() {
    return source.resolve(namespace, factory);
  }

  /**
   * Lists the versions {@link #migrate()} would apply, in order. Writes nothing.
   *
   * @return the pending versions (never run, failed, or rolled back)
   */
  public List<MigrationStatus> plan() {
    return status().stream().filter(s -> s.state().isPending()).toList();
  }

  /**
   * Reports every known version: those with a class, and those recorded in history. Writes nothing.
   *
   * @return one status per version, in version order
   */
  public List<MigrationStatus> status() {
    return state().status();
  }

  /**
   * The highest applied version, read from the history table only. Writes nothing.
   *
   * @return the current version, or empty when none is applied
   */
  public Optional<String> current() {
    return Optional.ofNullable(
        new NamespaceState(namespace, List.of(), history.read(namespace)).current());
  }

  /**
   * The history rows of this namespace; loads no migration class and writes nothing.
   *
   * @return the rows in version order
   */
  public List<HistoryRecord> history() {
    return history.read(namespace);
  }

  /**
   * Applies every pending version in order.
   *
   * @return the versions applied
   * @throws MigrationException if an upgrade or its pre-hook fails; the version is recorded as
   *     failed and the run stops
   * @throws ConcurrentMigrationException if another run recorded a version first, or a migration's
   *     commit conflicted with a concurrent commit
   */
  public MigrationResult migrate() {
    return migrate(null);
  }

  /**
   * Applies the pending versions up to and including {@code target}, in order.
   *
   * @param target the highest version to apply, or null for all
   * @return the versions applied
   * @throws IllegalArgumentException if no migration has the target version
   * @throws MigrationException if an upgrade or its pre-hook fails
   * @throws ConcurrentMigrationException if another run recorded a version first
   */
  public MigrationResult migrate(String target) {
    NamespaceState state = state();
    if (target != null && state.migration(target) == null) {
      throw new IllegalArgumentException(
          "Cannot migrate "
              + namespace
              + " to "
              + target
              + ": no migration has that version (known: "
              + state.knownVersions()
              + ")");
    }
    List<MigrationStep> steps = new ArrayList<>();
    for (ResolvedMigration migration : state.pending(target)) {
      steps.add(executor.upgrade(migration, state.row(migration.version())));
    }
    return result(steps);
  }

  /**
   * Rolls back the newest {@code steps} applied versions, newest first.
   *
   * @param steps how many versions to roll back (more than are applied rolls back all)
   * @return the versions rolled back
   * @throws IllegalArgumentException if steps is not positive
   * @throws MigrationException if a version to undo has no class (nothing is rolled back), or a
   *     downgrade or its pre-hook fails (the version stays applied; earlier ones stay rolled back)
   * @throws dev.icebergops.migration.IrreversibleMigrationException if a downgrade is irreversible;
   *     the version stays applied
   */
  public MigrationResult rollback(int steps) {
    if (steps < 1) {
      throw new IllegalArgumentException(
          "Cannot roll back " + namespace + ": steps must be at least 1, got " + steps);
    }
    NamespaceState state = state();
    List<String> applied = state.appliedDescending();
    return undo(state, applied.subList(0, Math.min(steps, applied.size())), "the last " + steps);
  }

  /**
   * Rolls back every applied version above {@code target}, newest first; {@value #BASE_VERSION}
   * rolls back everything.
   *
   * @param target the version to end at
   * @return the versions rolled back
   * @throws IllegalArgumentException if the target is neither {@value #BASE_VERSION} nor a known
   *     version
   * @throws MigrationException as for {@link #rollback(int)}
   */
  public MigrationResult rollbackTo(String target) {
    Objects.requireNonNull(target, "target");
    NamespaceState state = state();
    if (!BASE_VERSION.equals(target) && !state.isKnown(target)) {
      throw new IllegalArgumentException(
          "Cannot roll back "
              + namespace
              + " to "
              + target
              + ": no migration has that version (known: "
              + state.knownVersions()
              + ")");
    }
    return undo(state, state.appliedAbove(target), target);
  }

  private MigrationResult undo(NamespaceState state, List<String> versions, String target) {
    for (String version : versions) {
      if (state.migration(version) == null) {
        throw new MigrationException(
            version,
            "Cannot roll back "
                + namespace
                + " to "
                + target
                + ": migration "
                + version
                + " ("
                + state.row(version).description()
                + ") is applied but no class in "
                + source.location()
                + " has that version; nothing was rolled back",
            null);
      }
    }
    List<MigrationStep> steps = new ArrayList<>();
    for (String version : versions) {
      steps.add(executor.downgrade(state.migration(version), state.row(version)));
    }
    return result(steps);
  }

  /**
   * Records every version up to and including {@code version} as applied without running it, to
   * adopt iceberg-ops on tables that already exist. The live schema is not checked.
   *
   * @param version the version to stamp up to
   * @return the versions stamped
   * @throws IllegalArgumentException if no migration has that version
   * @throws ConcurrentMigrationException if another run recorded a version first
   */
  public MigrationResult stamp(String version) {
    NamespaceState state = state();
    if (state.migration(version) == null) {
      throw new IllegalArgumentException(
          "Cannot stamp "
              + namespace
              + " at "
              + version
              + ": no migration has that version (known: "
              + state.knownVersions()
              + ")");
    }
    List<MigrationStep> steps = new ArrayList<>();
    for (ResolvedMigration migration : state.pending(version)) {
      steps.add(executor.stamp(migration, state.row(migration.version())));
    }
    return result(steps);
  }

  private NamespaceState state() {
    List<ResolvedMigration> resolved = source.resolve(namespace, factory);
    return new NamespaceState(namespace, resolved, history.read(namespace));
  }

  private MigrationResult result(List<MigrationStep> steps) {
    return new MigrationResult(namespace, steps, current().orElse(null));
  }

  /** Configures a {@link MigrationRunner}. */
  public static final class Builder {
    private final Catalog catalog;
    private String namespace;
    private MigrationSource source;
    private MigrationFactory factory = MigrationFactory.publicNoArgConstructor();
    private String metaNamespace = MigrationHistory.DEFAULT_META_NAMESPACE;
    private Clock clock = Clock.systemUTC();

    private Builder(Catalog catalog) {
      this.catalog = Objects.requireNonNull(catalog, "catalog");
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

    /** The clock that timestamps history rows (for tests). */
    public Builder clock(Clock value) {
      this.clock = Objects.requireNonNull(value, "clock");
      return this;
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
      return new MigrationRunner(this);
    }
  }
}
