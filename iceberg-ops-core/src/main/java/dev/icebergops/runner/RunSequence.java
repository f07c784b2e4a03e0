package dev.icebergops.runner;

import static dev.icebergops.runner.RunnerLog.LOG;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.NamespaceHistory;
import dev.icebergops.migration.ResolvedMigration;
import dev.icebergops.redaction.Redaction;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * The runs of one namespace that take its versions in sequence under the run lease: one sequence
 * drives the versions of a migrate (upgrades, oldest first) and of a rollback (downgrades, newest
 * first) alike; a stamp only records them. Repair, forgetting the history and releasing the lease
 * by hand are {@link RecordingRuns}.
 */
final class RunSequence {

  /**
   * One version a run processes: its migration, its row before the run, and whether it has nothing
   * to undo (a failed upgrade that completed no step: recorded rolled back without running).
   */
  private record Version(ResolvedMigration migration, HistoryRecord before, boolean skip) {}

  /** The versions a run processes, and the baseline a migrate applies first (or null). */
  private record Versions(List<Version> versions, String baseline) {}

  private final RunnerConfig config;
  private final NamespaceView view;
  private final VersionExecutor executor;
  private final VersionRows rows;

  RunSequence(NamespaceView view) {
    this.config = view.config();
    this.view = view;
    this.rows = new VersionRows(config.namespace(), config.clock());
    this.executor = new VersionExecutor(config.catalog(), config.namespace(), rows, view.remote());
  }

  private String namespace() {
    return view.namespace();
  }

  /** See {@link MigrationRunner#migrate(String)}. */
  MigrationResult migrate(String target) {
    // a namespace without history takes the highest baseline at or below the target, then the
    // versions above it; any history row, and the chain of versioned migrations is walked
    if (target != null) {
      view.checkTarget("migrate " + namespace() + " to", target);
    }
    return run(
        "migrate " + namespace(),
        held -> {
          List<ResolvedMigration> pending = pendingAfterValidation(held, target);
          String baseline =
              !pending.isEmpty() && pending.get(0).isBaseline() ? pending.get(0).version() : null;
          return new Versions(
              pending.stream().map(m -> new Version(m, null, false)).toList(), baseline);
        },
        Operation.UPGRADE);
  }

  /** See {@link MigrationRunner#rollback(int)}. */
  MigrationResult rollback(int steps) {
    if (steps < 1) {
      throw new IllegalArgumentException(
          "Cannot roll back " + namespace() + ": steps must be at least 1, got " + steps);
    }
    return undo(
        state -> {
          List<String> undoable = state.undoableAbove("");
          return undoable.subList(0, Math.min(steps, undoable.size()));
        },
        "the last " + steps);
  }

  /** See {@link MigrationRunner#rollbackTo(String)}. */
  MigrationResult rollbackTo(String target) {
    Objects.requireNonNull(target, "target");
    return undo(
        state -> {
          if (!NamespaceState.BASE_VERSION.equals(target) && !state.isKnown(target)) {
            throw view.unknownTarget("roll back " + namespace() + " to", target);
          }
          refuseBelowBaseline(state, target);
          return state.undoableAbove(target);
        },
        target);
  }

  /**
   * Rolls back the versions {@code choose} picks from the state the run takes the lease on (a
   * version without a class stops it before anything is written).
   */
  private MigrationResult undo(Function<NamespaceState, List<String>> choose, String target) {
    return run(
        "roll back " + namespace(),
        held -> {
          NamespaceState state = view.state(held);
          List<String> versions = choose.apply(state);
          checkClassesExist(state, versions, target);
          if (!versions.isEmpty()) {
            config
                .onEvent()
                .accept(new RunEvent.DowngradesStarting(versions)); // a refusal writes nothing
          }
          return new Versions(
              versions.stream()
                  .map(
                      v ->
                          new Version(
                              state.migration(v), state.row(v), isNothingToUndo(state.row(v))))
                  .toList(),
              null);
        },
        Operation.DOWNGRADE);
  }

  /**
   * Opens the run with the running row of its first version (unless it has nothing to undo) in the
   * lease's commit, from the versions {@code plan} picks from the state it takes it on, and drives
   * them under that lease.
   */
  private MigrationResult run(
      String what, Function<NamespaceHistory, Versions> plan, Operation operation) {
    LeaseTaking taking = new LeaseTaking(view, what);
    Versions versions = new Versions(List.of(), null);
    while (true) {
      LeaseTaking.Offer offer = taking.awaitFree();
      if (!offer.isMine()) {
        // an adopted lease carries the rows of the plan made on the earlier try
        versions = plan.apply(offer.leased());
      }
      HistoryRecord first = running(versions.versions(), 0, operation, offer.mine().runId());
      Optional<HeldLease> held = taking.tryTake(offer, first);
      if (held.isPresent()) {
        try (HeldLease lease = held.get()) {
          return drive(lease, operation, versions);
        }
      }
    }
  }

  /**
   * Runs the versions in order, each outcome written with the next version's running row; the last
   * write releases the lease. A failure carries what the run did before it.
   */
  private MigrationResult drive(HeldLease lease, Operation operation, Versions planned) {
    HistoryLog journal = lease.log();
    List<Version> versions = planned.versions();
    List<MigrationStep> steps = new ArrayList<>();
    boolean runningWritten = !versions.isEmpty() && !versions.get(0).skip();
    TableUuids uuids =
        versions.isEmpty()
            ? null
            : new TableUuids(view, journal.state().rows()).beforeFirstVersion();
    ViewChecks views = versions.isEmpty() ? null : ViewChecks.of(view);
    for (int i = 0; i < versions.size(); i++) {
      Version version = versions.get(i);
      try {
        if (version.skip()) {
          journal.write(
              List.of(rows.nothingToUndo(version.migration(), version.before(), journal.runId())));
          LOG.info(
              "Marked migration {} in {} rolled back: its failed upgrade completed no step",
              version.before().version(),
              namespace());
          done(
              steps,
              new MigrationStep(
                  version.before().version(), version.before().description(), Duration.ZERO));
          runningWritten = false;
          continue;
        }
        if (!runningWritten) {
          journal.write(List.of(running(versions, i, operation, journal.runId())));
        }
        HistoryRecord next = running(versions, i + 1, operation, journal.runId());
        boolean release = i + 1 == versions.size() && !operation.hasPostHook(version.migration());
        var tables = views.tables();
        done(
            steps,
            executor.run(
                operation, version.migration(), version.before(), lease, next, release, uuids));
        views.warn(version.migration().version(), tables);
        runningWritten = next != null;
      } catch (MigrationException e) {
        throw e.withPartialResult(
            result(lease, steps, steps.isEmpty() ? null : planned.baseline()));
      }
    }
    if (!journal.isFinished()) {
      journal.finish(List.of());
    }
    return result(lease, steps, planned.baseline());
  }

  /** The running row of the version at {@code index}; null past the end or with nothing to undo. */
  private HistoryRecord running(
      List<Version> versions, int index, Operation operation, String runId) {
    if (index >= versions.size() || versions.get(index).skip()) {
      return null;
    }
    return rows.running(versions.get(index).migration(), operation, runId, List.of());
  }

  /** See {@link MigrationRunner#stamp(String)}. */
  MigrationResult stamp(String version) {
    view.checkTarget("stamp " + namespace() + " at", version);
    try (HeldLease lease = LeaseTaking.open(view, "stamp " + namespace())) {
      HistoryLog journal = lease.log();
      NamespaceState state = view.state(journal.state());
      List<HistoryRecord> stamped = new ArrayList<>();
      List<MigrationStep> steps = new ArrayList<>();
      List<ResolvedMigration> pending = state.pending(version, true, false);
      Map<String, String> uuids =
          pending.isEmpty()
              ? Map.of()
              : new TableUuids(view, state.rows()).afterVersion(null, table -> true);
      for (ResolvedMigration migration : pending) {
        stamped.add(rows.stamped(migration, journal.runId(), uuids));
        steps.add(new MigrationStep(migration.version(), migration.description(), Duration.ZERO));
        LOG.info("Stamped migration {} in {} as applied", migration, namespace());
      }
      journal.finish(stamped);
      steps.forEach(this::tell);
      return result(lease, steps, null);
    }
  }

  /**
   * The versions a migrate to {@code target} applies, from the state it will hold the lease on.
   *
   * @throws MigrationValidationException if validation is on and finds a problem
   */
  private List<ResolvedMigration> pendingAfterValidation(NamespaceHistory held, String target) {
    view.checkSkipped("migrate");
    NamespaceState state = view.inspected(held);
    if (!state.tablesWithoutHistory().isEmpty()) {
      throw new MigrationException(
          null,
          namespace(),
          "validate",
          "Cannot migrate " + namespace() + ": " + state.tablesWithoutHistoryReason("it"),
          null);
    }
    if (config.validateOnMigrate()) {
      view.validate(state, "migrate");
    }
    return state.pending(target, !config.validateOnMigrate(), true);
  }

  private void checkClassesExist(NamespaceState state, List<String> versions, String target) {
    for (String version : versions) {
      HistoryRecord row = state.row(version);
      if (state.migration(version) == null && !isNothingToUndo(row)) {
        throw new MigrationException(
            version,
            namespace(),
            "rollback",
            ("Cannot roll back %s to %s: migration %s (%s) is %s but no class in %s has that"
                    + " version; nothing was rolled back")
                .formatted(
                    namespace(),
                    target,
                    version,
                    row.description(),
                    row.status().value(),
                    config.source().location()),
            null);
      }
    }
  }

  /** A failed upgrade that completed no step: there is nothing to undo. */
  private static boolean isNothingToUndo(HistoryRecord row) {
    return row.status() == HistoryRecord.Status.FAILED
        && row.steps().isEmpty()
        && !Operation.DOWNGRADE.recorded().equals(row.operation())
        && !NamespaceState.BASELINE_DOWNGRADE.equals(row.operation());
  }

  /** Adds a version the run processed, and tells the listener at once. */
  private void done(List<MigrationStep> steps, MigrationStep step) {
    steps.add(step);
    tell(step);
  }

  private void tell(MigrationStep step) {
    try {
      config.onEvent().accept(new RunEvent.StepDone(step));
    } catch (RuntimeException e) {
      LOG.warn(
          "The step listener of {} failed on {}: {}",
          namespace(),
          step.version(),
          Redaction.scrub(e.toString(), Map.of()));
    }
  }

  private MigrationResult result(HeldLease lease, List<MigrationStep> steps, String baseline) {
    return new MigrationResult(
        namespace(),
        steps,
        view.current(lease.log().state()),
        lease.takenOver().orElse(null),
        baseline);
  }

  /**
   * A baseline's downgrade goes back to 0000 in one step, so no target between 0000 and the
   * baseline's version can be reached.
   */
  private void refuseBelowBaseline(NamespaceState state, String target) {
    HistoryRecord baseline = state.baselineRow();
    if (baseline == null
        || NamespaceState.BASE_VERSION.equals(target)
        || target.compareTo(baseline.version()) >= 0) {
      return;
    }
    ResolvedMigration migration = state.migration(baseline.version());
    String version = baseline.version();
    throw new IllegalArgumentException(
        ("Cannot roll back %1$s to %2$s: baseline %3$s (%4$s) built the versions up to %3$s in"
                + " one step, and its downgrade goes back to %5$s; roll back to %3$s or above, or"
                + " to %5$s")
            .formatted(
                namespace(),
                target,
                version,
                migration != null ? migration.description() : baseline.description(),
                NamespaceState.BASE_VERSION));
  }
}
