package dev.icebergops.maven;

import dev.icebergops.runner.MigrationResult;
import dev.icebergops.runner.MigrationRunner;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * {@code iceberg-ops:migrate}: validates, then applies the pending versions in order, holding the
 * namespace's run lease. The runner logs each version as it is applied; a version that fails fails
 * the build with the runner's message.
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
    MigrationResult result = runner.outOfOrder(outOfOrder).build().migrate(target);
    info(
        (result.steps().isEmpty()
                ? "Nothing to apply: " + namespace + " is at "
                : namespace + " is now at ")
            + result.current().orElse("none")
            + result.baseline().map(b -> " (from baseline " + b + ")").orElse(""));
  }
}
