package dev.icebergops.maven;

import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.runner.RepairResult;
import dev.icebergops.runner.StagedRepair;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * {@code iceberg-ops:repair}: accepts the current checksum of every edited applied version and
 * marks every failed or interrupted version pending (fix its tables first). A staged data branch
 * such a version left unpublished fails the goal unless {@code staged} says what to do with it.
 */
@Mojo(name = "repair", requiresDependencyResolution = ResolutionScope.RUNTIME, threadSafe = true)
public class RepairMojo extends IcebergOpsMojo {

  /**
   * What to do with the branches staged data steps of failed or interrupted versions left
   * unpublished: {@code publish} an audited branch onto main (the next migrate does not write it
   * again), or {@code drop} it (the next migrate stages again); not set, such a branch fails the
   * goal.
   */
  @Parameter(property = "iceberg-ops.staged")
  String staged;

  @Override
  void run(MigrationRunner.Builder runner, String namespace) {
    MigrationRunner built = runner.build();
    RepairResult result =
        staged == null
            ? built.repair()
            : built.repair(StagedRepair.named(staged, "iceberg-ops.staged", namespace));
    if (result.changes().isEmpty()) {
      info("Nothing to repair in " + namespace);
    }
    result
        .changes()
        .forEach(c -> info("Repaired " + c.version() + " " + c.description() + ": " + c.change()));
  }
}
