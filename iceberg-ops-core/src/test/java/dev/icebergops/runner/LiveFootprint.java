package dev.icebergops.runner;

import java.util.Map;
import java.util.TreeMap;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.io.FileInfo;
import org.apache.iceberg.io.SupportsPrefixOperations;

/**
 * What a catalog and its store hold, to prove that something wrote nothing: the current metadata
 * location of each table of some namespaces, and every object of the store's bucket with its size.
 *
 * @param metadata table name to metadata location
 * @param objects object location to size
 */
record LiveFootprint(Map<String, String> metadata, Map<String, Long> objects) {

  static LiveFootprint of(Catalog catalog, String bucket, TableIdentifier anyTable, String... ns) {
    Map<String, String> metadata = new TreeMap<>();
    for (String namespace : ns) {
      for (TableIdentifier id : catalog.listTables(Namespace.of(namespace))) {
        metadata.put(
            id.toString(),
            ((HasTableOperations) catalog.loadTable(id))
                .operations()
                .current()
                .metadataFileLocation());
      }
    }
    Map<String, Long> objects = new TreeMap<>();
    SupportsPrefixOperations store = (SupportsPrefixOperations) catalog.loadTable(anyTable).io();
    for (FileInfo file : store.listPrefix("s3://" + bucket + "/")) {
      objects.put(file.location(), file.size());
    }
    return new LiveFootprint(metadata, objects);
  }
}
