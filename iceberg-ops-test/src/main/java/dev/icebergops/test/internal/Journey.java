package dev.icebergops.test.internal;

import dev.icebergops.migration.ResolvedMigration;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.runner.MigrationStep;
import dev.icebergops.state.NamespaceTables;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.iceberg.Table;

/**
 * A walk of the standard checks through the migrations, as its {@link Descent} sees it: the checks'
 * runs, the shapes recorded on the way up, what disturbs a check, what the runner's step listener
 * does, and the three steps the walk does for the descent. {@link SharedJourney} is the one walk;
 * the descent sees only this, so that the walk and its descent do not depend on each other.
 */
abstract class Journey {

  /** Each check's findings on the journey, by check. */
  final Map<StandardCheck, CheckRun> runs = new LinkedHashMap<>();

  /** Why a check's report is not the one its own pass would give, by check. */
  final Map<StandardCheck, String> disturbed = new LinkedHashMap<>();

  /** The shapes before and right after each version's first upgrade. */
  final Map<String, NamespaceTables> before = new HashMap<>();

  final Map<String, NamespaceTables> after = new HashMap<>();

  /** What the checks tolerate, from the start ({@link JourneyStart#settings}). */
  final CheckSettings settings;

  /** Where the journey starts: it walks the versions above it, up and back down to it. */
  final JourneyStart start;

  /**
   * The runner of the namespace the walk is in: the journey's, set by the walk's constructor, or
   * the one its descent goes on in ({@link #below}).
   */
  MigrationRunner runner;

  /** The data check that rides along, or its walk below an irreversible version. */
  DataCheck data;

  /** What the runner's step listener does with each version it reports, or null for nothing. */
  Consumer<MigrationStep> onStep;

  /** The tables the last {@link #capture()} loaded, by name. */
  Map<String, Table> captured = Map.of();

  Journey(CheckSettings settings, JourneyStart start) {
    this.start = start;
    this.settings = start.settings(settings);
  }

  /** The migration of {@code version}. */
  ResolvedMigration version(String version) {
    return migrations().stream()
        .filter(m -> m.version().equals(version))
        .findFirst()
        .orElseThrow(() -> new IllegalStateException("Cannot find migration " + version));
  }

  /** Every check of the journey then runs its own pass, for {@code why}. */
  void disturbAll(String why) {
    runs.keySet().forEach(check -> disturb(check, why));
  }

  /** {@code check} then runs its own pass, for {@code why}. */
  void disturb(StandardCheck check, String why) {
    disturbed.putIfAbsent(check, why);
  }

  /**
   * The declarations check of one upgrade on the way up ({@link DeclarationCheck#upgraded}), or,
   * for a version that changed snapshots or a start from a snapshot, whose live tables the preview
   * reads, its own pass.
   */
  void declarations(ResolvedMigration migration, Map<String, Table> was, Map<String, Table> is) {
    CheckRun run = runs.get(StandardCheck.DESTRUCTIVE_DECLARED);
    if (!start.isEmpty()) {
      disturb(StandardCheck.DESTRUCTIVE_DECLARED, "the preview reads " + start + "'s live tables");
    } else if (!DeclarationCheck.upgraded(run, migration, was, is)) {
      String why = migration.version() + " commits data or expires snapshots";
      disturb(StandardCheck.DESTRUCTIVE_DECLARED, why);
    }
  }

  /** The migrations walked, in version order. */
  List<ResolvedMigration> migrations() {
    return runs.get(StandardCheck.UPGRADE_TO_HEAD).migrations();
  }

  /** Captures the namespace's shape. */
  abstract NamespaceTables capture();

  /** Says that the descent is below {@code version}. */
  abstract void passedDown(String version);

  /**
   * Where the descent goes on below the allowed irreversible version that stopped it: a namespace
   * at the version below it, as the walk up left it there; null when there is none.
   */
  abstract ScratchNamespace below(CheckRun.Stop stop);
}
