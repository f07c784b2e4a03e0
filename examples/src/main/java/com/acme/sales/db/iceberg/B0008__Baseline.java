package com.acme.sales.db.iceberg;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;

import com.acme.sales.config.RetentionSettings;
import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.TableOptions;
import java.util.Map;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.SortOrder;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.types.Types;

/**
 * The sales tables as {@code V0001} to {@code V0008} leave them, built directly: a fresh namespace
 * gets this baseline and then {@code V0009} onwards, instead of walking the eight versions up. 0008
 * is the cut because it closes the first round of orders' evolution (rename, promotion, clustering,
 * the shipping struct) and comes before orders' partition spec evolves ({@code V0009}) and before
 * the shipping struct and the e-mail column change again ({@code V0010}, {@code V0011}), which stay
 * versions of their own.
 *
 * <p>Each table is created in one step with its schema at 0008, column order, docs and required
 * flags included, and its partition spec, sort order and properties:
 *
 * <ul>
 *   <li>{@code orders}: {@code amount} already named {@code total} (0006), {@code quantity} already
 *       a long (0004), {@code region} (0003) and the {@code shipping} struct (0008) at the end;
 *       partitioned by day of {@code created_at} (0001), sorted by {@code customer_id} then {@code
 *       created_at} with range distribution (0007), zstd Parquet (0001), and the snapshot retention
 *       of the team's {@link RetentionSettings} (0007; injected the same way, through the
 *       constructor that takes them).
 *   <li>{@code events}: {@code duration} a string (0005), with the archived int column {@code
 *       duration__legacy_1} where 0005's legacy archival leaves it, second, documented {@code
 *       [ARCHIVED] Seconds}; the new {@code duration} comes last, where 0005 added it.
 * </ul>
 *
 * <p><b>Data.</b> The baseline writes no rows, and a fresh install needs none: no version up to
 * 0008 writes data. {@code V0004}'s quality gate only reads orders (refusing negative quantities),
 * and an empty table passes it; {@code V0005}'s archival keeps the int durations of rows written
 * before it, and a fresh install has none, so {@code duration__legacy_1} is created empty. It is
 * created all the same: the versions above and the strict events contract expect the column, and a
 * namespace built by the baseline must look like one that walked the chain. Namespaces that hold
 * data already have history, so they keep walking the chain and never run this class.
 *
 * <p>The downgrade drops (and purges) both tables, back to 0000 in one step; unlike {@code V0004}
 * and {@code V0005}, a baseline is reversible because there is nothing older to go back to.
 */
public class B0008__Baseline extends BaseMigration {

  static final Schema ORDERS =
      new Schema(
          required(1, "order_id", Types.LongType.get(), "Order number"),
          required(2, "customer_id", Types.LongType.get(), "The customer who placed the order"),
          optional(3, "customer_email", Types.StringType.get(), "Contact e-mail (personal data)"),
          optional(4, "total", Types.DecimalType.of(10, 2), "Gross total in EUR"),
          optional(5, "quantity", Types.LongType.get(), "Number of items"),
          optional(6, "created_at", Types.TimestampType.withZone(), "When the order was placed"),
          optional(7, "region", Types.StringType.get(), "Sales region, e.g. EMEA"),
          optional(
              8,
              "shipping",
              Types.StructType.of(
                  optional(9, "street", Types.StringType.get(), "Street and house number"),
                  optional(10, "city", Types.StringType.get()),
                  optional(11, "postcode", Types.StringType.get())),
              "Shipping address"));

  static final Schema EVENTS =
      new Schema(
          required(1, "id", Types.LongType.get(), "Event id"),
          optional(2, "duration__legacy_1", Types.IntegerType.get(), "[ARCHIVED] Seconds"),
          optional(3, "ts", Types.TimestampType.withZone(), "When the event happened"),
          optional(4, "duration", Types.StringType.get(), "ISO-8601 duration"));

  private final RetentionSettings retention;

  /** With the default retention: five snapshots, one week. */
  public B0008__Baseline() {
    this(RetentionSettings.DEFAULTS);
  }

  /**
   * With the team's retention, as {@code V0007__ClusterOrdersByCustomer} takes it.
   *
   * @param retention how long orders keep their snapshots
   */
  public B0008__Baseline(RetentionSettings retention) {
    this.retention = retention;
  }

  @Override
  public void upgrade(MigrationContext ctx) {
    ctx.createTableIfNotExists(
        "orders",
        ORDERS,
        TableOptions.defaults()
            .withPartitionSpec(PartitionSpec.builderFor(ORDERS).day("created_at").build())
            .withSortOrder(
                SortOrder.builderFor(ORDERS).asc("customer_id").asc("created_at").build())
            .withProperties(
                Map.of(
                    TableProperties.PARQUET_COMPRESSION,
                    "zstd",
                    TableProperties.WRITE_DISTRIBUTION_MODE,
                    "range",
                    TableProperties.MIN_SNAPSHOTS_TO_KEEP,
                    Integer.toString(retention.minSnapshots()),
                    TableProperties.MAX_SNAPSHOT_AGE_MS,
                    Long.toString(retention.maxSnapshotAge().toMillis()))));
    ctx.createTableIfNotExists("events", EVENTS);
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    ctx.dropTableIfExists("events");
    ctx.dropTableIfExists("orders");
  }
}
