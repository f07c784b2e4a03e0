package dev.icebergops.runner;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import org.apache.iceberg.rest.RESTCatalog;

/** The catalog of a child JVM: its properties go through a file the parent writes. */
final class ChildCatalog {

  private ChildCatalog() {}

  /** Writes the catalog properties to {@code <name>.properties} in {@code dir}. */
  static Path store(Path dir, String name, Map<String, String> catalogProperties)
      throws IOException {
    Path file = dir.resolve(name + ".properties");
    Properties properties = new Properties();
    properties.putAll(catalogProperties);
    try (OutputStream out = Files.newOutputStream(file)) {
      properties.store(out, null);
    }
    return file;
  }

  /** A REST catalog client initialized from a file {@link #store} wrote. */
  static RESTCatalog open(String file, String clientName) throws IOException {
    return open(file, clientName, new RESTCatalog());
  }

  /** Initializes a REST catalog client (a subclass that injects a fault) from such a file. */
  static RESTCatalog open(String file, String clientName, RESTCatalog catalog) throws IOException {
    Properties properties = new Properties();
    try (FileInputStream in = new FileInputStream(file)) {
      properties.load(in);
    }
    Map<String, String> catalogProperties = new HashMap<>();
    properties.forEach((k, v) -> catalogProperties.put((String) k, (String) v));
    catalog.initialize(clientName, catalogProperties);
    return catalog;
  }
}
