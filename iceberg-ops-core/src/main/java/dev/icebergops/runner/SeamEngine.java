package dev.icebergops.runner;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.internal.CatalogMigrationContext;
import dev.icebergops.migration.internal.StepListener;
import dev.icebergops.runner.spi.RunnerSeam;
import dev.icebergops.state.TableDiff;
import java.util.List;

/**
 * The runner package's side of {@link RunnerSeam}: the toolkit's calls, on the runner's parts. The
 * seam loads it by name, and it installs itself, so that the runner never refers to it.
 */
final class SeamEngine implements RunnerSeam.Engine {

  static {
    RunnerSeam.install(new SeamEngine());
  }

  @Override
  public int forgetHistory(MigrationRunner runner) {
    return runner.forgetHistory();
  }

  @Override
  public boolean appliesBaselines(MigrationRunner runner) {
    return runner.appliesBaselines();
  }

  @Override
  public MigrationRunner.Builder baselines(MigrationRunner.Builder builder, boolean value) {
    return builder.baselines(value);
  }

  @Override
  public MigrationRunner.Builder presumedHistory(
      MigrationRunner.Builder builder, List<HistoryRecord> rows) {
    return builder.presumedHistory(rows);
  }

  @Override
  public MigrationContext versionContext(MigrationRunner runner, String version, boolean upgrade) {
    LeaseFence fence = LeaseFence.unleased(runner.catalog());
    fence.upgrading(upgrade ? version : null);
    return new CatalogMigrationContext(
        FencedCatalog.of(runner.catalog(), fence), runner.namespace(), StepListener.NONE, version);
  }

  @Override
  public TableChange change(TableDiff diff) {
    return TableChange.of(diff);
  }
}
