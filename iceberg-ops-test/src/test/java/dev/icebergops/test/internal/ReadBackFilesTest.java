package dev.icebergops.test.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.SharedEnvironment;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.BaseTable;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Schema;
import org.apache.iceberg.StaticTableOperations;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.exceptions.NotFoundException;
import org.apache.iceberg.io.FileIO;
import org.apache.iceberg.io.FileInfo;
import org.apache.iceberg.io.InputFile;
import org.apache.iceberg.io.OutputFile;
import org.apache.iceberg.io.SupportsPrefixOperations;
import org.apache.iceberg.rest.RESTCatalog;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The read-back's files on the real store: what is read from memory and what is fetched again. */
@ExtendWith(SharedEnvironment.class)
class ReadBackFilesTest {

  private static final Schema SCHEMA =
      new Schema(
          Types.NestedField.required(1, "id", Types.LongType.get()),
          Types.NestedField.optional(2, "region", Types.StringType.get()));

  private RESTCatalog catalog;
  private String ns;

  @BeforeEach
  void setUp(IcebergTestEnvironment environment) {
    catalog = environment.catalog();
    ns = "read_back_" + SharedEnvironment.freshName("");
    catalog.createNamespace(Namespace.of(ns));
  }

  @Test
  void aFileTheStoreStillListsUnchangedIsNotFetchedAgain() {
    Table table = table("orders");
    String one = RowFiles.append(table, rows(1, 4)).get(0).path();
    String two = RowFiles.append(table, rows(2, 4)).get(0).path();
    ReadBackFiles files = new ReadBackFiles();
    Table observed = observed(table);

    TableRead first = TableRead.of(files.view(observed));
    int fetchedFirst = opened.size();
    TableRead second = TableRead.of(files.view(observed));

    assertThat(opened).contains(one, two);
    assertThat(opened).hasSize(fetchedFirst);
    assertThat(second.rows()).hasSize(2).isEqualTo(first.rows());
    assertThat(second.rows()).isEqualTo(TableRead.of(table).rows());
  }

  @Test
  void aFileGoneFromTheStoreFailsTheReadAsItWouldWithoutThem() {
    Table table = table("orders");
    String path = RowFiles.append(table, rows(1, 4)).get(0).path();
    ReadBackFiles files = new ReadBackFiles();
    files.read(table);

    table.io().deleteFile(path);

    assertThatThrownBy(() -> TableRead.of(table)).isInstanceOf(NotFoundException.class);
    assertThatThrownBy(() -> TableRead.of(files.view(table)))
        .isInstanceOf(NotFoundException.class)
        .hasMessageContaining(path);
    // the table is still at the snapshot of the last read: its rows are not taken from that read
    assertThatThrownBy(() -> files.read(table))
        .isInstanceOf(NotFoundException.class)
        .hasMessageContaining(path);
  }

  @Test
  void aFileWrittenAgainIsReadFromTheStoreAgain() throws IOException {
    Table table = table("orders");
    String path = RowFiles.append(table, rows(1, 4)).get(0).path();
    Table other = table("returns");
    String longer = RowFiles.append(other, rows(2, 8)).get(0).path();
    ReadBackFiles files = new ReadBackFiles();
    TableRead.of(files.view(table));

    byte[] bytes;
    try (var in = table.io().newInputFile(longer).newStream()) {
      bytes = in.readAllBytes();
    }
    try (OutputStream out = table.io().newOutputFile(path).createOrOverwrite()) {
      out.write(bytes);
    }

    assertThatThrownBy(() -> TableRead.of(table)).hasMessageContaining("is not a Parquet file");
    assertThatThrownBy(() -> TableRead.of(files.view(table)))
        .hasMessageContaining("is not a Parquet file");
  }

  @Test
  void aTableAtItsLastReadsSnapshotIsNotReadAgainAfterAColumnIsRenamedOrDropped() {
    Table table = table("orders");
    RowFiles.append(table, rows(1, 4));
    RowFiles.append(table, rows(2, 4));
    ReadBackFiles files = new ReadBackFiles();
    files.read(table);

    table.updateSchema().renameColumn("region", "area").commit();
    table.refresh();
    TableRead renamed = files.read(table);
    TableRead renamedInFull = TableRead.of(table);
    table.updateSchema().deleteColumn("area").commit();
    table.refresh();
    TableRead dropped = files.read(table);

    assertThat(files.fullReads()).as("full reads").isOne();
    assertThat(renamed.schema().asStruct()).isEqualTo(renamedInFull.schema().asStruct());
    assertThat(renamed.rows()).hasSize(2).isEqualTo(renamedInFull.rows());
    assertThat(dropped.schema().asStruct()).isEqualTo(table.schema().asStruct());
    assertThat(dropped.rows()).hasSize(2).isEqualTo(TableRead.of(table).rows());
  }

  @Test
  void aNewSnapshotOrAnAddedColumnIsReadInFull() {
    Table table = table("orders");
    RowFiles.append(table, rows(1, 4));
    ReadBackFiles files = new ReadBackFiles();
    files.read(table);

    RowFiles.append(table, rows(2, 4));
    TableRead appended = files.read(table);
    TableRead appendedInFull = TableRead.of(table);
    int afterTheAppend = files.fullReads();
    table.updateSchema().addColumn("note", Types.StringType.get()).commit();
    table.refresh();
    TableRead added = files.read(table);

    assertThat(afterTheAppend).as("full reads after an append").isEqualTo(2);
    assertThat(appended.rows()).hasSize(2).isEqualTo(appendedInFull.rows());
    assertThat(files.fullReads()).as("full reads after a column was added").isEqualTo(3);
    assertThat(added.rows()).isEqualTo(TableRead.of(table).rows());
  }

  private Table table(String name) {
    return catalog.createTable(TableIdentifier.of(ns, name), SCHEMA);
  }

  private static List<Record> rows(int seed, int count) {
    return new RowGenerator(seed).rows(SCHEMA, count);
  }

  /** The paths of the files opened on the store through the table returned. */
  private final List<String> opened = new ArrayList<>();

  /** The table at its current metadata, its store's reads recorded in {@link #opened}. */
  private Table observed(Table table) {
    FileIO store = new ObservedStore(table.io());
    return new BaseTable(
        new StaticTableOperations(((HasTableOperations) table).operations().current(), store),
        table.name());
  }

  private final class ObservedStore implements FileIO, SupportsPrefixOperations {
    private final FileIO store;

    ObservedStore(FileIO store) {
      this.store = store;
    }

    @Override
    public InputFile newInputFile(String path) {
      opened.add(path);
      return store.newInputFile(path);
    }

    @Override
    public InputFile newInputFile(String path, long length) {
      opened.add(path);
      return store.newInputFile(path, length);
    }

    @Override
    public OutputFile newOutputFile(String path) {
      return store.newOutputFile(path);
    }

    @Override
    public void deleteFile(String path) {
      store.deleteFile(path);
    }

    @Override
    public Iterable<FileInfo> listPrefix(String prefix) {
      return ((SupportsPrefixOperations) store).listPrefix(prefix);
    }

    @Override
    public void deletePrefix(String prefix) {
      ((SupportsPrefixOperations) store).deletePrefix(prefix);
    }

    @Override
    public Map<String, String> properties() {
      return store.properties();
    }
  }
}
