package dev.icebergops.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.MigrationSource;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.runner.MigrationStatus;
import dev.icebergops.runner.MigrationStatus.State;
import java.util.UUID;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

/**
 * The history read after Spark's merge-on-read DELETE on the history table, as a user fixing their
 * history by hand would run it: the delete file Spark writes is applied by the history's own
 * reader, and status and validate see the rows left.
 */
class HistoryAfterSparkDeleteTest {

  @Test
  void statusAndValidateReadTheRowsSparksMergeOnReadDeleteLeaves() {
    String id = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    String namespace = "spark_deleted_" + id;
    String meta = "_ops_" + id;
    MigrationRunner runner =
        MigrationRunner.builder(LocalSpark.environment().catalog())
            .namespace(namespace)
            .metaNamespace(meta)
            .source(MigrationSource.of(V0001__CreateT.class, V0002__AddA.class, V0003__AddB.class))
            .build();
    runner.migrate();
    String history = LocalSpark.CATALOG + "." + meta + ".migration_history";

    LocalSpark.session()
        .sql("ALTER TABLE " + history + " SET TBLPROPERTIES ('write.delete.mode'='merge-on-read')");
    LocalSpark.session()
        .sql(
            "DELETE FROM "
                + history
                + " WHERE namespace = '"
                + namespace
                + "' AND version = '0003'");

    Table table =
        LocalSpark.environment().catalog().loadTable(TableIdentifier.of(meta, "migration_history"));
    assertThat(table.currentSnapshot().summary())
        .as("Spark's DELETE wrote a delete file instead of rewriting the data file")
        .containsKey("added-delete-files")
        .doesNotContainKey("deleted-data-files");
    assertThat(runner.status())
        .extracting(MigrationStatus::version, MigrationStatus::state)
        .containsExactly(
            tuple("0001", State.APPLIED),
            tuple("0002", State.APPLIED),
            tuple("0003", State.PENDING));
    runner.validate();
  }

  public static class V0001__CreateT extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.createTableIfNotExists(
          "t", new Schema(Types.NestedField.required(1, "id", Types.LongType.get())));
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      ctx.dropTableIfExists("t");
    }
  }

  /** Adds a string column to t. */
  abstract static class AddColumn extends BaseMigration {
    private final String column;

    AddColumn(String column) {
      this.column = column;
    }

    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.addColumn("t", column, Types.StringType.get());
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      ctx.deleteColumn("t", column);
    }
  }

  public static class V0002__AddA extends AddColumn {
    public V0002__AddA() {
      super("a");
    }
  }

  public static class V0003__AddB extends AddColumn {
    public V0003__AddB() {
      super("b");
    }
  }
}
