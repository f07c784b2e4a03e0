package dev.icebergops.runner;

import dev.icebergops.testing.ChildJvm;
import org.apache.iceberg.rest.RESTCatalog;

/**
 * The child JVM of the staged crash tests: migrates a namespace at 0001 of {@link StagedPayments}
 * to 0002 (the step of {@link StagedFixtures#appendThreeRows}) and halts the JVM at a {@link Point}
 * of 0002's staged step. Arguments: a properties file with the catalog properties, the namespace,
 * the meta-namespace, the point.
 */
public final class StagedCrashingRun {

  /** Where the JVM halts. */
  enum Point {
    /** In the audit: the branch written, not audited. */
    IN_AUDIT,
    /** At the fast-forward of main onto the branch: the branch written and audited. */
    AT_PUBLISH
  }

  private StagedCrashingRun() {}

  public static void main(String[] args) throws Exception {
    Point point = Point.valueOf(args[3]);
    StagedFixtures.haltInAudit = point == Point.IN_AUDIT;
    StagedFixtures.appendThreeRows(args[1], true);
    RESTCatalog catalog =
        ChildCatalog.open(
            args[0],
            "crashing",
            point == Point.IN_AUDIT
                ? new RESTCatalog()
                : StagedFixtures.failingPublish(() -> Runtime.getRuntime().halt(137)));
    MigrationRunner.builder(catalog)
        .namespace(args[1])
        .metaNamespace(args[2])
        .timeout(ChildJvm.REMOTE_BOUND)
        .source(StagedFixtures.source())
        .build()
        .migrate();
    throw new IllegalStateException("Cannot get here: 0002 halts the JVM");
  }
}
