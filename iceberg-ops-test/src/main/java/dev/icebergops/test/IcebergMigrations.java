package dev.icebergops.test;

import dev.icebergops.migration.Migration;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs each test of a class against a real Iceberg REST catalog and S3 store, in a fresh namespace
 * at a version: a copy of the class's template at that version, built once per class by one walk up
 * the migrations, so that a test's cost does not grow with the chain. Afterwards rolls back what
 * the test applied beyond its version, checks that no trace is left, and drops the namespace with
 * its rows in the history table that the tests of the class share.
 *
 * <pre>{@code
 * @IcebergMigrations(locations = "classpath:com/acme/sales/db/iceberg", irreversible = "0003")
 * class SalesMigrationsTest implements MigrationSuite {   // the standard checks, for free
 *
 *   @Test @MigrateTo("0002")
 *   void durationsSurviveTheRetype(MigrationRunner runner, IcebergTestData data) {
 *     data.append("events", Map.of("id", 1L, "duration", 42));
 *     runner.migrate();
 *     assertThat(data.rows("events")).extracting("duration__legacy_1").containsExactly(42);
 *   }
 * }
 * }</pre>
 *
 * <p>Injectable parameters: {@code Catalog}, {@link dev.icebergops.runner.MigrationRunner}, {@link
 * dev.icebergops.migration.MigrationContext}, {@link
 * dev.icebergops.test.env.IcebergTestEnvironment}, {@link IcebergTestData}, and a {@code Table}
 * annotated with {@link IcebergTable}. One environment serves the whole run (started on first use,
 * closed at the end); every test has its own namespace, so classes and methods may run in parallel.
 *
 * <p>After a class whose tests ran standard checks ({@link MigrationSuite}, {@link
 * StandardChecks}), a report of them is written to {@code target/iceberg-ops/<TestClass>.md} and
 * {@code .html} ({@code build/} under Gradle; the configuration parameter or system property {@code
 * iceberg-ops.report.dir} chooses another directory), and its summary is logged at INFO (WARN when
 * a check failed) by the logger {@code dev.icebergops.test.MigrationSuite}: the checks' results,
 * the report's path, and a table of each version's outcome in each check.
 *
 * <p>Mistakes in this configuration (no or several locations, a missing contracts directory, an
 * unknown version) fail the class once, before its first test, with an {@link
 * org.junit.jupiter.api.extension.ExtensionConfigurationException} that names the attribute at
 * fault. {@code @Nested} classes use their enclosing class's configuration. For what an annotation
 * cannot say (a team's own environment, a migration factory), see {@link
 * IcebergMigrationsExtension#builder()}; the containers backend is configured by {@link
 * IcebergContainers}.
 */
@Target({ElementType.TYPE, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(IcebergMigrationsExtension.class)
public @interface IcebergMigrations {

  /** The migration location, e.g. {@code classpath:com/acme/sales/db/iceberg}; exactly one. */
  String[] locations() default {};

  /** Migration classes, instead of a location. */
  Class<? extends Migration>[] classes() default {};

  /** The start of every test namespace's name; the test class's name when empty. */
  String namespacePrefix() default "";

  /** Where the catalog and store run; see {@link Backend} for the run-wide override. */
  Backend backend() default Backend.EMBEDDED;

  /**
   * The version every test is migrated to unless {@link MigrateTo} says otherwise; head if empty.
   */
  String target() default "";

  /**
   * The lowest version a down-pass should reach: the after-test rollback and the suite's checks.
   * With {@link #startFrom()}, {@code 0000} (the default) means the snapshot's recorded version, a
   * version above it is honoured by the standard checks (their rollback from head stops there for
   * the no-trace comparison, with the shape right after that version's upgrade, then goes on down
   * to the snapshot's version), and a version below it fails the class before its first test
   * ("Cannot configure downTo ..."): the snapshot's shape at a version below its own is unknown.
   */
  String downTo() default "0000";

  /** Versions whose downgrade may be irreversible without failing a test. */
  String[] irreversible() default {};

  /**
   * Whether to roll back after each test and check that no trace is left: by default what the test
   * applied beyond the version it started at is rolled back, and the namespace compared with the
   * template it was copied from (see {@link #fullRollbackEachTest()}).
   */
  boolean checkDowngrade() default true;

  /**
   * Whether each test is rolled back all the way down to {@link #downTo()} after it runs, rather
   * than to the version it started at. Every downgrade from the test's version down then runs once
   * per test, so a test's cost grows again with the chain's length (about as its square: each
   * downgrade commits metadata that holds every earlier schema); the standard checks already walk
   * every downgrade once per class. Off by default.
   */
  boolean fullRollbackEachTest() default false;

  /**
   * Whether each test's copy of its class's template is made with every earlier schema of its
   * tables ({@code table.schemas()}), as a namespace migrated to the same version has them. Iceberg
   * keeps every schema a migration made in the table's metadata, so on a long chain that reshapes
   * one table that metadata grows about as the square of the chain, and a copy made with it costs
   * about that (see the guide's "What it costs").
   *
   * <p>Off (the default), a copy starts with each table's current schema and the one of the highest
   * id only (the same field ids, schema ids and last column id), so a test costs about the same at
   * any chain length; the schemas left out are put back, under their own ids and keeping what the
   * test changed, just before the first rollback in the copy runs (the one after the test, or one
   * the test calls), since a downgrade may look one up ({@code restoreSchema}, say). What the test
   * body itself sees in {@code table.schemas()} before any rollback is then the two schemas only.
   * On, every copy is made with all of them. The templates, the standard checks and the tests that
   * migrate their own namespace keep every schema either way.
   */
  boolean copySchemaHistory() default false;

  /** The directory of YAML contracts ({@code <table>.yaml}) that head must conform to, if any. */
  String contracts() default "";

  /**
   * The values that data migrations write: for each {@link Backfill}, the data check expects the
   * declared column of the rows written before its version to read what its {@link BackfillValues}
   * computes (or its {@code fillNulls} value where it read null), instead of reporting new values
   * where the rows had some as a loss, or leaving a fill of nulls unchecked; a wrong value fails
   * the check at that version, with the rows. A rewrite that keeps every row (a compaction, say)
   * needs no declaration: the check follows rows by their values, not by their files.
   *
   * <pre>{@code
   * @IcebergMigrations(
   *     locations = "classpath:com/acme/payments/db/iceberg",
   *     backfills = @Backfill(version = "0002", table = "payments", column = "amount_cents",
   *         values = AmountInCents.class, description = "amount x 100"))
   * }</pre>
   */
  Backfill[] backfills() default {};

  /**
   * A snapshot of production's shape that every test's namespace starts from instead of an empty
   * one, e.g. {@code classpath:snapshots/prod/sales} (or a directory): the files {@code iceberg-ops
   * snapshot export} writes. Its tables are registered in the test's namespace with their field
   * ids, specs, sort orders and properties, its history rows are written as the namespace's, and
   * the versions after the recorded one are migrated (to {@link #target()}, or head). A version
   * that fails there fails the test with its error and the drift between the snapshot and what the
   * migrations make at the recorded version, which is usually why. After the test, what it applied
   * is rolled back to the recorded version and checked for traces. Versions at or below the
   * recorded one are production's and are never run; the namespaces are not copied from the class's
   * template. A test at {@code @MigrateTo("0000")} starts at the snapshot, nothing migrated.
   *
   * <p>The standard checks ({@link MigrationSuite}) start from the snapshot too: their journey's
   * namespace is the snapshot registered, the versions above the recorded one are applied up to
   * head and checked (idempotency, data written at the recorded version and at each version above,
   * contracts at head, history rows), then rolled back down to the recorded version (or to {@link
   * #downTo()} when it is above it) with the staircase after each downgrade, and the no-trace check
   * compares with the snapshot's shape. An upgrade that fails there reports the snapshot's drift
   * with its error. The baseline check, which compares with the chain from empty, is skipped. A
   * snapshot at head leaves nothing pending: each check passes with a note saying so.
   */
  String startFrom() default "";

  /** Whether field-id drift after a downgrade fails the reversibility check instead of warning. */
  boolean strictFieldIds() default false;

  /**
   * Whether a migration the location skips (a migration class in a mistyped package next to it,
   * logged as {@code Skipping ...}) fails every migrate of the class's runners with {@code Cannot
   * migrate <namespace>: ...}, instead of a warning only.
   */
  boolean failOnSkippedMigrations() default false;
}
