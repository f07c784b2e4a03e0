package dev.icebergops.spark;

import dev.icebergops.test.env.IcebergTestEnvironment;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.iceberg.CatalogUtil;
import org.apache.iceberg.rest.RESTCatalog;

/**
 * The embedded test environment run in a child JVM (iceberg-ops-spark-test-catalog's {@code
 * CatalogServer}), with this JVM's catalog clients: those are iceberg-spark-runtime's, as the Spark
 * session's are. The server needs iceberg-core, which cannot share a class path with the runtime.
 */
final class ForkedEnvironment implements IcebergTestEnvironment {
  private static final String READY = "#ready";

  private final List<RESTCatalog> clients = new ArrayList<>();
  private Process server;
  private Map<String, String> properties;
  private RESTCatalog shared;
  private boolean closed;

  @Override
  public synchronized void start() {
    if (closed) {
      throw new IllegalStateException("Cannot start forked environment: already closed");
    }
    if (server != null) {
      return;
    }
    try {
      this.server =
          new ProcessBuilder(command()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
      this.properties = readProperties(server);
      this.shared = newCatalogClient(properties.getOrDefault("catalog-name", "iceberg"));
    } catch (IOException | RuntimeException e) {
      stopServer();
      throw new IllegalStateException("Cannot start forked environment: " + e.getMessage(), e);
    }
  }

  private static List<String> command() throws IOException {
    String classpathFile = System.getProperty("iceberg-ops.spark.catalog-server-classpath");
    String classes = System.getProperty("iceberg-ops.spark.catalog-server-classes");
    if (classpathFile == null || classes == null) {
      throw new IllegalStateException(
          "the catalog server's class path is unknown: run under -Pspark (the failsafe"
              + " configuration sets iceberg-ops.spark.catalog-server-classpath)");
    }
    String classpath =
        classes + File.pathSeparator + Files.readString(Path.of(classpathFile)).trim();
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    return List.of(
        java, "-Xmx512m", "-cp", classpath, "dev.icebergops.spark.catalog.CatalogServer");
  }

  private static Map<String, String> readProperties(Process server) throws IOException {
    BufferedReader out =
        new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
    StringBuilder block = new StringBuilder();
    for (String line = out.readLine(); !READY.equals(line); line = out.readLine()) {
      if (line == null) {
        throw new IllegalStateException("the catalog server ended before it was ready");
      }
      block.append(line).append('\n');
    }
    Properties read = new Properties();
    read.load(new StringReader(block.toString()));
    Map<String, String> map = new HashMap<>();
    read.stringPropertyNames().forEach(key -> map.put(key, read.getProperty(key)));
    return Map.copyOf(map);
  }

  @Override
  public synchronized RESTCatalog catalog() {
    checkRunning("use catalog");
    return shared;
  }

  @Override
  public synchronized RESTCatalog newCatalogClient(String name) {
    checkRunning("create catalog client");
    RESTCatalog client =
        (RESTCatalog) CatalogUtil.buildIcebergCatalog(name, new HashMap<>(properties), null);
    clients.add(client);
    return client;
  }

  @Override
  public synchronized Map<String, String> catalogProperties() {
    checkRunning("read catalog properties");
    return properties;
  }

  @Override
  public synchronized String s3Endpoint() {
    checkRunning("read S3 endpoint");
    return properties.get("s3.endpoint");
  }

  @Override
  public String bucket() {
    return "warehouse";
  }

  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    this.closed = true;
    IllegalStateException failure =
        new IllegalStateException("Cannot close forked environment cleanly");
    for (RESTCatalog client : clients) {
      try {
        client.close();
      } catch (IOException | RuntimeException e) {
        failure.addSuppressed(e);
      }
    }
    stopServer();
    if (failure.getSuppressed().length > 0) {
      throw failure;
    }
  }

  private void stopServer() {
    if (server == null) {
      return;
    }
    try {
      server.getOutputStream().close(); // the server stops when its standard input closes
      if (!server.waitFor(60, TimeUnit.SECONDS)) {
        server.destroyForcibly();
      }
    } catch (IOException e) {
      server.destroyForcibly();
    } catch (InterruptedException e) {
      server.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }

  private void checkRunning(String action) {
    if (closed) {
      throw new IllegalStateException("Cannot " + action + ": forked environment closed");
    }
    if (server == null) {
      throw new IllegalStateException("Cannot " + action + ": forked environment not started");
    }
  }
}
