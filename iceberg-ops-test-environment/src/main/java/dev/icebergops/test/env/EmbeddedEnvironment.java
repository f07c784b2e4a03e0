package dev.icebergops.test.env;

import dev.icebergops.redaction.Redaction;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Stream;
import org.apache.iceberg.CatalogProperties;
import org.apache.iceberg.CatalogUtil;
import org.apache.iceberg.aws.AwsClientProperties;
import org.apache.iceberg.aws.s3.S3FileIO;
import org.apache.iceberg.aws.s3.S3FileIOProperties;
import org.apache.iceberg.jdbc.JdbcCatalog;
import org.apache.iceberg.rest.RESTCatalog;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An {@link IcebergTestEnvironment} that runs everything in this JVM, on 127.0.0.1 and free ports:
 * Apache Iceberg's REST catalog server, backed by a JDBC catalog in a SQLite file, and S3Proxy as
 * the S3-compatible store, in memory. Tables are written through {@code S3FileIO}. No Docker is
 * needed.
 *
 * <pre>{@code
 * try (EmbeddedEnvironment env = IcebergTestEnvironment.embedded().withBucket("sales")) {
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
public final class EmbeddedEnvironment implements IcebergTestEnvironment {
  /** The bucket that holds the warehouse unless {@link #withBucket(String)} names another. */
  public static final String DEFAULT_BUCKET = "warehouse";

  /** The S3 access key the store accepts. */
  public static final String ACCESS_KEY = "iceberg-ops-key-id";

  /** The S3 secret key the store accepts. */
  public static final String SECRET_KEY = "iceberg-ops-secret";

  /** The region clients sign for; the store accepts any. */
  public static final String REGION = "us-east-1";

  /** The name of the shared client unless {@link #withCatalogName(String)} names another. */
  public static final String DEFAULT_CATALOG_NAME = "iceberg";

  private static final Logger LOG = LoggerFactory.getLogger(EmbeddedEnvironment.class);

  /** The store's credentials, as catalog properties, so that messages can be scrubbed of them. */
  private static final Map<String, String> STORE_KEYS =
      Map.of(
          S3FileIOProperties.ACCESS_KEY_ID, ACCESS_KEY,
          S3FileIOProperties.SECRET_ACCESS_KEY, SECRET_KEY);

  private String bucket = DEFAULT_BUCKET;
  private String catalogName = DEFAULT_CATALOG_NAME;

  private boolean closed;
  private Path tempDir;
  private S3Store store;
  private RestCatalogServer server;
  private boolean storeStopped;
  private boolean serverStopped;
  private Map<String, String> catalogProperties;
  private RESTCatalog catalog;
  private final List<RESTCatalog> clients = new ArrayList<>();

  EmbeddedEnvironment() {}

  /**
   * Names the bucket that holds the warehouse, {@value #DEFAULT_BUCKET} by default.
   *
   * @param newBucket an S3 bucket name
   * @return this environment
   * @throws IllegalStateException if the environment was started
   * @throws IllegalArgumentException if {@code newBucket} is not a valid bucket name
   */
  public synchronized EmbeddedEnvironment withBucket(String newBucket) {
    checkNotStarted("bucket");
    if (newBucket == null || !newBucket.matches("[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]")) {
      throw new IllegalArgumentException("Cannot use bucket: invalid S3 bucket name: " + newBucket);
    }
    this.bucket = newBucket;
    return this;
  }

  /**
   * Names the shared client that {@link #catalog()} returns, {@value #DEFAULT_CATALOG_NAME} by
   * default.
   *
   * @param newCatalogName a catalog name
   * @return this environment
   * @throws IllegalStateException if the environment was started
   * @throws IllegalArgumentException if {@code newCatalogName} is empty
   */
  public synchronized EmbeddedEnvironment withCatalogName(String newCatalogName) {
    checkNotStarted("catalog name");
    if (newCatalogName == null || newCatalogName.isBlank()) {
      throw new IllegalArgumentException("Cannot use catalog name: empty");
    }
    this.catalogName = newCatalogName;
    return this;
  }

  @Override
  public synchronized void start() {
    if (closed) {
      throw new IllegalStateException("Cannot start environment: already closed");
    }
    if (catalog != null) {
      return;
    }
    long startNanos = System.nanoTime();
    // not the common pool: on a two-core machine it has a single thread
    ExecutorService starters = Executors.newFixedThreadPool(2, EmbeddedEnvironment::starterThread);
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

      Map<String, String> storage = storageProperties(store.endpoint());
      server.serve(backendProperties(storage));
      this.catalogProperties = clientProperties(server.uri(), storage);
      this.catalog = connect(catalogName);
    } catch (Exception e) {
      closeResources(e);
      throw startFailure(e);
    } catch (Error e) {
      closeResources(e);
      throw e;
    } finally {
      starters.shutdown();
    }
    LOG.info(
        "Iceberg test environment started in {} ms: REST catalog {}, S3 {} (bucket {})",
        (System.nanoTime() - startNanos) / 1_000_000,
        server.uri(),
        store.endpoint(),
        bucket);
  }

  @Override
  public synchronized RESTCatalog catalog() {
    checkRunning("use catalog");
    return catalog;
  }

  @Override
  public synchronized RESTCatalog newCatalogClient(String name) {
    checkRunning("create catalog client");
    RESTCatalog client = connect(name);
    clients.add(client);
    return client;
  }

  @Override
  public synchronized Map<String, String> catalogProperties() {
    checkRunning("read catalog properties");
    return catalogProperties;
  }

  @Override
  public synchronized String s3Endpoint() {
    checkRunning("read S3 endpoint");
    return store.endpoint();
  }

  @Override
  public synchronized String bucket() {
    return bucket;
  }

  /**
   * Returns the warehouse location, {@code s3://<bucket>/warehouse}.
   *
   * @return the warehouse location
   */
  public synchronized String warehouse() {
    return "s3://" + bucket + "/warehouse";
  }

  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    this.closed = true;
    long startNanos = System.nanoTime();
    RuntimeException failure = new IllegalStateException("Cannot close environment cleanly");
    closeResources(failure);
    if (failure.getSuppressed().length > 0) {
      throw failure;
    }
    LOG.info(
        "Iceberg test environment stopped in {} ms", (System.nanoTime() - startNanos) / 1_000_000);
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
    if (storeStopped) {
      return;
    }
    storeStopped = true;
    try {
      store.close();
    } catch (Exception e) {
      throw new IllegalStateException("Cannot stop store: " + e.getMessage(), e);
    }
    LOG.info("Stopped the S3 store at {} (outage)", store.endpoint());
  }

  /**
   * Stops the REST catalog server while the store keeps running: an outage of the catalog. It is
   * not restarted; {@link #close()} still closes the rest.
   *
   * @throws IllegalStateException if the environment is not started, or closed
   */
  public synchronized void stopCatalogServer() {
    checkRunning("stop catalog server");
    if (serverStopped) {
      return;
    }
    serverStopped = true;
    try {
      server.close();
    } catch (Exception e) {
      throw new IllegalStateException("Cannot stop catalog server: " + e.getMessage(), e);
    }
    LOG.info("Stopped the REST catalog server at {} (outage)", server.uri());
  }

  /** The S3FileIO settings that reach the store, shared by the server and its clients. */
  private Map<String, String> storageProperties(String endpoint) {
    Map<String, String> props = new LinkedHashMap<>();
    props.put(CatalogProperties.WAREHOUSE_LOCATION, warehouse());
    props.put(CatalogProperties.FILE_IO_IMPL, S3FileIO.class.getName());
    props.put(S3FileIOProperties.ENDPOINT, endpoint);
    props.put(S3FileIOProperties.PATH_STYLE_ACCESS, "true");
    props.put(S3FileIOProperties.ACCESS_KEY_ID, ACCESS_KEY);
    props.put(S3FileIOProperties.SECRET_ACCESS_KEY, SECRET_KEY);
    props.put(AwsClientProperties.CLIENT_REGION, REGION);
    return props;
  }

  private Map<String, String> backendProperties(Map<String, String> storage) {
    Map<String, String> props = new HashMap<>(storage);
    props.put(CatalogProperties.CATALOG_IMPL, JdbcCatalog.class.getName());
    props.put(CatalogProperties.URI, "jdbc:sqlite:" + tempDir.resolve("catalog.db"));
    // the schema version that supports views, as iceberg-rest-fixture uses
    props.put(JdbcCatalog.PROPERTY_PREFIX + "schema-version", "V1");
    return props;
  }

  private static Map<String, String> clientProperties(String uri, Map<String, String> storage) {
    Map<String, String> props = new LinkedHashMap<>();
    props.put(CatalogUtil.ICEBERG_CATALOG_TYPE, CatalogUtil.ICEBERG_CATALOG_TYPE_REST);
    props.put(CatalogProperties.URI, uri);
    props.putAll(storage);
    return Redaction.protect(props);
  }

  /** Where the environment runs; never its credentials. */
  @Override
  public synchronized String toString() {
    if (closed) {
      return "EmbeddedEnvironment{closed}";
    }
    if (catalog == null) {
      return "EmbeddedEnvironment{not started, bucket=" + bucket + "}";
    }
    return "EmbeddedEnvironment{catalog="
        + server.uri()
        + ", s3="
        + store.endpoint()
        + ", bucket="
        + bucket
        + "}";
  }

  private RESTCatalog connect(String name) {
    RESTCatalog client = new RESTCatalog();
    client.initialize(name, new HashMap<>(catalogProperties));
    return client;
  }

  private void checkNotStarted(String what) {
    if (closed) {
      throw new IllegalStateException("Cannot set " + what + ": environment closed");
    }
    if (catalog != null) {
      throw new IllegalStateException("Cannot set " + what + ": environment already started");
    }
  }

  private void checkRunning(String action) {
    if (closed) {
      throw new IllegalStateException("Cannot " + action + ": environment closed");
    }
    if (catalog == null) {
      throw new IllegalStateException("Cannot " + action + ": environment not started");
    }
  }

  /** Closes whatever exists, in reverse order of creation, adding failures to {@code failure}. */
  private void closeResources(Throwable failure) {
    for (RESTCatalog client : clients) {
      closeQuietly(client, failure);
    }
    clients.clear();
    closeQuietly(catalog, failure);
    if (!serverStopped) {
      closeQuietly(server, failure);
    }
    if (!storeStopped) {
      closeQuietly(store, failure);
    }
    deleteQuietly(tempDir, failure);
    this.catalog = null;
    this.server = null;
    this.store = null;
    this.tempDir = null;
    this.catalogProperties = null;
  }

  private static void closeQuietly(AutoCloseable closeable, Throwable failure) {
    if (closeable == null) {
      return;
    }
    try {
      closeable.close();
    } catch (Exception e) {
      failure.addSuppressed(e);
    }
  }

  private static void deleteQuietly(Path dir, Throwable failure) {
    if (dir == null) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    } catch (IOException | UncheckedIOException e) {
      failure.addSuppressed(e);
    }
  }

  private interface StartStep<T> {
    T run() throws Exception;
  }

  private static Thread starterThread(Runnable runnable) {
    Thread thread = new Thread(runnable, "iceberg-ops-env-start");
    thread.setDaemon(true);
    return thread;
  }

  private static <T> T timed(String what, StartStep<T> step) {
    long startNanos = System.nanoTime();
    try {
      T result = step.run();
      LOG.debug("{} started in {} ms", what, (System.nanoTime() - startNanos) / 1_000_000);
      return result;
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new CompletionException(e);
    }
  }

  /** The error start() throws: the root cause's message, with the store's keys masked in it. */
  static IllegalStateException startFailure(Exception e) {
    return new IllegalStateException(
        "Cannot start environment: " + Redaction.scrub(rootMessage(e), STORE_KEYS), unwrap(e));
  }

  private static Throwable unwrap(Throwable e) {
    Throwable t = e;
    while (t instanceof CompletionException && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }

  private static String rootMessage(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return root.getMessage() != null ? root.getMessage() : root.getClass().getName();
  }
}
