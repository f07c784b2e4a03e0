package dev.icebergops.benchmarks;

import java.util.HashMap;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.types.Types;

/** The anchors: a chain's changes made directly with the Iceberg API, one commit each. */
final class RawDdl {

  private final Catalog catalog;

  RawDdl(Catalog catalog) {
    this.catalog = catalog;
  }

  void createNamespace(String namespace) {
    ((SupportsNamespaces) catalog).createNamespace(Namespace.of(namespace), new HashMap<>());
  }

  void dropNamespace(String namespace) {
    ((SupportsNamespaces) catalog).dropNamespace(Namespace.of(namespace));
  }

  /** Creates {@code items (id)} and adds the columns c2..cN, like migrations 0001..N. */
  Table upTo(String namespace, int n) {
    Table table =
        catalog.createTable(
            TableIdentifier.of(namespace, Chains.TABLE),
            new Schema(Types.NestedField.required(1, "id", Types.LongType.get())));
    for (int k = 2; k <= n; k++) {
      table.updateSchema().addColumn("c" + k, Types.LongType.get()).commit();
    }
    return table;
  }

  /** Deletes the columns cN..c2 and drops the table, like the downgrades of N..1. */
  void downFrom(String namespace, Table table, int n) {
    for (int k = n; k >= 2; k--) {
      table.updateSchema().deleteColumn("c" + k).commit();
    }
    catalog.dropTable(TableIdentifier.of(namespace, Chains.TABLE), true);
  }
}
