package dev.icebergops.maven;

import dev.icebergops.runner.MigrationRunner;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * {@code iceberg-ops:validate}: the checks {@code migrate} runs first, on their own. Writes
 * nothing; an out-of-order, missing, edited, failed or interrupted version fails the build, each
 * finding on a line of the message.
 */
@Mojo(name = "validate", requiresDependencyResolution = ResolutionScope.RUNTIME, threadSafe = true)
public class ValidateMojo extends IcebergOpsMojo {

  /** Allows pending versions below the highest applied one. */
  @Parameter(property = "iceberg-ops.outOfOrder", defaultValue = "false")
  boolean outOfOrder;

  @Override
  void run(MigrationRunner.Builder runner, String namespace) {
    runner.outOfOrder(outOfOrder).build().validate();
    info(
        "Valid: %s has no out-of-order, missing, edited, failed or interrupted version"
            .formatted(namespace));
  }
}
