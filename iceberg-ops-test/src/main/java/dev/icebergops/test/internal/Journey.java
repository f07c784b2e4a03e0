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
 * runs, the shapes recorded on the way up, and what disturbs a check. {@link SharedJourney} is the
 * one walk.
 */
abstract class Journey {

  /** Sets what the step listener does, null for nothing. */
  abstract void onStep(Consumer<MigrationStep> phase);

  /** Each check's findings on the journey, by check. */
  final Map<StandardCheck, CheckRun> runs = new LinkedHashMap<>();

  /** Why a check's report is not the one its own pass would give, by check. */
  final Map<StandardCheck, String> disturbed = new LinkedHashMap<>();

  /** The shapes before and right after each version's first upgrade. */
  final Map<String, NamespaceTables> before = new HashMap<>();

  final Map<String, NamespaceTables> after = new HashMap<>();

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

  /** The findings of {@code check} on the journey. */
  CheckRun run(StandardCheck check) {
    return runs.get(check);
  }

  /** The migrations walked, in version order. */
  List<ResolvedMigration> migrations() {
    return runs.get(StandardCheck.UPGRADE_TO_HEAD).migrations();
  }

  /** The shape just before the upgrade of {@code version}. */
  NamespaceTables before(String version) {
    return before.get(version);
  }

  /** The shape just after the upgrade of {@code version}. */
  NamespaceTables after(String version) {
    return after.get(version);
  }

  abstract CheckSettings settings();

  /** Where the journey starts. */
  abstract JourneyStart start();

  /** The data check that rides along. */
  abstract DataCheck data();

  /** Captures the namespace's shape. */
  abstract NamespaceTables capture();

  /** Says that the descent is below {@code version}. */
  abstract void passedDown(String version);

  /** The tables, by name, that the last {@link #capture()} loaded. */
  abstract Map<String, Table> captured();

  abstract MigrationRunner runner();
}
