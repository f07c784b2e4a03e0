package dev.icebergops.maven;

import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.runner.RepairResult;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * {@code iceberg-ops:repair}: accepts the current checksum of every edited applied version and
 * marks every failed or interrupted version pending (fix its tables first).
 */
@Mojo(name = "repair", requiresDependencyResolution = ResolutionScope.RUNTIME, threadSafe = true)
public class RepairMojo extends IcebergOpsMojo {

  @Override
  void run(MigrationRunner.Builder runner, String namespace) {
    RepairResult result = runner.build().repair();
    if (result.changes().isEmpty()) {
      info("Nothing to repair in " + namespace);
    }
    result
        .changes()
        .forEach(c -> info("Repaired " + c.version() + " " + c.description() + ": " + c.change()));
  }
}
