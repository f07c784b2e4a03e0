package dev.icebergops.runner;

import dev.icebergops.migration.Migration;
import dev.icebergops.migration.MigrationSource;
import dev.icebergops.testing.ChildJvm;
import java.util.List;
import org.apache.iceberg.catalog.TableCommit;
import org.apache.iceberg.rest.RESTCatalog;

/**
 * The child JVM of the crash tests: migrates a namespace to 0002 and halts the JVM at a {@link
 * Point} of 0002. Arguments: a properties file with the catalog properties, the namespace, the
 * meta-namespace, the point.
 */
public final class CrashingRun {

  /** Where the JVM halts. */
  enum Point {
    /** In 0002's upgrade, between its two steps. */
    BETWEEN_STEPS,
    /**
     * After 0002's history row is written to the store (its Parquet data file, manifest and
     * manifest list), just before the multi-table commit that carries it with 0002's changes goes
     * out.
     */
    BEFORE_VERSION_COMMIT
  }

  private CrashingRun() {}

  public static void main(String[] args) throws Exception {
    Point point = Point.valueOf(args[3]);
    String meta = args[2];
    RESTCatalog catalog =
        ChildCatalog.open(
            args[0],
            "crashing",
            point == Point.BETWEEN_STEPS ? new RESTCatalog() : haltingBeforeVersionCommit(meta));
    Class<? extends Migration> second =
        point == Point.BETWEEN_STEPS
            ? FailureFixtures.V0002__AddAHaltAddB.class
            : FailureFixtures.V0002__AddAAndB.class;
    MigrationRunner.builder(catalog)
        .namespace(args[1])
        .metaNamespace(meta)
        .timeout(ChildJvm.REMOTE_BOUND)
        .source(MigrationSource.of(FailureFixtures.V0001__CreateT.class, second))
        .build()
        .migrate();
    throw new IllegalStateException("Cannot get here: 0002 halts the JVM");
  }

  /**
   * A client that halts the JVM when a multi-table commit carries a history write (a commit to the
   * history table with changes, not only the lease's proof): the version's one commit.
   */
  private static RESTCatalog haltingBeforeVersionCommit(String meta) {
    return new RESTCatalog() {
      @Override
      public void commitTransaction(List<TableCommit> commits) {
        if (commits.size() > 1
            && commits.stream()
                .anyMatch(
                    c ->
                        c.identifier().namespace().toString().equals(meta)
                            && !c.updates().isEmpty())) {
          Runtime.getRuntime().halt(137);
        }
        super.commitTransaction(commits);
      }
    };
  }
}
