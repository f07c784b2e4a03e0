package dev.icebergops.runner;

import dev.icebergops.migration.MigrationSource;
import dev.icebergops.testing.ChildJvm;
import org.apache.iceberg.rest.RESTCatalog;

/**
 * The child JVM of the crash test: migrates a namespace whose 0002 halts the JVM between its two
 * commits. Arguments: a properties file with the catalog properties, the namespace, the
 * meta-namespace.
 */
public final class CrashingRun {

  private CrashingRun() {}

  public static void main(String[] args) throws Exception {
    RESTCatalog catalog = ChildCatalog.open(args[0], "crashing");
    MigrationRunner.builder(catalog)
        .namespace(args[1])
        .metaNamespace(args[2])
        .timeout(ChildJvm.REMOTE_BOUND)
        .source(
            MigrationSource.of(
                FailureFixtures.V0001__CreateT.class, FailureFixtures.V0002__AddAHaltAddB.class))
        .build()
        .migrate();
    throw new IllegalStateException("Cannot get here: 0002 halts the JVM");
  }
}
