package dev.icebergops.test.internal;

import dev.icebergops.migration.Destructive;
import dev.icebergops.migration.ResolvedMigration;
import dev.icebergops.migration.TableNames;
import dev.icebergops.runner.MigrationException;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.state.NamespaceTables;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;

/**
 * One run of one check: the runner, the settings, the findings so far and the steps every check
 * shares (resolve, upgrade, roll back, capture), each turning an error into a finding that names
 * the version.
 */
final class CheckRun extends CheckFindings {

  /** Why a rollback stopped: the version that stays applied and the reason. */
  record Stop(String version, String reason, boolean irreversible) {}

  private final MigrationRunner runner;
  private final CheckSettings settings;
  private final Map<String, ResolvedMigration> migrations = new LinkedHashMap<>();

  /** Where the check starts: its migrations are those above the start's version. */
  private final JourneyStart start;

  CheckRun(
      StandardCheck check, MigrationRunner runner, CheckSettings settings, JourneyStart start) {
    super(check);
    this.runner = runner;
    this.settings = settings;
    this.start = start;
  }

  CheckReport report() {
    return report(migrations.keySet());
  }

  /**
   * Runs a check that walks from the start and cleans up after itself: resolves the migrations,
   * checks that the namespace is at the start, walks with {@code walk} when both hold and then
   * rolls back to the start ({@link #cleanUp()}).
   *
   * @return the report
   */
  CheckReport fromStart(Consumer<CheckRun> walk) {
    return resolved(
        run -> {
          if (startsEmpty()) {
            walk.accept(this);
            cleanUp();
          }
        });
  }

  /**
   * Runs a check: resolves the migrations and, when there is one to check, runs {@code check}.
   *
   * @return the report
   */
  CheckReport resolved(Consumer<CheckRun> check) {
    if (resolve()) {
      check.accept(this);
    }
    return report();
  }

  /**
   * Migrates to head, runs {@code atHead} when it got there, and rolls back to the start ({@link
   * #cleanUp()}) either way.
   */
  void viaHead(Consumer<CheckRun> atHead) {
    if (upgrade(null, null)) {
      atHead.accept(this);
    }
    cleanUp();
  }

  /** Where the check starts. */
  JourneyStart start() {
    return start;
  }

  MigrationRunner runner() {
    return runner;
  }

  CheckSettings settings() {
    return settings;
  }

  String ns() {
    return runner.namespace();
  }

  /**
   * An empty run of the same check on the same migrations, with this runner or another namespace's,
   * for findings to {@link #absorb}.
   */
  CheckRun on(MigrationRunner other) {
    CheckRun sibling = new CheckRun(check(), other, settings, start);
    sibling.migrations.putAll(migrations);
    return sibling;
  }

  /**
   * Resolves the migrations above the start's version; a set that breaks a rule or is empty is a
   * failure, and a start at head leaves nothing to check (a note says so).
   *
   * @return whether there is at least one migration to check
   */
  boolean resolve() {
    List<ResolvedMigration> resolved;
    try {
      resolved = runner.migrations();
    } catch (IllegalArgumentException e) {
      fail(
          "Expecting the migrations in %s to be well-formed, but: %s"
              .formatted(runner.source().location(), e.getMessage()));
      return false;
    }
    if (resolved.isEmpty()) {
      fail(
          "Expecting at least one migration in %s for %s, but there is none"
              .formatted(runner.source().location(), ns()));
      return false;
    }
    resolved.stream()
        .filter(m -> start.isPending(m.version()))
        .forEach(m -> migrations.put(m.version(), m));
    if (migrations.isEmpty()) {
      note("nothing is pending: " + start + " is at head, so no version is walked");
      return false;
    }
    return true;
  }

  /** Whether a resolved migration has {@code version}. */
  boolean has(String version) {
    return migrations.containsKey(version);
  }

  /** The resolved migrations, in version order. */
  List<ResolvedMigration> migrations() {
    return List.copyOf(migrations.values());
  }

  /**
   * Whether {@code version}'s migration class declares its losses of data: {@code @Destructive}.
   */
  boolean declaresLoss(String version) {
    ResolvedMigration migration = migrations.get(version);
    return migration != null
        && migration.migration().getClass().isAnnotationPresent(Destructive.class);
  }

  /** The highest version. */
  String head() {
    List<ResolvedMigration> all = migrations();
    return all.get(all.size() - 1).version();
  }

  /** The version below {@code version}: the migration before it, or the start's version. */
  String previous(String version) {
    return migrations.keySet().stream()
        .filter(candidate -> candidate.compareTo(version) < 0)
        .reduce((lower, higher) -> higher) // the migrations come in version order
        .orElse(start.version());
  }

  /** "migration 0004 (Add region to orders)", or "migration 0004" for an unknown version. */
  String label(String version) {
    return "migration " + Objects.requireNonNullElse(migrations.get(version), version);
  }

  /**
   * Checks that the namespace is at the start's version (nothing applied, for an empty start).
   *
   * @return whether it is
   */
  boolean startsEmpty() {
    Optional<String> current = runner.current();
    if (start.isEmpty() && current.isPresent()) {
      fail(
          "Expecting %s to have no applied migration when the %s check starts, but %s is applied"
              .formatted(ns(), check(), label(current.get())));
      return false;
    }
    if (!start.isAt(runner)) {
      fail(
          "Expecting %s to be at %s when the %s check starts, but it is at %s"
              .formatted(ns(), start, check(), current.orElse(MigrationRunner.BASE_VERSION)));
      return false;
    }
    return true;
  }

  /** Records the schema of every table of the namespace, which is at head, for the report. */
  void recordHead() {
    tables().forEach((name, table) -> recordHead(Map.of(name, table.schema())));
  }

  /** Every table of the namespace, loaded now, by name. */
  Map<String, Table> tables() {
    return tables(runner.catalog(), ns());
  }

  /** Every table of {@code namespace}, loaded now, by name. */
  static Map<String, Table> tables(Catalog catalog, String namespace) {
    Map<String, Table> tables = new TreeMap<>();
    catalog
        .listTables(TableNames.namespace(namespace))
        .forEach(id -> tables.put(id.name(), catalog.loadTable(id)));
    return tables;
  }

  NamespaceTables capture() {
    return NamespaceTables.capture(runner.catalog(), ns());
  }

  /**
   * Migrates up to a version (null for head); a failure is reported naming the version.
   *
   * @param target the version to reach, or null for head
   * @param purpose what the migration was expected to do, e.g. "to upgrade again after its
   *     downgrade"; null for "to upgrade &lt;ns&gt;"
   * @return whether it succeeded
   */
  boolean upgrade(String target, String purpose) {
    RuntimeException failure = migrate(runner, target);
    if (failure != null) {
      reportUpgradeFailure(failure, target, purpose);
    }
    return failure == null;
  }

  /**
   * Migrates up to a version (null for head).
   *
   * @return the failure, or null when it succeeded
   */
  static RuntimeException migrate(MigrationRunner runner, String target) {
    try {
      runner.migrate(target);
      return null;
    } catch (RuntimeException e) {
      return e;
    }
  }

  /**
   * Reports a failed {@link #migrate(MigrationRunner, String)}, naming the version.
   *
   * @param failure what it threw
   * @param target the version it was to reach, or null for head
   * @param purpose as for {@link #upgrade(String, String)}
   */
  void reportUpgradeFailure(RuntimeException failure, String target, String purpose) {
    if (failure instanceof MigrationException e) {
      String subject = e.version() != null ? label(e.version()) : "migrate(" + target + ")";
      String expected = purpose == null ? "to upgrade " + ns() : purpose;
      failAt(
          e.version(),
          "Expecting %s %s, but it failed: %s".formatted(subject, expected, e.getMessage()));
    } else {
      fail(
          "Expecting migrate() to reach %s in %s, but it failed: %s"
              .formatted(target == null ? "head (" + head() + ")" : target, ns(), failure));
    }
  }

  /**
   * Rolls back to a version.
   *
   * @param target the version to end at, {@code 0000} for everything
   * @return why it stopped early, or null when it reached the target
   */
  Stop rollBack(String target) {
    return rollBack(runner, target);
  }

  /** As {@link #rollBack(String)}, with another namespace's runner. */
  static Stop rollBack(MigrationRunner runner, String target) {
    try {
      runner.rollbackTo(target);
      return null;
    } catch (MigrationException e) {
      if (e.isIrreversible()) {
        return new Stop(runner.current().orElse("?"), e.getCause().getMessage(), true);
      }
      String version = e.version() != null ? e.version() : runner.current().orElse("?");
      return new Stop(version, e.getMessage(), false);
    }
  }

  /**
   * Reports a stopped rollback: a fact for an allowed irreversible version (the test class declared
   * it, as it declares a loss of data), otherwise a failure.
   *
   * @param stop why the rollback stopped
   * @param whenAllowed what an allowed irreversible version meant for the check, or "" for "its
   *     downgrade did not run"
   */
  void reportStop(Stop stop, String whenAllowed) {
    if (allowed(stop)) {
      fact(irreversible(stop), whenAllowed.isEmpty() ? "its downgrade did not run" : whenAllowed);
      notApplicable(stop.version(), "its downgrade is irreversible (allowed), so it did not run");
    } else {
      failAt(
          stop.version(),
          "Expecting %s to be reversible, but its downgrade() %s: %s"
              .formatted(
                  label(stop.version()),
                  stop.irreversible() ? "is irreversible" : "failed",
                  stop.reason()));
    }
  }

  /**
   * Reports field-id drift: a warning, or a failure when strict.
   *
   * @param version the version expected to keep the ids, or null for a whole rollback
   * @param subject what is expected to keep the ids, e.g. "a rollback to 0000"; the version's label
   *     when null
   * @param when when the ids changed, e.g. "after upgrade + downgrade"
   * @param diff the diff whose drift to report
   */
  void reportDrift(String version, String subject, String when, StateChanges diff) {
    if (diff.fieldIdDrift().isEmpty()) {
      return;
    }
    String who = Objects.requireNonNullElseGet(subject, () -> label(version));
    String lines = "\n  " + String.join("\n  ", diff.fieldIdDrift());
    if (settings.strictFieldIds()) {
      failAt(
          version,
          "Expecting %s to keep field ids, but %s these columns have new ids:%s"
              .formatted(who, when, lines));
    } else {
      warn(who + " changes field ids: " + when + " these columns have new ids:" + lines);
    }
  }

  /** "ns.orders differs from X:\n lines", or for several tables "ns differs from X:" + blocks. */
  String differs(StateChanges diff, String from) {
    List<String> tables = diff.changedTables();
    if (tables.size() == 1) {
      String table = tables.get(0);
      return table + " differs from " + from + ":\n  " + String.join("\n  ", diff.changes(table));
    }
    return ns() + " differs from " + from + ":\n" + diff.describeTables(tables);
  }

  /**
   * Rolls back to the start's version, best effort; what is left behind is a warning, or a note
   * when an allowed irreversible version holds it.
   */
  void cleanUp() {
    cleanUp(List.of(this));
  }

  /**
   * As {@link #cleanUp()}, for runs in one namespace: each is told what is left, or that the
   * rollback threw instead of stopping at a version.
   */
  static void cleanUp(Collection<CheckRun> runs) {
    CheckRun any = runs.iterator().next();
    try {
      Stop left = any.rollBack(any.start.version());
      runs.forEach(run -> run.reportLeftAt(left));
    } catch (RuntimeException e) {
      runs.forEach(
          run ->
              run.warn(
                  "the %s check could not roll %s back to %s: %s"
                      .formatted(run.check(), run.ns(), run.start.version(), e.toString())));
    }
  }

  /** Whether the rollback stopped at an irreversible version the test class allows. */
  boolean allowed(Stop stop) {
    return stop.irreversible() && settings.allowedIrreversible().contains(stop.version());
  }

  /** "migration 0005 (Retype amount) is irreversible (allowed): amount__legacy_1 holds ...". */
  String irreversible(Stop stop) {
    return label(stop.version()) + " is irreversible (allowed): " + stop.reason();
  }

  /**
   * Reports where a rollback to 0000 stopped: a warning, or a fact when an allowed irreversible
   * version holds it; nothing when it did not stop.
   */
  void reportLeftAt(Stop stop) {
    if (stop == null) {
      return;
    }
    if (allowed(stop)) {
      fact(irreversible(stop), "its namespace " + ns() + " was left at " + stop.version());
      return;
    }
    warn(
        "%s is left at %s: the %s check could not roll it back to %s because %s%s%s"
            .formatted(
                ns(),
                stop.version(),
                check(),
                start.version(),
                label(stop.version()),
                stop.irreversible() ? " is irreversible: " : "'s downgrade() failed: ",
                stop.reason()));
  }
}
