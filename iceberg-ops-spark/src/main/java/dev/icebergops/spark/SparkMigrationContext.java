package dev.icebergops.spark;

import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.StagedBranch;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.iceberg.CatalogUtil;
import org.apache.iceberg.catalog.Catalog;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import scala.Option;
import scala.Tuple2;

/**
 * A migration's way into Spark: the session of the application the runner runs in, and the Spark
 * name of a table of the migration's namespace, for data steps written as Spark SQL or DataFrames
 * (a backfill, a copy between tables).
 *
 * <p>The Spark catalog that reaches the runner's catalog is the one named by the session's {@value
 * #CATALOG_CONF} setting, or else the session's current catalog ({@code spark.sql.defaultCatalog}).
 * Spark writes through that catalog, not through {@link MigrationContext#catalog()}: its commits
 * are not fenced by the runner's lease, so keep the schema changes on the context and the row
 * changes in Spark, and keep each data step idempotent. Binding commits the version's changes so
 * far ({@link MigrationContext#publishChanges()}), so that Spark sees them; the rest of the version
 * commits change by change. A data step staged on a branch ({@link MigrationContext#stageData})
 * writes in Spark on the branch's Spark name, {@link #branch}.
 *
 * <pre>{@code
 * public class V0002__BackfillAmount extends BaseMigration {
 *   @Override public void upgrade(MigrationContext ctx) {
 *     ctx.enforceColumn("orders", "amount", "decimal(12,2)", EnforceOptions.legacyArchival());
 *     SparkMigrationContext spark = SparkMigrationContext.of(ctx);
 *     spark.sql("UPDATE " + spark.table("orders")
 *         + " SET amount = CAST(amount__legacy_1 AS DECIMAL(12,2)) WHERE amount IS NULL");
 *   }
 *   ...
 * }
 * }</pre>
 */
public final class SparkMigrationContext {

  /** The Spark setting that names the Spark catalog of the runner's catalog. */
  public static final String CATALOG_CONF = "spark.iceberg-ops.catalog";

  private final MigrationContext context;
  private final SparkSession session;
  private final String catalog;

  private SparkMigrationContext(MigrationContext context, SparkSession session, String catalog) {
    this.context = context;
    this.session = session;
    this.catalog = catalog;
  }

  /**
   * Binds a migration context to the active Spark session of this thread, or else of the JVM.
   *
   * @param context the context the runner handed the migration
   * @return the Spark view of that context
   * @throws IllegalArgumentException if the context is null
   * @throws IllegalStateException if no Spark session is active, or the session has no Spark
   *     catalog of that name
   */
  public static SparkMigrationContext of(MigrationContext context) {
    if (context == null) {
      throw new IllegalArgumentException("Cannot bind Spark to a migration: the context is null");
    }
    Option<SparkSession> session = SparkSession.getActiveSession();
    if (session.isEmpty()) {
      session = SparkSession.getDefaultSession();
    }
    if (session.isEmpty()) {
      throw new IllegalStateException(
          ("Cannot bind Spark to a migration of namespace %s: no active SparkSession; build one"
                  + " before the runner runs (SparkSession.builder()...getOrCreate())")
              .formatted(context.namespace()));
    }
    return of(context, session.get());
  }

  /**
   * Binds a migration context to a Spark session.
   *
   * @param context the context the runner handed the migration
   * @param session the session that runs the data steps
   * @return the Spark view of that context
   * @throws IllegalArgumentException if the context or the session is null
   * @throws IllegalStateException if the session has no Spark catalog of the configured name
   */
  public static SparkMigrationContext of(MigrationContext context, SparkSession session) {
    if (context == null) {
      throw new IllegalArgumentException("Cannot bind Spark to a migration: the context is null");
    }
    if (session == null) {
      throw new IllegalArgumentException(
          "Cannot bind Spark to a migration of namespace %s: the session is null"
              .formatted(context.namespace()));
    }
    String catalog =
        catalogName(session, "bind Spark to a migration of namespace " + context.namespace());
    // Spark reads and commits through a client of its own: it must see the version's changes so
    // far, which a REST catalog's run would otherwise hold back until the version's end
    context.publishChanges();
    return new SparkMigrationContext(context, session, catalog);
  }

  /**
   * Builds the Iceberg catalog a Spark session's Iceberg catalog connects to, for the runner: the
   * one named by {@value #CATALOG_CONF} or else the session's current catalog, with its {@code
   * spark.sql.catalog.<name>.*} properties and the session's Hadoop configuration. Migrations run
   * by a runner on it reach the same tables as their Spark steps.
   *
   * <pre>{@code
   * SparkSession spark = SparkSession.builder().getOrCreate(); // spark-submit's settings
   * MigrationRunner runner = MigrationRunner.builder(SparkMigrationContext.icebergCatalog(spark))
   *     .namespace("sales").source(MigrationSource.classpath("com/acme/db/iceberg")).build();
   * runner.migrate();
   * }</pre>
   *
   * @param session the application's session
   * @return a new catalog client; close it when done if it is {@link java.io.Closeable}
   * @throws IllegalStateException if the session has no Spark catalog of that name
   */
  public static Catalog icebergCatalog(SparkSession session) {
    if (session == null) {
      throw new IllegalArgumentException("Cannot build the Iceberg catalog: the session is null");
    }
    String name = catalogName(session, "build the Iceberg catalog of the Spark session");
    Map<String, String> properties = new HashMap<>();
    for (Tuple2<String, String> setting :
        session.sparkContext().getConf().getAllWithPrefix("spark.sql.catalog." + name + ".")) {
      properties.put(setting._1(), setting._2());
    }
    return CatalogUtil.buildIcebergCatalog(
        name, properties, session.sparkContext().hadoopConfiguration());
  }

  private static String catalogName(SparkSession session, String action) {
    String catalog = session.conf().get(CATALOG_CONF, session.catalog().currentCatalog());
    if (!session.conf().contains("spark.sql.catalog." + catalog)) {
      throw new IllegalStateException(
          ("Cannot %s: the session has no catalog %s (set"
                  + " spark.sql.catalog.%s=org.apache.iceberg.spark.SparkCatalog with the runner's"
                  + " catalog properties, and %s or spark.sql.defaultCatalog to its name)")
              .formatted(action, catalog, catalog, CATALOG_CONF));
    }
    return catalog;
  }

  /** The Spark session the data steps run in. */
  public SparkSession spark() {
    return session;
  }

  /** The migration context this Spark view belongs to. */
  public MigrationContext context() {
    return context;
  }

  /**
   * The name of the Spark catalog that reaches the runner's catalog, for example {@code iceberg}.
   */
  public String catalog() {
    return catalog;
  }

  /**
   * Returns a table's name for Spark SQL and {@code spark.table(...)}: the context's qualified name
   * ({@link MigrationContext#qualified}) in this view's Spark catalog, each part quoted, for
   * example {@code `iceberg`.`sales`.`orders`}. It also drops Spark's cached copy of the table, so
   * Spark reads the schema the migration's earlier steps committed.
   *
   * @param name a bare table name ({@code "orders"}) or a dotted one ({@code "sales.orders"})
   * @return the quoted Spark name
   * @throws IllegalArgumentException if the name is null or blank
   */
  public String table(String name) {
    String sparkName =
        Arrays.stream((catalog + "." + context.qualified(name)).split("\\."))
            .map(part -> "`" + part.replace("`", "``") + "`")
            .collect(Collectors.joining("."));
    if (session.catalog().tableExists(sparkName)) {
      session.catalog().refreshTable(sparkName);
    }
    return sparkName;
  }

  /**
   * Returns the Spark name of a staged data step's branch ({@link MigrationContext#stageData}), for
   * Spark SQL and {@code spark.table(...)}: the table's name, as {@link #table}, with Iceberg's
   * branch selector, for example {@code
   * `iceberg`.`sales`.`payments`.`branch_stage_sales_0002_payments`}. INSERT, UPDATE, DELETE and
   * MERGE on that name commit to the branch; main stays what readers see until the step is
   * published. It drops Spark's cached copy of the table first, so that Spark sees the branch the
   * step has just made (a cached copy from before refuses it as missing).
   *
   * <pre>{@code
   * ctx.stageData("payments", StagedData.write(branch -> spark.sql(
   *         "UPDATE " + spark.branch(branch) + " SET amount_cents = CAST(amount * 100 AS BIGINT)"))
   *     .auditNoNulls("amount_cents"));
   * }</pre>
   *
   * <p>The branch is named in the statement rather than through the session's {@code
   * spark.wap.branch}: Iceberg's Spark writes follow {@code spark.wap.branch} only on a table whose
   * {@code write.wap.enabled} property is true, a table change the step would have to make and
   * undo, and the setting holds for every statement of the session while it is set, other threads'
   * included.
   *
   * @param branch the branch the step's write is handed
   * @return the quoted Spark name of the branch
   * @throws IllegalArgumentException if the branch is null or its table is not of the runner's
   *     catalog
   */
  public String branch(StagedBranch branch) {
    if (branch == null) {
      throw new IllegalArgumentException(
          "Cannot name a staged branch in Spark: the branch is null");
    }
    String table = branch.table().name();
    String prefix = context.catalog().name() + ".";
    if (!table.startsWith(prefix)) {
      throw new IllegalArgumentException(
          "Cannot name branch %s in Spark: its table %s is not of the runner's catalog %s"
              .formatted(branch.name(), table, context.catalog().name()));
    }
    return table(table.substring(prefix.length()))
        + ".`branch_"
        + branch.name().replace("`", "``")
        + "`";
  }

  /**
   * Runs one Spark SQL statement in this view's session.
   *
   * @param sqlText the statement
   * @return its result (for a query, not yet computed)
   */
  public Dataset<Row> sql(String sqlText) {
    return session.sql(sqlText);
  }
}
