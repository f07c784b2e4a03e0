package dev.icebergops.test.assertj;

import static dev.icebergops.test.assertj.IcebergOpsAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.icebergops.testing.SharedEnvironment;
import java.util.HashMap;
import java.util.Map;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.rest.RESTCatalog;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Table assertions against the real REST catalog + S3 store of the embedded environment. */
@ExtendWith(SharedEnvironment.class)
class RestTableAssertTest {

  private static final Schema SCHEMA =
      new Schema(
          Types.NestedField.required(1, "id", Types.LongType.get()),
          Types.NestedField.optional(2, "ts", Types.TimestampType.withZone()));

  @Test
  void assertsOnARestTableAfterRefreshing(RESTCatalog catalog) {
    Namespace namespace = Namespace.of(SharedEnvironment.freshName("assertj_"));
    catalog.createNamespace(namespace, new HashMap<>());
    TableIdentifier id = TableIdentifier.of(namespace, "events");
    Table events =
        catalog
            .buildTable(id, SCHEMA)
            .withPartitionSpec(PartitionSpec.builderFor(SCHEMA).hour("ts").build())
            .withProperties(new HashMap<>(Map.of("owner", "ops")))
            .create();
    catalog.loadTable(id).updateSchema().addColumn("region", Types.StringType.get()).commit();

    assertThat(events)
        .hasColumn("region")
        .ofType("string")
        .isOptional()
        .and()
        .hasPartitionField("ts", "hour")
        .isUnsorted()
        .hasProperty("owner", "ops")
        .doesNotHaveProperty("retention");
    assertThatThrownBy(() -> assertThat(events).hasColumn("id").isOptional())
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("Expecting column \"id\" of:")
        .hasMessageContaining(namespace + ".events {")
        .hasMessageContaining("    3: region: optional string")
        .hasMessageEndingWith(String.format("to be:%n  optional%nbut was:%n  required"));
  }
}
