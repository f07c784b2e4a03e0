package dev.icebergops.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.catalog.CatalogFactory;
import dev.icebergops.cli.CliRunner.Result;
import dev.icebergops.config.IcebergOpsConfig;
import java.io.Closeable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.PartitionKey;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.GenericAppenderFactory;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.DataWriter;
import org.apache.iceberg.io.OutputFileFactory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** status, history, validate and repair on a history row another writer left unreadable. */
class UnreadableHistoryCommandsTest {

  @TempDir Path project;
  private CliRunner cli;

  @BeforeEach
  void init() throws Exception {
    cli = new CliRunner(project);
    assertThat(cli.run("init", "--namespace", "uh").exitCode()).isZero();
    cli.migration("V0001__AddNote", "ctx.namespace();");
    cli.migration("V0002__AddMore", "ctx.namespace();");
    assertThat(cli.run("migrate").exitCode()).isZero();
  }

  /** Another engine's UPDATE: the namespace's partition rewritten with 0001's status changed. */
  private void setStatusOf0001(String status) throws Exception {
    Catalog catalog =
        CatalogFactory.build(
            "local",
            IcebergOpsConfig.embeddedProperties(project.resolve(IcebergOpsConfig.LOCAL_DIR)));
    try {
      Table table = catalog.loadTable(TableIdentifier.parse("_iceberg_ops.migration_history"));
      List<Record> rows = new ArrayList<>();
      try (CloseableIterable<Record> read =
          IcebergGenerics.read(table).where(Expressions.equal("namespace", "uh")).build()) {
        read.forEach(row -> rows.add(row.copy()));
      }
      rows.stream()
          .filter(row -> "0001".equals(row.getField("version")))
          .forEach(row -> row.setField("status", status));
      PartitionKey partition = new PartitionKey(table.spec(), table.schema());
      partition.partition(rows.get(0));
      DataWriter<Record> writer =
          new GenericAppenderFactory(table.schema(), table.spec())
              .newDataWriter(
                  OutputFileFactory.builderFor(table, 1, 1).build().newOutputFile(partition),
                  FileFormat.PARQUET,
                  partition);
      try (writer) {
        rows.forEach(writer::write);
      }
      table
          .newOverwrite()
          .overwriteByRowFilter(Expressions.equal("namespace", "uh"))
          .addFile(writer.toDataFile())
          .commit();
    } finally {
      ((Closeable) catalog).close();
    }
  }

  @Test
  void anUnreadableRowIsShownListedAndRemovedByRepair() throws Exception {
    setStatusOf0001("done");

    Result status = cli.run("status");
    assertThat(status.exitCode()).as(status.toString()).isZero();
    assertThat(status.out())
        .contains("0001     Add note     unreadable")
        .contains("its status 'done' is unknown; raw values {version=0001, namespace=uh");
    Result history = cli.run("history");
    assertThat(history.exitCode()).as(history.toString()).isZero();
    assertThat(history.out()).contains("0001     unreadable");

    Result validate = cli.run("validate");
    assertThat(validate.exitCode()).isEqualTo(1);
    assertThat(validate.out())
        .contains("0001     unreadable_row")
        .contains("run iceberg-ops repair to remove the row")
        .doesNotContain("()");

    Result repair = cli.run("repair");
    assertThat(repair.exitCode()).as(repair.toString()).isZero();
    assertThat(repair.out())
        .startsWith("Repaired 0001 Add note: removed its unreadable row: ")
        .contains("status=done");
    assertThat(cli.run("status").out()).contains("missing_from_history");
    assertThat(cli.run("stamp", "0001").exitCode()).isZero();
    assertThat(cli.run("validate").out()).startsWith("Valid: uh has no");
  }
}
