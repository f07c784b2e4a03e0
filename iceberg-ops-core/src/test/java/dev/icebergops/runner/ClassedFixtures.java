package dev.icebergops.runner;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;

import dev.icebergops.migration.Destructive;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.PartitionFieldSpec;
import dev.icebergops.migration.SortColumn;
import dev.icebergops.migration.StagedData;
import dev.icebergops.runner.PreviewFixtures.Forward;
import dev.icebergops.schema.EnforceOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.GenericFileWriterFactory;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.io.DataWriter;
import org.apache.iceberg.io.OutputFileFactory;
import org.apache.iceberg.types.Types;

/**
 * One version per {@link MigrationContext} helper (and per change made through a table or the
 * catalog the context hands out), after {@link PreviewFixtures.V0001__CreateOrders}, for the change
 * classes' tests: each version's javadoc says the class its change has.
 */
final class ClassedFixtures {

  private ClassedFixtures() {}

  /** Every version, in order. */
  static final List<Class<? extends Forward>> CHAIN =
      List.of(
          V0002__CreateCustomers.class,
          V0003__AddRegion.class,
          V0004__EnforceNewChannel.class,
          V0005__PromoteQty.class,
          V0006__RenameNote.class,
          V0007__DocRegion.class,
          V0008__PartitionByRegion.class,
          V0009__SortById.class,
          V0010__ClusterByRegion.class,
          V0011__SetProperty.class,
          V0012__UnsetProperty.class,
          V0013__CompactionTarget.class,
          V0014__SnapshotRetention.class,
          V0015__DocThroughHelper.class,
          V0016__DeleteComment.class,
          V0017__RestoreComment.class,
          V0018__RequireChannel.class,
          V0019__AddRequiredColumn.class,
          V0020__AddAndPublish.class,
          V0021__StageBackfill.class,
          V0022__AppendCustomer.class,
          V0023__DeleteCustomers.class,
          V0024__ExpireOrders.class,
          V0025__RenameCustomers.class,
          V0026__DropCustomers.class,
          V0027__PurgeOrders.class);

  /** Additive: a new table (its columns are additive too). */
  public static class V0002__CreateCustomers extends Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.createTableIfNotExists(
          "customers",
          new Schema(
              required(1, "id", Types.LongType.get()),
              optional(2, "name", Types.StringType.get())));
    }
  }

  /** Additive: a new optional column. */
  public static class V0003__AddRegion extends Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.addColumn("orders", "region", "string");
    }
  }

  /** Additive: enforceColumn of a column the table lacks adds it, optional. */
  public static class V0004__EnforceNewChannel extends Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.enforceColumn("orders", "channel", "string");
    }
  }

  /** Compatible: a type promotion Iceberg allows. */
  public static class V0005__PromoteQty extends Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.enforceColumn("orders", "qty", "long", EnforceOptions.defaults());
    }
  }

  /** Breaking: a rename. */
  public static class V0006__RenameNote extends Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.enforceRename("orders", "note", "comment");
    }
  }

  /** Compatible: a doc. */
  public static class V0007__DocRegion extends Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.updateColumnDoc("orders", "region", "Sales region");
    }
  }

  /** Compatible: a partition field. */
  public static class V0008__PartitionByRegion extends Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.updatePartitionSpec("orders", List.of(PartitionFieldSpec.identity("region")), null);
    }
  }

  /** Compatible: a sort order. */
  public static class V0009__SortById extends Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.replaceSortOrder("orders", List.of(SortColumn.asc("id")));
    }
  }

  /** Compatible: clustering keys, a sort order. */
  public static class V0010__ClusterByRegion extends Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.setClusteringKeys("orders", List.of("region"));
    }
  }

  /** Additive: a property set. */
  public static class V0011__SetProperty extends Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.setTableProperties("orders", Map.of("owner", "sales"));
    }
  }

  /** Additive: a property removed. */
  public static class V0012__UnsetProperty extends Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.unsetTableProperties("orders", List.of("owner"));
    }
  }

  /** Additive: the compaction target, a property. */
  public static class V0013__CompactionTarget extends Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.setCompactionTargetSize("orders", 256);
    }
  }

  /** Additive: the snapshot retention, properties. */
  public static class V0014__SnapshotRetention extends Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.setSnapshotRetention("orders", 5, Duration.ofDays(3));
    }
  }

  /** Compatible: a doc, through the schema evolution helper. */
  public static class V0015__DocThroughHelper extends Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.getHelper("orders").updateColumnDoc("channel", "Where the order came from");
    }
  }

  /** Destructive: a dropped column. */
  public static class V0016__DeleteComment extends Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.deleteColumn("orders", "comment");
    }
  }

  /** Additive: restoring the schema before the drop brings the optional column back. */
  public static class V0017__RestoreComment extends Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      Table orders = ctx.loadTable("orders");
      int withComment =
          orders.schemas().values().stream()
              .filter(s -> s.findField("comment") != null)
              .mapToInt(Schema::schemaId)
              .max()
              .orElseThrow();
      ctx.restoreSchema("orders", withComment);
    }
  }

  /** Breaking: an optional column made required. */
  public static class V0018__RequireChannel extends Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.loadTable("orders")
          .updateSchema()
          .allowIncompatibleChanges()
          .requireColumn("channel")
          .commit();
    }
  }

  /** Breaking: a new required column. */
  public static class V0019__AddRequiredColumn extends Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.loadTable("orders")
          .updateSchema()
          .allowIncompatibleChanges()
          .addRequiredColumn("currency", Types.StringType.get())
          .commit();
    }
  }

  /** Additive: a new optional column, published for another engine. */
  public static class V0020__AddAndPublish extends Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.addColumn("orders", "coupon", "string");
      ctx.publishChanges();
    }
  }

  /** Nothing classed: a staged data step, the declared way to rewrite rows, is left out. */
  public static class V0021__StageBackfill extends Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.stageData("orders", StagedData.write(branch -> {}).auditRowCountKept());
    }
  }

  /** Additive: an append of rows (to the table the shadow created). */
  public static class V0022__AppendCustomer extends Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      appendCustomer(ctx.loadTable("customers"), 1L, "Ada");
    }
  }

  /** Destructive: a delete of rows outside a staged data step, declared. */
  @Destructive("customers start empty in the new shop")
  public static class V0023__DeleteCustomers extends Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.loadTable("customers").newDelete().deleteFromRowFilter(Expressions.alwaysTrue()).commit();
    }
  }

  /** Destructive: a snapshot expiry. */
  public static class V0024__ExpireOrders extends Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.loadTable("orders")
          .expireSnapshots()
          .expireOlderThan(Long.MAX_VALUE)
          .retainLast(1)
          .commit();
    }
  }

  /** Breaking: a renamed table. */
  public static class V0025__RenameCustomers extends Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.catalog().renameTable(ctx.identifier("customers"), ctx.identifier("clients"));
    }
  }

  /** Destructive: a dropped table. */
  public static class V0026__DropCustomers extends Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.dropTableIfExists("clients");
    }
  }

  /** Destructive: a purged table. */
  public static class V0027__PurgeOrders extends Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.catalog().dropTable(ctx.identifier("orders"), true);
    }
  }

  /**
   * The versions of format version 3's defaults, after {@link PreviewFixtures.V0001__CreateOrders}.
   */
  static final List<Class<? extends Forward>> DEFAULTS_CHAIN =
      List.of(
          V0002__UpgradeToV3.class,
          V0003__AddRequiredStatus.class,
          V0004__AddChannelWithDefaults.class,
          V0005__ChangeChannelWriteDefault.class);

  /** Compatible: a format version upgrade (irreversible, readers of version 3 read it). */
  public static class V0002__UpgradeToV3 extends Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.upgradeFormatVersion("orders", 3);
    }
  }

  /** Additive: a required column that the rows written before read from its initial default. */
  public static class V0003__AddRequiredStatus extends Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.addRequiredColumn(
          "orders",
          "status",
          Types.StringType.get(),
          null,
          Expressions.lit("legacy"),
          Expressions.lit("new"));
    }
  }

  /** Additive: an optional column with defaults. */
  public static class V0004__AddChannelWithDefaults extends Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.addColumn(
          "orders",
          "channel",
          Types.StringType.get(),
          null,
          Expressions.lit("store"),
          Expressions.lit("store"));
    }
  }

  /** Compatible: a changed write default. */
  public static class V0005__ChangeChannelWriteDefault extends Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.enforceColumn(
          "orders",
          "channel",
          "string",
          EnforceOptions.defaults().withDefaults(null, Expressions.lit("web")));
    }
  }

  /** The versions of views, after {@link PreviewFixtures.V0001__CreateOrders}. */
  static final List<Class<? extends Forward>> VIEWS_CHAIN =
      List.of(
          V0002__CreateBigOrders.class,
          V0003__ReplaceBigOrders.class,
          V0004__RenameNoteWithCompatibilityView.class,
          V0005__DropBigOrders.class);

  /** Additive: a new view (its columns are additive too). */
  public static class V0002__CreateBigOrders extends Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.createViewIfNotExists(
          "big_orders",
          new Schema(
              required(1, "id", Types.LongType.get()), optional(2, "qty", Types.IntegerType.get())),
          "spark",
          "SELECT id, qty FROM orders WHERE qty > 10");
    }
  }

  /** Compatible: another query; breaking: a column the view no longer answers. */
  public static class V0003__ReplaceBigOrders extends Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.replaceView(
          "big_orders",
          new Schema(required(1, "id", Types.LongType.get())),
          "spark",
          "SELECT id FROM orders WHERE qty > 100");
    }
  }

  /** Breaking: a rename; additive: the view that keeps the old name readable. */
  public static class V0004__RenameNoteWithCompatibilityView extends Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.enforceRename("orders", "note", "comment");
      ctx.createCompatibilityView("orders", "orders_v1", Map.of("note", "comment"));
    }
  }

  /** Breaking: a dropped view (it holds no data). */
  public static class V0005__DropBigOrders extends Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.dropViewIfExists("big_orders");
    }
  }

  static void appendCustomer(Table table, long id, String name) {
    GenericFileWriterFactory writers =
        new GenericFileWriterFactory.Builder(table).dataFileFormat(FileFormat.PARQUET).build();
    OutputFileFactory files =
        OutputFileFactory.builderFor(table, 1, 1).format(FileFormat.PARQUET).build();
    DataWriter<Record> writer = writers.newDataWriter(files.newOutputFile(), table.spec(), null);
    try (writer) {
      Record record = GenericRecord.create(table.schema());
      record.setField("id", id);
      record.setField("name", name);
      writer.write(record);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    DataFile file = writer.toDataFile();
    table.newAppend().appendFile(file).commit();
  }
}
