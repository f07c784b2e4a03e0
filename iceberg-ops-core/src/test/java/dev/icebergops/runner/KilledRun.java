package dev.icebergops.runner;

import java.io.FileInputStream;
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
}
