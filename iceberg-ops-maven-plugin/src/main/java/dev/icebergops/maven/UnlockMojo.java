package dev.icebergops.maven;

import dev.icebergops.runner.MigrationRunner;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * {@code iceberg-ops:unlock}: releases the namespace's run lease, whoever holds it. Only for a run
 * known to be gone: a run still holding it fails on its next write.
 */
@Mojo(name = "unlock", requiresDependencyResolution = ResolutionScope.RUNTIME, threadSafe = true)
public class UnlockMojo extends IcebergOpsMojo {

  @Override
  void run(MigrationRunner.Builder runner, String namespace) {
    info(
        runner
            .build()
            .releaseLease()
            .map(l -> "Released the run lease of " + namespace + " held by " + l)
            .orElse("No run lease is held on " + namespace));
  }
}
