package dev.icebergops.runner;

import dev.icebergops.runner.spi.RunnerSeam;

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
}
