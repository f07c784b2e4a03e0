package dev.icebergops.test.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.SharedEnvironment;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A journey's superseded metadata files deleted in batches, on the real REST catalog and S3. */
@ExtendWith(SharedEnvironment.class)
class SupersededMetadataTest {

  private static final Schema SCHEMA =
      new Schema(Types.NestedField.required(1, "id", Types.LongType.get()));

  private Table table;

  @BeforeEach
  void setUp(IcebergTestEnvironment env) {
    String namespace = SharedEnvironment.freshName("superseded");
    env.catalog().createNamespace(Namespace.of(namespace));
    table = env.catalog().createTable(TableIdentifier.of(namespace, "items"), SCHEMA);
  }

  @Test
  void supersededFilesWaitUntilABatchIsFullThenGoInOne() {
    SupersededMetadata superseded = new SupersededMetadata();
    commits(3);
    List<String> first = previousFiles();

    superseded.deleteFrom(Map.of("items", table));

    assertThat(first).hasSize(3).allMatch(this::exists);

    commits(SupersededMetadata.BATCH);
    superseded.deleteFrom(Map.of("items", table));

    assertThat(previousFiles()).hasSize(3 + SupersededMetadata.BATCH).noneMatch(this::exists);
    assertThat(exists(current().metadataFileLocation())).as("the current file").isTrue();
  }

  @Test
  void flushDeletesTheFilesThatWait() {
    SupersededMetadata superseded = new SupersededMetadata();
    commits(2);
    superseded.deleteFrom(Map.of("items", table));

    superseded.flush();

    assertThat(previousFiles()).hasSize(2).noneMatch(this::exists);
    assertThat(exists(current().metadataFileLocation())).as("the current file").isTrue();
  }

  private void commits(int count) {
    for (int i = 0; i < count; i++) {
      table.updateProperties().set("commit", Integer.toString(i)).commit();
    }
  }

  private TableMetadata current() {
    return ((org.apache.iceberg.HasTableOperations) table).operations().current();
  }

  private List<String> previousFiles() {
    return current().previousFiles().stream().map(TableMetadata.MetadataLogEntry::file).toList();
  }

  private boolean exists(String file) {
    return table.io().newInputFile(file).exists();
  }
}
