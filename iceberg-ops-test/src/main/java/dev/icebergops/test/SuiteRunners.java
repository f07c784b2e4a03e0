package dev.icebergops.test;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.migration.ChangeClass;
import dev.icebergops.migration.ResolvedMigration;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.runner.RunEvent;
import dev.icebergops.runner.spi.RunnerSeam;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.apache.iceberg.catalog.Catalog;

/**
 * The runners of one test class, each of one namespace, with the class's migrations and factory:
 * the one place that sets what only the toolkit asks of a runner (a hook before downgrades, no
 * baselines).
 *
 * @param metaNamespace the namespace of the class's shared history
 * @param migrations the class's migrations, baselines included, in version order
 */
record SuiteRunners(
    Catalog catalog, SuiteConfig config, String metaNamespace, List<ResolvedMigration> migrations) {

  /** Copies the migrations. */
  SuiteRunners {
    migrations = List.copyOf(migrations);
  }

  /**
   * A runner of {@code namespace} whose history is a table of its own, in {@code
   * <namespace>_history}: its many commits then never grow the metadata of the history table that
   * the tests read.
   */
  MigrationRunner alone(String namespace) {
    return alone(namespace, event -> {});
  }

  /** As {@link #alone(String)}, telling {@code onEvent} of what happens during its runs. */
  MigrationRunner alone(String namespace, Consumer<RunEvent> onEvent) {
    return builder(namespace, namespace + "_history").onEvent(onEvent).build();
  }

  /**
   * A test's runner, which reads {@code presumed} as its history while it has stored none, and
   * calls {@code beforeDowngrades} before each run of downgrades.
   */
  MigrationRunner forTest(
      String namespace, List<HistoryRecord> presumed, Consumer<List<String>> beforeDowngrades) {
    return RunnerSeam.presumedHistory(builder(namespace, metaNamespace), presumed)
        .onEvent(
            event -> {
              if (event instanceof RunEvent.DowngradesStarting starting) {
                beforeDowngrades.accept(starting.versions());
              }
            })
        .build();
  }

  /** The standard checks' journey's runner, which walks the whole chain: no baselines. */
  MigrationRunner forJourney(String namespace, Consumer<RunEvent> onEvent) {
    return RunnerSeam.baselines(builder(namespace, metaNamespace).onEvent(onEvent), false).build();
  }

  /**
   * The class's migrations up to {@code upTo} (all of them when null), baselines included, each
   * with its checksum and the declarations its checksum leaves out: {@code
   * B0003=<checksum>;V0004=<checksum>{DESTRUCTIVE=why};}. What a template or a kept verdict of the
   * class is keyed by.
   */
  String chain(String upTo) {
    return migrations.stream()
        .filter(m -> upTo == null || m.version().compareTo(upTo) <= 0)
        .map(
            m ->
                (m.isBaseline() ? "B" : "V") + m.version() + "=" + m.checksum() + declared(m) + ";")
        .collect(Collectors.joining());
  }

  private MigrationRunner.Builder builder(String namespace, String meta) {
    return MigrationRunner.builder(catalog)
        .namespace(namespace)
        .metaNamespace(meta)
        .factory(config.factory())
        .source(config.source())
        .failOnSkippedMigrations(config.failOnSkippedMigrations());
  }

  /** What a migration's class declares, {@code {DESTRUCTIVE=why}}, or "" for nothing. */
  private static String declared(ResolvedMigration migration) {
    Map<ChangeClass, String> declared = ChangeClass.declaredBy(migration.migration().getClass());
    return declared.isEmpty() ? "" : declared.toString();
  }
}
