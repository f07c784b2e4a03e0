package dev.icebergops.benchmarks;

import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.test.env.embedded.EmbeddedEnvironment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.iceberg.CatalogProperties;
import org.apache.iceberg.CatalogUtil;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.rest.RESTCatalog;
import org.apache.iceberg.rest.RESTCatalogAdapter;
import org.apache.iceberg.rest.RESTCatalogServlet;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/**
 * A fresh JVM's start of a catalog, to its first answered call (B1), and the heap the started
 * embedded environment retains (B7). {@code rest}: Iceberg's REST server alone, the way Iceberg's
 * REST fixture image runs it (its servlet and adapter over a JDBC catalog on in-memory SQLite, a
 * local warehouse), behind Jetty. {@code embedded}: {@link IcebergTestEnvironment#embedded()}.
 */
public final class ColdStart {

  private ColdStart() {}

  /**
   * Starts one kind, times it and prints {@code RESULT} lines.
   *
   * @param args {@code rest} or {@code embedded}
   */
  public static void main(String[] args) throws Exception {
    long heapBefore = usedHeapAfterGc();
    long start = System.nanoTime();
    if ("rest".equals(args[0])) {
      Path warehouse = Files.createTempDirectory("bench-rest-");
      Server server = restServerAlone(warehouse);
      try (RESTCatalog client = new RESTCatalog()) {
        int port = ((ServerConnector) server.getConnectors()[0]).getLocalPort();
        client.initialize("bench", Map.of(CatalogProperties.URI, "http://127.0.0.1:" + port));
        client.listNamespaces();
        Results.emit("b1.cold-start.rest-alone", (System.nanoTime() - start) / 1_000_000.0);
      } finally {
        server.stop();
      }
    } else {
      try (IcebergTestEnvironment env = EmbeddedEnvironment.create()) {
        env.start();
        env.catalog().listNamespaces();
        Results.emit("b1.cold-start.embedded", (System.nanoTime() - start) / 1_000_000.0);
        Results.emit(
            "b7.heap-retained.embedded", (usedHeapAfterGc() - heapBefore) / (1024.0 * 1024.0));
      }
    }
  }

  private static Server restServerAlone(Path warehouse) throws Exception {
    Catalog backend =
        CatalogUtil.buildIcebergCatalog(
            "rest_backend",
            Map.of(
                CatalogProperties.CATALOG_IMPL,
                "org.apache.iceberg.jdbc.JdbcCatalog",
                CatalogProperties.URI,
                "jdbc:sqlite::memory:",
                "jdbc.schema-version",
                "V1",
                CatalogProperties.WAREHOUSE_LOCATION,
                warehouse.toUri().toString()),
            null);
    Server server = new Server();
    ServerConnector connector = new ServerConnector(server);
    connector.setHost("127.0.0.1");
    connector.setPort(0);
    server.addConnector(connector);
    ServletContextHandler context = new ServletContextHandler(ServletContextHandler.NO_SESSIONS);
    context.addServlet(
        new ServletHolder(new RESTCatalogServlet(new RESTCatalogAdapter(backend))), "/*");
    server.setHandler(context);
    server.start();
    return server;
  }

  private static long usedHeapAfterGc() {
    Runtime runtime = Runtime.getRuntime();
    for (int i = 0; i < 3; i++) {
      System.gc();
    }
    return runtime.totalMemory() - runtime.freeMemory();
  }
}
