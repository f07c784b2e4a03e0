package dev.icebergops.maven;

import dev.icebergops.runner.MigrationResult;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.tooling.MigrateSummary;
import java.time.Duration;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * {@code iceberg-ops:migrate}: validates, then applies the pending versions in order, holding the
 * namespace's run lease. The runner logs each version as it is applied, with its time; the goal
 * ends with where the namespace is and what the versions cost ({@link MigrateSummary}). A version
 * that fails fails the build with the runner's message.
 */
@Mojo(name = "migrate", requiresDependencyResolution = ResolutionScope.RUNTIME, threadSafe = true)
public class MigrateMojo extends IcebergOpsMojo {

  /** The highest version to apply; all pending versions when not set. */
  @Parameter(property = "iceberg-ops.target")
  String target;

  /** Allows pending versions below the highest applied one. */
  @Parameter(property = "iceberg-ops.outOfOrder", defaultValue = "false")
  boolean outOfOrder;

  @Override
  void run(MigrationRunner.Builder runner, String namespace) {
    long start = System.nanoTime();
    MigrationResult result = runner.outOfOrder(outOfOrder).build().migrate(target);
    MigrateSummary.lines(result, Duration.ofNanos(System.nanoTime() - start)).forEach(this::info);
  }
}
