package dev.icebergops.maven;

import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.runner.MigrationStatus;
import dev.icebergops.tooling.TextTable;
import java.util.List;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.ResolutionScope;

/** {@code iceberg-ops:status}: every version and where it stands. Writes nothing. */
@Mojo(name = "status", requiresDependencyResolution = ResolutionScope.RUNTIME, threadSafe = true)
public class StatusMojo extends IcebergOpsMojo {

  @Override
  void run(MigrationRunner.Builder runner, String namespace) {
    List<MigrationStatus> status = runner.build().status();
    if (status.isEmpty()) {
      info("No migrations for " + namespace);
      return;
    }
    info("Versions of " + namespace + ":");
    TextTable.versions(status, MigrationStatus::note).forEach(line -> info("  " + line));
  }
}
