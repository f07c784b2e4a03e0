package dev.icebergops.runner.spi;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.internal.HistoryTable;
import dev.icebergops.history.internal.HistoryWriter;
import dev.icebergops.history.internal.RebaseLimit;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.internal.StagedBranches;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.runner.TableChange;
import dev.icebergops.state.TableDiff;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;

/**
 * The test toolkit's way into a {@link MigrationRunner}: the writes and settings it needs that are
 * not operations of the public runner. Each call goes to the runner package ({@link Engine}), which
 * keeps them under the same lease and conflict checks as its runs.
 */
public final class RunnerSeam {

  /** The runner package's engine, package-private there; it installs itself when loaded. */
  private static final String ENGINE = "dev.icebergops.runner.SeamEngine";

  private static volatile Engine engine;

  private RunnerSeam() {}

  /** What the runner package gives the seam; it installs itself once, when the seam loads it. */
  public interface Engine {

    /** See {@link RunnerSeam#forgetHistory}. */
    int forgetHistory(MigrationRunner runner);

    /** See {@link RunnerSeam#appliesBaselines}. */
    boolean appliesBaselines(MigrationRunner runner);

    /** See {@link RunnerSeam#baselines}. */
    MigrationRunner.Builder baselines(MigrationRunner.Builder builder, boolean value);

    /** See {@link RunnerSeam#presumedHistory}. */
    MigrationRunner.Builder presumedHistory(
        MigrationRunner.Builder builder, List<HistoryRecord> rows);

    /** See {@link RunnerSeam#versionContext}. */
    MigrationContext versionContext(MigrationRunner runner, String version, boolean upgrade);

    /** See {@link RunnerSeam#change}. */
    TableChange change(TableDiff diff);
  }

  /**
   * Installs the runner package's engine; called once, by the engine as it is loaded.
   *
   * @throws IllegalStateException if an engine is installed already
   */
  public static synchronized void install(Engine value) {
    if (engine != null) {
      throw new IllegalStateException("Cannot install the runner seam: it is installed already");
    }
    engine = Objects.requireNonNull(value, "engine");
  }

  /**
   * Records the history rows of namespaces that have none yet (not even a run's lease) in the
   * runner's history table, all in one commit: for namespaces made as copies of another (the
   * toolkit's copies of a template, a registered {@link dev.icebergops.snapshot.ShapeSnapshot}),
   * one commit for many namespaces instead of a run each.
   *
   * @param runner the runner whose history table is written
   * @param rows each namespace's rows; each row's {@link HistoryRecord#namespace()} must be the
   *     namespace it is listed under
   * @throws IllegalArgumentException if a row is listed under another namespace than its own
   * @throws dev.icebergops.history.HistoryConflictException if one of the namespaces has history
   *     already, or another writer gave it some concurrently; nothing was written then
   */
  public static void seedHistory(MigrationRunner runner, Map<String, List<HistoryRecord>> rows) {
    TableIdentifier table = runner.historyTable().tableIdentifier();
    new HistoryWriter(new HistoryTable(runner.catalog(), table)).seed(rows);
  }

  /**
   * How many writes of the runner's history table this JVM has started so far, by any runner: while
   * the count stays the same, no runner of this JVM changed the table's rows (see {@link
   * HistoryWriter#writesStarted}).
   */
  public static long historyWrites(MigrationRunner runner) {
    return HistoryWriter.writesStarted(runner.historyTable().tableIdentifier());
  }

  /**
   * Deletes every history row of the runner's namespace, under its run lease: the namespace then
   * reads as never migrated (for a namespace whose tables were dropped, such as a test's scratch
   * namespace). Its tables are not touched. Writes nothing when the namespace has no history.
   *
   * @return how many rows were deleted
   * @throws dev.icebergops.runner.ConcurrentMigrationException if another run holds the lease
   */
  public static int forgetHistory(MigrationRunner runner) {
    return engine().forgetHistory(runner);
  }

  /**
   * Whether {@code migrate} on this runner applies a baseline to a namespace without history (every
   * runner does but those of {@link #withoutBaselines}).
   */
  public static boolean appliesBaselines(MigrationRunner runner) {
    return engine().appliesBaselines(runner);
  }

  /**
   * The runner with every setting of {@code runner} but that it never applies a baseline: every
   * namespace walks the chain of versioned migrations (the toolkit's journey and checks, where a
   * baseline must not stand in for the versions below it); a namespace a baseline already built is
   * still read as such.
   *
   * @return {@code runner} itself when it applies no baseline already
   */
  public static MigrationRunner withoutBaselines(MigrationRunner runner) {
    return appliesBaselines(runner) ? baselines(runner.toBuilder(), false).build() : runner;
  }

  /**
   * Whether the built runner's {@code migrate} applies baseline migrations (on for every runner but
   * those this turned off): a namespace with no history row at all takes the highest baseline at or
   * below the target, then the versions above it. Off, see {@link #withoutBaselines}.
   *
   * @return the builder
   */
  public static MigrationRunner.Builder baselines(MigrationRunner.Builder builder, boolean value) {
    return engine().baselines(builder, value);
  }

  /**
   * Makes the built runner read {@code rows} as its namespace's history while the history table
   * holds nothing of that namespace (no row, no lease): for a namespace made as a copy of another
   * (the toolkit's copies of a template, in a history table of their class's own), whose copied
   * rows its first history write (taking the run's lease, say) then stores with its own, so that a
   * copy no test migrates writes no history at all. Runners built from its {@link
   * MigrationRunner#toBuilder()} read them too; {@code MigrationHistory} does not (it reads what is
   * stored). A namespace whose stored history is forgotten ({@link #forgetHistory}) reads them
   * again.
   *
   * @param rows the rows, each read under its own namespace
   * @return the builder
   */
  public static MigrationRunner.Builder presumedHistory(
      MigrationRunner.Builder builder, List<HistoryRecord> rows) {
    return engine().presumedHistory(builder, rows);
  }

  /**
   * The context in which a run would upgrade or downgrade {@code version} of the runner's
   * namespace, for running it again outside a run (the toolkit's second passes): an upgrade's first
   * commit to each table records the schema before it, which {@link
   * MigrationContext#restoreSchemaBeforeUpgrade} in the downgrade's context reads. Unlike a run's,
   * it takes no lease and writes no history.
   *
   * @param upgrade true for the context of the version's upgrade, false for its downgrade's
   */
  public static MigrationContext versionContext(
      MigrationRunner runner, String version, boolean upgrade) {
    return engine().versionContext(runner, version, upgrade);
  }

  /**
   * What one table's diff is in a preview's words, each change with its class: the same as {@link
   * MigrationRunner#preview()} reports, for the toolkit's checks that diff states a walk captured.
   */
  public static TableChange change(TableDiff diff) {
    return engine().change(diff);
  }

  /**
   * The table and branch a history row's step staged data of ({@code stage data of ns.t on branch
   * B}, see {@link MigrationContext#stageData}), for the toolkit's report.
   *
   * @return the qualified table and the branch, empty if the step is not a stage step
   */
  public static Optional<Map.Entry<String, String>> stagedStep(String step) {
    return StagedBranches.staged(step);
  }

  /**
   * {@code table}, whose snapshot commits (an append) start from the metadata it holds until the
   * catalog refuses one: Iceberg's own read the table from the catalog before applying and again
   * after committing, two loads that a table just loaded and the commit's answer make needless. For
   * the toolkit's appends to a table it has just loaded ({@link RebaseLimit}).
   */
  public static Table committingAsLoaded(Table table) {
    return RebaseLimit.asLoaded(table);
  }

  private static Engine engine() {
    if (engine == null) {
      try {
        Class.forName(ENGINE, true, RunnerSeam.class.getClassLoader());
      } catch (ClassNotFoundException e) {
        throw new IllegalStateException("Cannot reach the runner: " + ENGINE + " is missing", e);
      }
    }
    return engine;
  }
}
