package dev.icebergops.schema;

import java.util.HashMap;
import java.util.List;
import java.util.UUID;
import java.util.stream.Collectors;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.SortOrder;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.types.TypeUtil;
import org.apache.iceberg.types.Types.NestedField;

/** Table set-up shared by the behaviour-matrix tests; each subclass supplies a real catalog. */
abstract class SchemaEvolutionTestBase {

  /** The catalog under test, ready for use. */
  abstract Catalog catalog();

  Table createTable(Schema schema) {
    return createTable(schema, PartitionSpec.unpartitioned(), SortOrder.unsorted());
  }

  Table createTable(Schema schema, PartitionSpec spec, SortOrder order) {
    Namespace namespace = Namespace.of("t_" + UUID.randomUUID().toString().replace("-", ""));
    ((SupportsNamespaces) catalog()).createNamespace(namespace, new HashMap<>());
    return catalog()
        .buildTable(TableIdentifier.of(namespace, "orders"), schema)
        .withPartitionSpec(spec)
        .withSortOrder(order)
        .create();
  }

  /** The table as a fresh load from the catalog sees it. */
  Table reload(Table table) {
    return catalog()
        .loadTable(TableIdentifier.parse(table.name().substring(table.name().indexOf('.') + 1)));
  }

  static String metadataLocation(Table table) {
    table.refresh();
    return ((HasTableOperations) table).operations().current().metadataFileLocation();
  }

  /** Every field by full path: "id=N path type required|optional doc", for exact comparisons. */
  static List<String> shape(Schema schema) {
    return TypeUtil.indexNameById(schema.asStruct()).entrySet().stream()
        .sorted(java.util.Map.Entry.comparingByKey())
        .map(
            e -> {
              NestedField f = schema.findField(e.getKey());
              return "id="
                  + e.getKey()
                  + " "
                  + e.getValue()
                  + " "
                  + f.type()
                  + " "
                  + (f.isRequired() ? "required" : "optional")
                  + " "
                  + f.doc();
            })
        .collect(Collectors.toList());
  }
}
