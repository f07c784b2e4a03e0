package dev.icebergops.test.env.embedded;

import dev.icebergops.redaction.Redaction;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.test.env.spi.ServedEnvironment;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Stream;
import org.apache.iceberg.CatalogProperties;
import org.apache.iceberg.aws.s3.S3FileIOProperties;
import org.apache.iceberg.jdbc.JdbcCatalog;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An {@link IcebergTestEnvironment} that runs everything in this JVM, on 127.0.0.1 and free ports:
 * Apache Iceberg's REST catalog server, backed by a JDBC catalog in a SQLite file, and S3Proxy as
 * the S3-compatible store, in memory. Tables are written through {@code S3FileIO}. No Docker is
 * needed.
 *
 * <pre>{@code
 * try (EmbeddedEnvironment env = EmbeddedEnvironment.create().withBucket("sales")) {
 *   env.start();
 *   RESTCatalog catalog = env.catalog();
 *   catalog.createNamespace(Namespace.of("sales"), new HashMap<>());
 *   Table orders = catalog.createTable(TableIdentifier.of("sales", "orders"), schema);
 *   // orders.location() is s3://sales/warehouse/sales/orders
 * }
 * }</pre>
 *
 * <p>Both servers start in parallel; start-up takes about a second and is logged at INFO.
 */
public final class EmbeddedEnvironment extends ServedEnvironment<EmbeddedEnvironment> {
  /** The S3 access key the store accepts. */
  public static final String ACCESS_KEY = "iceberg-ops-key-id";

  /** The S3 secret key the store accepts. */
  public static final String SECRET_KEY = "iceberg-ops-secret";

  private static final Logger LOG = LoggerFactory.getLogger(EmbeddedEnvironment.class);

  /** The store's credentials, as catalog properties, so that messages can be scrubbed of them. */
  private static final Map<String, String> STORE_KEYS =
      Map.of(
          S3FileIOProperties.ACCESS_KEY_ID, ACCESS_KEY,
          S3FileIOProperties.SECRET_ACCESS_KEY, SECRET_KEY);

  private Path tempDir;
  private S3Store store;
  private RestCatalogServer server;

  /** The servers stopped for an outage. */
  private final Set<AutoCloseable> stopped = new HashSet<>();

  EmbeddedEnvironment() {}

  /**
   * Returns a new, not yet started environment that runs Iceberg's REST catalog server and S3Proxy
   * in this JVM, on 127.0.0.1. It needs no Docker.
   *
   * @return a new embedded environment
   */
  public static EmbeddedEnvironment create() {
    return new EmbeddedEnvironment();
  }

  @Override
  protected Map<String, String> startServers() throws Exception {
    long startNanos = System.nanoTime();
    // not the common pool: on a two-core machine it has a single thread
    ExecutorService starters = Executors.newFixedThreadPool(2, EmbeddedEnvironment::starterThread);
    String bucket = bucket(); // the starter threads must not wait for this (locked) environment
    try {
      this.tempDir = Files.createTempDirectory("iceberg-ops-env-");
      CompletableFuture<S3Store> storeFuture =
          CompletableFuture.supplyAsync(
              () -> timed("S3Proxy", () -> S3Store.start(bucket, ACCESS_KEY, SECRET_KEY)),
              starters);
      CompletableFuture<RestCatalogServer> serverFuture =
          CompletableFuture.supplyAsync(
              () -> timed("REST catalog server", RestCatalogServer::start), starters);
      try {
        this.store = storeFuture.join();
      } finally {
        this.server = serverFuture.exceptionally(e -> null).join();
      }
      if (server == null) {
        serverFuture.join(); // rethrows why the catalog server did not start
      }

      Map<String, String> storage = storageProperties(store.endpoint(), ACCESS_KEY, SECRET_KEY);
      server.serve(backendProperties(storage));
      LOG.info(
          "Iceberg test environment started in {} ms: REST catalog {}, S3 {} (bucket {})",
          (System.nanoTime() - startNanos) / 1_000_000,
          server.uri(),
          store.endpoint(),
          bucket);
      return clientProperties(server.uri(), storage);
    } finally {
      starters.shutdown();
    }
  }

  /** The error start() throws: the root cause's message, with the store's keys masked in it. */
  @Override
  protected RuntimeException startFailure(Exception e) {
    return new IllegalStateException(
        "Cannot start environment: " + Redaction.scrub(rootMessage(e), STORE_KEYS), unwrap(e));
  }

  /**
   * Stops the S3 store while the REST catalog keeps running: an outage of the store, for testing
   * how code behaves when it goes away mid-run. It is not restarted; {@link #close()} still closes
   * the rest.
   *
   * @throws IllegalStateException if the environment is not started, or closed
   */
  public synchronized void stopStore() {
    checkRunning("stop store");
    stopForOutage(store, "store", "the S3 store at " + store.endpoint());
  }

  /**
   * Stops the REST catalog server while the store keeps running: an outage of the catalog. It is
   * not restarted; {@link #close()} still closes the rest.
   *
   * @throws IllegalStateException if the environment is not started, or closed
   */
  public synchronized void stopCatalogServer() {
    checkRunning("stop catalog server");
    stopForOutage(server, "catalog server", "the REST catalog server at " + server.uri());
  }

  private void stopForOutage(AutoCloseable server, String what, String where) {
    if (!stopped.add(server)) {
      return;
    }
    try {
      server.close();
    } catch (Exception e) {
      throw new IllegalStateException("Cannot stop " + what + ": " + e.getMessage(), e);
    }
    LOG.info("Stopped {} (outage)", where);
  }

  /** Where the environment runs; never its credentials. */
  @Override
  public synchronized String toString() {
    if (isClosed()) {
      return "EmbeddedEnvironment{closed}";
    }
    if (server == null || store == null) {
      return "EmbeddedEnvironment{not started, bucket=" + bucket() + "}";
    }
    return "EmbeddedEnvironment{catalog=%s, s3=%s, bucket=%s}"
        .formatted(server.uri(), store.endpoint(), bucket());
  }

  private Map<String, String> backendProperties(Map<String, String> storage) {
    registerSqliteDriver();
    Map<String, String> props = new HashMap<>(storage);
    props.put(CatalogProperties.CATALOG_IMPL, JdbcCatalog.class.getName());
    // WAL: a commit never waits for a reader (parallel test classes), as in the containers fixture
    props.put(
        CatalogProperties.URI,
        "jdbc:sqlite:" + tempDir.resolve("catalog.db") + "?journal_mode=WAL");
    // views: without V1 the JDBC catalog has no record-type column and answers every view request
    // 406; iceberg-rest-fixture's RESTCatalogServer sets V1 unless told otherwise
    props.put(JdbcCatalog.PROPERTY_PREFIX + "schema-version", "V1");
    return props;
  }

  /**
   * Registers SQLite's JDBC driver as this class's loader sees it. {@code DriverManager} finds
   * drivers through {@code ServiceLoader} once per JVM, with the loader it first ran under, and
   * then hands a caller only drivers its own loader can see: under a second class loader (a Maven
   * plugin's realm, an IDE's or a test's isolated loader) the catalog found "No suitable driver".
   * Loading the driver class here runs its static initializer, which registers this loader's copy.
   */
  private static void registerSqliteDriver() {
    try {
      Class.forName("org.sqlite.JDBC", true, EmbeddedEnvironment.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(
          "Cannot start the embedded catalog: SQLite's JDBC driver (org.xerial:sqlite-jdbc) is not"
              + " on the class path",
          e);
    }
  }

  @Override
  protected void stopServers(Throwable failure) {
    Stream.of(server, store)
        .filter(s -> !stopped.contains(s))
        .forEach(s -> closeQuietly(s, failure));
    if (tempDir != null) {
      try (Stream<Path> paths = Files.walk(tempDir)) {
        for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(path);
        }
      } catch (IOException | UncheckedIOException e) {
        failure.addSuppressed(e);
      }
    }
    this.server = null;
    this.store = null;
    this.tempDir = null;
  }

  private static Thread starterThread(Runnable runnable) {
    Thread thread = new Thread(runnable, "iceberg-ops-env-start");
    thread.setDaemon(true);
    return thread;
  }

  private static <T> T timed(String what, Callable<T> step) {
    long startNanos = System.nanoTime();
    try {
      T result = step.call();
      LOG.debug("{} started in {} ms", what, (System.nanoTime() - startNanos) / 1_000_000);
      return result;
    } catch (Exception e) {
      throw new CompletionException(e); // as the future wraps an unchecked one itself
    }
  }
}
