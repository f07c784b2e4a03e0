package dev.icebergops.runner;

import dev.icebergops.testing.ChildJvm;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import org.apache.iceberg.rest.RESTCatalog;

/**
 * The child JVM of the crash scenarios: runs one {@link FaultOperation} until the parent kills it
 * with SIGKILL. Arguments: a properties file with the catalog properties, the operation, the
 * namespace, the meta-namespace.
 */
public final class KilledRun {

  private KilledRun() {}

  public static void main(String[] args) throws Exception {
    Properties properties = new Properties();
    try (FileInputStream in = new FileInputStream(args[0])) {
      properties.load(in);
    }
    Map<String, String> catalogProperties = new HashMap<>();
    properties.forEach((k, v) -> catalogProperties.put((String) k, (String) v));
    RESTCatalog catalog = new RESTCatalog();
    catalog.initialize("killed", catalogProperties);
    FaultOperation.valueOf(args[1])
        .act(
            FaultOperation.runner(
                catalog, args[2], args[3], Duration.ofSeconds(60), Duration.ZERO));
  }

  /** The file the child JVM running on a namespace writes its output to. */
  static Path log(Path dir, String namespace) {
    return dir.resolve(namespace + ".log");
  }

  /**
   * Starts a child JVM that runs the operation on a namespace through a catalog; its catalog
   * properties and its output go to files named after the namespace in {@code dir}.
   */
  static Process start(
      Path dir,
      Map<String, String> catalogProperties,
      FaultOperation operation,
      String namespace,
      String meta)
      throws IOException {
    Path props = dir.resolve(namespace + ".properties");
    Properties properties = new Properties();
    properties.putAll(catalogProperties);
    try (OutputStream out = Files.newOutputStream(props)) {
      properties.store(out, null);
    }
    return new ProcessBuilder(
            ChildJvm.command(KilledRun.class, props.toString(), operation.name(), namespace, meta))
        .redirectErrorStream(true)
        .redirectOutput(log(dir, namespace).toFile())
        .start();
  }
}
