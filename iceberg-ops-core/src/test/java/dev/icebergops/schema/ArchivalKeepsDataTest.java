package dev.icebergops.schema;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.SharedEnvironment;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.GenericFileWriterFactory;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.DataWriter;
import org.apache.iceberg.io.OutputFileFactory;
import org.apache.iceberg.rest.RESTCatalog;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Rows written as Parquet before an archival or a rename collision read back unchanged from the
 * legacy column, on the REST catalog with an S3 store.
 */
@ExtendWith(SharedEnvironment.class)
class ArchivalKeepsDataTest {

  private static final Schema EVENTS =
      new Schema(
          required(1, "id", Types.LongType.get()),
          optional(2, "duration", Types.IntegerType.get()),
          optional(3, "label", Types.StringType.get()));

  private RESTCatalog catalog;
  private Table table;

  @BeforeEach
  void createTable(IcebergTestEnvironment environment) {
    catalog = environment.catalog();
    Namespace namespace = Namespace.of("data_" + UUID.randomUUID().toString().replace("-", ""));
    catalog.createNamespace(namespace, new HashMap<>());
    table = catalog.createTable(TableIdentifier.of(namespace, "events"), EVENTS);
  }

  @Test
  void enforceColumnArchivalKeepsTheOldValuesInTheLegacyColumn() throws IOException {
    DataFile file = append(row(1L, 42, "a"), row(2L, 7, "b"), row(3L, null, "c"));
    assertThat(file.format()).isEqualTo(FileFormat.PARQUET);
    assertThat(file.location()).startsWith("s3://").endsWith(".parquet");

    new SchemaEvolutionHelper(table)
        .enforceColumn("duration", Types.StringType.get(), EnforceOptions.legacyArchival());
    table.refresh();
    append(Map.of("id", 4L, "duration", "forty"));

    assertThat(read())
        .extracting(
            r -> r.getField("id"),
            r -> r.getField("duration__legacy_1"),
            r -> r.getField("duration"))
        .containsExactlyInAnyOrder(
            tuple(1L, 42, null),
            tuple(2L, 7, null),
            tuple(3L, null, null),
            tuple(4L, null, "forty"));
  }

  @Test
  void enforceRenameCollisionKeepsBothColumnsValues() throws IOException {
    append(row(1L, 42, "a"), row(2L, 7, "b"));

    new SchemaEvolutionHelper(table).enforceRename("label", "duration");

    assertThat(read())
        .extracting(r -> r.getField("duration__legacy_1"), r -> r.getField("duration"))
        .containsExactlyInAnyOrder(tuple(42, "a"), tuple(7, "b"));
  }

  private static Map<String, Object> row(long id, Integer duration, String label) {
    Map<String, Object> row = new HashMap<>();
    row.put("id", id);
    row.put("duration", duration);
    row.put("label", label);
    return row;
  }

  @SafeVarargs
  private DataFile append(Map<String, Object>... rows) throws IOException {
    GenericFileWriterFactory writers =
        new GenericFileWriterFactory.Builder(table).dataFileFormat(FileFormat.PARQUET).build();
    OutputFileFactory files =
        OutputFileFactory.builderFor(table, 1, 1).format(FileFormat.PARQUET).build();
    DataWriter<Record> writer = writers.newDataWriter(files.newOutputFile(), table.spec(), null);
    try (writer) {
      for (Map<String, Object> values : rows) {
        GenericRecord record = GenericRecord.create(table.schema());
        values.forEach(record::setField);
        writer.write(record);
      }
    }
    DataFile file = writer.toDataFile();
    table.newAppend().appendFile(file).commit();
    return file;
  }

  private List<Record> read() throws IOException {
    Table fresh =
        catalog.loadTable(
            TableIdentifier.parse(table.name().substring(table.name().indexOf('.') + 1)));
    List<Record> records = new ArrayList<>();
    try (CloseableIterable<Record> rows = IcebergGenerics.read(fresh).build()) {
      rows.forEach(records::add);
    }
    return records;
  }
}
