package dev.icebergops.runner;

import dev.icebergops.history.HistoryConflictException;
import dev.icebergops.history.NamespaceHistory;
import dev.icebergops.history.internal.HistoryTable;
import dev.icebergops.migration.ResolvedMigration;
import dev.icebergops.migration.SkippedMigration;
import dev.icebergops.migration.TableNames;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.NoSuchNamespaceException;

/**
 * What a runner reads of its namespace, and writes nothing: the migrations (resolved once), the
 * history rows, the state both make ({@link NamespaceState}), and the namespace's tables; and the
 * checks a run makes on them (skipped migrations, validation, the target). It is also what a run
 * reaches the history of its namespace through: the history table, the runner's configuration (the
 * namespace, the clock, the lease's timing, the contention budget) and the time-bounded remote
 * calls.
 *
 * @param resolved the versioned migrations and the baselines once resolved (see {@link #all()})
 */
record NamespaceView(
    HistoryTable history,
    RunnerConfig config,
    RemoteCalls remote,
    AtomicReference<List<ResolvedMigration>> resolved) {

  NamespaceView(HistoryTable history, RunnerConfig config, RemoteCalls remote) {
    this(history, config, remote, new AtomicReference<>());
  }

  String namespace() {
    return config.namespace();
  }

  Catalog catalog() {
    return config.catalog();
  }

  /** The history table's identifier. */
  TableIdentifier historyTable() {
    return history.tableIdentifier();
  }

  /** The namespace's history as stored now. */
  NamespaceHistory read() {
    return remote.call("read the history of " + namespace(), () -> history.load(namespace()));
  }

  /** Where the namespace's lease tag points now, if anywhere. */
  Optional<Long> leaseMark() {
    return remote.call(
        "read the run lease of " + namespace(), () -> history.leaseMark(namespace()));
  }

  /** The versioned migrations and the baselines, resolved once. */
  List<ResolvedMigration> all() {
    List<ResolvedMigration> migrations = resolved.get();
    if (migrations == null) {
      migrations = config.source().resolve(namespace(), config.factory());
      resolved.set(migrations);
    }
    return migrations;
  }

  /** The versioned migrations, without the baselines. */
  List<ResolvedMigration> migrations() {
    return all().stream().filter(m -> !m.isBaseline()).toList();
  }

  /** See {@link MigrationRunner#skipped()}. */
  List<SkippedMigration> skipped() {
    all();
    return config.source().skipped(namespace());
  }

  /**
   * Fails {@code operation} when the source skips migrations and the runner is to fail on them.
   *
   * @throws MigrationException naming each skipped class or file and why
   */
  void checkSkipped(String operation) {
    List<SkippedMigration> skipped = config.failOnSkippedMigrations() ? skipped() : List.of();
    if (!skipped.isEmpty()) {
      String each = skipped.stream().map(s -> "Skipping " + s).collect(Collectors.joining(" | "));
      throw new MigrationException(
          null,
          namespace(),
          "validate",
          "Cannot %s %s: failOnSkippedMigrations is on, and the source skips %s: %s"
              .formatted(
                  operation,
                  namespace(),
                  skipped.size() == 1 ? "1 migration" : skipped.size() + " migrations",
                  each),
          null);
    }
  }

  /** The versions migrate would apply from {@code state}: failed ones too unless it validates. */
  List<ResolvedMigration> pending(NamespaceState state) {
    return state.pending(null, !config.validateOnMigrate(), true);
  }

  /**
   * Checks the migrations against the history of {@code state}.
   *
   * @param operation the operation that validates, for the message: {@code validate}, {@code
   *     migrate}
   * @throws MigrationValidationException listing every finding, if there is any
   */
  void validate(NamespaceState state, String operation) {
    List<ValidationFinding> findings =
        MigrationValidator.findings(state, config.source().location(), config.outOfOrder());
    if (!findings.isEmpty()) {
      throw new MigrationValidationException(operation, namespace(), findings);
    }
  }

  NamespaceState state(NamespaceHistory read) {
    return new NamespaceState(
        namespace(), all(), read, config.clock().instant(), config.baselines());
  }

  /** The highest applied version of a history, from its rows alone (no migration loaded). */
  String current(NamespaceHistory read) {
    return new NamespaceState(namespace(), List.of(), read, config.clock().instant(), true)
        .current();
  }

  NamespaceState readState() {
    return inspected(read());
  }

  /**
   * The state with what the history rows alone do not tell: the namespace's tables when it has no
   * row at all (a lost history, not a fresh namespace), and the versions whose rows were deleted.
   */
  NamespaceState inspected(NamespaceHistory read) {
    NamespaceState state = state(read);
    List<String> tables = read.rows().isEmpty() ? tablesOfNamespace() : List.of();
    Set<String> candidates = state.unrecordedBelowRecorded();
    Set<String> deleted =
        candidates.isEmpty()
            ? Set.of()
            : remote.call(
                "read the earlier history of " + namespace(),
                () -> history.deletedRows(namespace(), candidates));
    return state.withLostHistory(historyTable().toString(), tables, deleted);
  }

  /** The namespace's tables but the history table (when it lives there), sorted by name. */
  List<String> tablesOfNamespace() {
    Namespace ns = TableNames.namespace(namespace());
    List<TableIdentifier> listed;
    try {
      listed = remote.call("list the tables of " + namespace(), () -> catalog().listTables(ns));
    } catch (NoSuchNamespaceException e) {
      return List.of();
    }
    return listed.stream()
        .filter(id -> !id.equals(historyTable()))
        .map(TableIdentifier::name)
        .sorted()
        .toList();
  }

  /**
   * Fails on a target no migration has: {@code Cannot <what> <target>: ... (known: ...)}.
   *
   * @throws IllegalArgumentException if no versioned migration has {@code target}
   */
  void checkTarget(String what, String target) {
    if (migrations().stream().noneMatch(m -> m.version().equals(target))) {
      throw unknownTarget(what, target);
    }
  }

  /** The error of a target no migration has: {@code Cannot <what> <target>: ... (known: ...)}. */
  IllegalArgumentException unknownTarget(String what, String target) {
    TreeSet<String> known = new TreeSet<>();
    migrations().forEach(m -> known.add(m.version()));
    return new IllegalArgumentException(
        "Cannot %s %s: no migration has that version (known: %s)"
            .formatted(what, target, known.isEmpty() ? "none" : String.join(", ", known)));
  }

  /**
   * The end of a history write's contention budget: the shared history table kept changing under it
   * while the catalog answered every try. Says so, with how many runs on other namespaces wrote the
   * table meanwhile, instead of letting the tries run into the time bound meant for a catalog that
   * does not answer.
   *
   * @param what the write, for the message
   * @param readAt the history table's snapshot when the write first read it, or null
   * @param tries how many tries the catalog refused
   * @param last the last refusal
   */
  ConcurrentMigrationException exhausted(
      String what, Long readAt, int tries, HistoryConflictException last) {
    return new ConcurrentMigrationException(
        null,
        ("Cannot %s: the history table %s kept changing (%s wrote it during this attempt; the"
                + " catalog answered and refused %s %s); try again, or give the busiest namespaces"
                + " a history table of their own (MigrationRunner.Builder.metaNamespace)")
            .formatted(
                what,
                history.tableIdentifier(),
                otherRuns(readAt),
                tries,
                tries == 1 ? "try" : "tries"),
        last);
  }

  /** How many runs on other namespaces wrote the history table since {@code readAt}. */
  private String otherRuns(Long readAt) {
    Set<String> others;
    try {
      others =
          new TreeSet<>(
              remote.call(
                  "read the history table's snapshots",
                  () -> history.namespacesWrittenSince(readAt)));
    } catch (RuntimeException e) {
      return "runs on other namespaces";
    }
    others.remove(namespace());
    return others.size() + (others.size() == 1 ? " run" : " runs") + " on other namespaces";
  }
}
