package dev.icebergops.spark.catalog;

import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.test.env.embedded.EmbeddedEnvironment;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.Map;
import java.util.Properties;

/**
 * Runs the embedded test environment in a process of its own until its standard input closes.
 *
 * <p>It prints the environment's catalog properties on standard output as one {@code
 * java.util.Properties} block ending with a line {@code #ready}, so the parent process (a test JVM
 * that holds iceberg-spark-runtime, which cannot sit beside this process's iceberg-core) connects
 * its own catalog clients and its Spark session. The parent closes the pipe to stop it; the process
 * also ends when the parent dies, since its standard input then closes too.
 *
 * <pre>{@code
 * java -cp <this module's class path> dev.icebergops.spark.catalog.CatalogServer
 * }</pre>
 */
public final class CatalogServer {

  /** The line that ends the properties block: the environment is up. */
  public static final String READY = "#ready";

  private CatalogServer() {}

  /**
   * Starts the environment, prints its properties and waits for standard input to close.
   *
   * @param args none
   * @throws IOException if standard input cannot be read
   */
  public static void main(String[] args) throws IOException {
    try (IcebergTestEnvironment env = EmbeddedEnvironment.create()) {
      env.start();
      printProperties(env.catalogProperties(), System.out);
      InputStream in = System.in;
      while (in.read() >= 0) {
        // the parent writes nothing: reading only waits for the pipe to close
      }
    }
  }

  static void printProperties(Map<String, String> catalogProperties, PrintStream out)
      throws IOException {
    Properties properties = new Properties();
    properties.putAll(catalogProperties);
    properties.store(out, null);
    out.println(READY);
    out.flush();
  }
}
