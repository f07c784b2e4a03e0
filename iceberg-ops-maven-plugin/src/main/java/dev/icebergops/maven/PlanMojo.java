package dev.icebergops.maven;

import dev.icebergops.migration.ChangeClass;
import dev.icebergops.runner.MigrationPreview;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.runner.MigrationStatus;
import dev.icebergops.tooling.TextTable;
import java.util.List;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * {@code iceberg-ops:plan}: the versions {@code migrate} would apply; with {@code preview}, what
 * each would change per table, run on an in-memory shadow of the live tables. Writes nothing.
 */
@Mojo(name = "plan", requiresDependencyResolution = ResolutionScope.RUNTIME, threadSafe = true)
public class PlanMojo extends IcebergOpsMojo {

  /**
   * Runs the pending versions on an in-memory shadow of the live tables and shows what each would
   * change, and the error a version would fail with (which fails the build).
   */
  @Parameter(property = "iceberg-ops.preview", defaultValue = "false")
  boolean preview;

  /**
   * With {@code preview}: fails the build when a pending version makes a change of this class
   * ({@code breaking} or {@code destructive}) or worse that its migration class does not declare
   * ({@code @Breaking}, {@code @Destructive}), naming each.
   */
  @Parameter(property = "iceberg-ops.failOn")
  String failOn;

  @Override
  void run(MigrationRunner.Builder builder, String namespace) {
    if (failOn != null && !preview) {
      throw new IllegalArgumentException("Cannot plan: failOn needs preview");
    }
    ChangeClass gate = failOn == null ? null : ChangeClass.gate(failOn);
    MigrationRunner runner = builder.build();
    if (preview) {
      MigrationPreview result = runner.preview();
      result.text().lines().forEach(this::info);
      if (result.wouldFail()) {
        throw new IllegalStateException(
            "Cannot migrate " + namespace + ": the preview shows a version that would fail");
      }
      List<String> undeclared = gate == null ? List.of() : result.undeclared(gate);
      if (!undeclared.isEmpty()) {
        throw new IllegalStateException(
            "Cannot pass the gate failOn=%s on %s: %s"
                .formatted(gate.label(), namespace, String.join("; ", undeclared)));
      }
      return;
    }
    List<MigrationStatus> pending = runner.plan();
    if (pending.isEmpty()) {
      info("Nothing to apply: " + namespace + " is up to date");
      return;
    }
    info("Pending versions of " + namespace + ":");
    TextTable.versions(pending, s -> s.isBaseline() ? "baseline" : null)
        .forEach(line -> info("  " + line));
  }
}
