package dev.icebergops.test.env.spi;

import dev.icebergops.redaction.Redaction;
import dev.icebergops.test.env.IcebergTestEnvironment;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import org.apache.iceberg.CatalogProperties;
import org.apache.iceberg.CatalogUtil;
import org.apache.iceberg.aws.AwsClientProperties;
import org.apache.iceberg.aws.s3.S3FileIO;
import org.apache.iceberg.aws.s3.S3FileIOProperties;
import org.apache.iceberg.rest.RESTCatalog;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What every environment shares: the life cycle (configure, start once, close once), the bucket and
 * catalog name, and the catalog clients handed out once the servers run. A subclass starts and
 * stops its servers. For the environments of iceberg-ops-test-embedded and
 * iceberg-ops-test-containers; may change in any release.
 *
 * @param <E> the environment itself, which its settings return
 */
public abstract class ServedEnvironment<E extends ServedEnvironment<E>>
    implements IcebergTestEnvironment {
  private static final Logger LOG = LoggerFactory.getLogger(IcebergTestEnvironment.class);

  /** The bucket that holds the warehouse unless {@link #withBucket} names another. */
  public static final String DEFAULT_BUCKET = "warehouse";

  /** The name of the shared client unless {@link #withCatalogName} names another. */
  public static final String DEFAULT_CATALOG_NAME = "iceberg";

  /** The region clients sign for; the stores accept any. */
  public static final String REGION = "us-east-1";

  /** Iceberg's switch for a REST client's metrics reports ({@code RESTSessionCatalog}). */
  static final String METRICS_REPORTING = "rest-metrics-reporting-enabled";

  private String bucket = DEFAULT_BUCKET;
  private String catalogName = DEFAULT_CATALOG_NAME;
  private boolean closed;

  /** The properties of the clients, once the servers run; their {@code toString()} masks keys. */
  private Map<String, String> properties;

  private RESTCatalog shared;
  private final List<RESTCatalog> handedOut = new ArrayList<>();

  /**
   * Starts the servers and returns the properties of a client that reaches them.
   *
   * @throws Exception why they could not start; {@link #stopServers} then runs
   */
  protected abstract Map<String, String> startServers() throws Exception;

  /** Stops whatever {@link #startServers} started, adding failures to {@code failure}. */
  protected abstract void stopServers(Throwable failure);

  /** The exception {@link #start()} throws when {@link #startServers} failed with {@code e}. */
  protected abstract RuntimeException startFailure(Exception e);

  @Override
  public final synchronized void start() {
    if (closed) {
      throw new IllegalStateException("Cannot start environment: already closed");
    }
    if (shared != null) {
      return;
    }
    try {
      this.properties = Redaction.protect(startServers());
      this.shared = connect(catalogName);
    } catch (Exception e) {
      stopServers(e);
      throw startFailure(e);
    } catch (Error e) {
      stopServers(e);
      throw e;
    }
  }

  /**
   * Names the bucket that holds the warehouse, {@value #DEFAULT_BUCKET} by default.
   *
   * @param newBucket an S3 bucket name
   * @return this environment
   * @throws IllegalStateException if the environment was started
   * @throws IllegalArgumentException if {@code newBucket} is not a valid bucket name
   */
  public final synchronized E withBucket(String newBucket) {
    checkNotStarted("bucket");
    if (newBucket == null || !newBucket.matches("[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]")) {
      throw new IllegalArgumentException("Cannot use bucket: invalid S3 bucket name: " + newBucket);
    }
    this.bucket = newBucket;
    return self();
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
  public final synchronized E withCatalogName(String newCatalogName) {
    checkNotStarted("catalog name");
    if (newCatalogName == null || newCatalogName.isBlank()) {
      throw new IllegalArgumentException("Cannot use catalog name: empty");
    }
    this.catalogName = newCatalogName;
    return self();
  }

  /** This environment, as the type its settings return. */
  @SuppressWarnings("unchecked")
  private E self() {
    return (E) this;
  }

  @Override
  public final synchronized RESTCatalog catalog() {
    checkRunning("use catalog");
    return shared;
  }

  @Override
  public final synchronized RESTCatalog newCatalogClient(String name) {
    checkRunning("create catalog client");
    RESTCatalog client = connect(name);
    handedOut.add(client);
    return client;
  }

  @Override
  public final synchronized Map<String, String> catalogProperties() {
    checkRunning("read catalog properties");
    return properties;
  }

  /** The store's endpoint, as the catalog properties give it to every client. */
  @Override
  public final synchronized String s3Endpoint() {
    checkRunning("read S3 endpoint");
    return properties.get(S3FileIOProperties.ENDPOINT);
  }

  @Override
  public final synchronized String bucket() {
    return bucket;
  }

  /**
   * Returns the warehouse location, {@code s3://<bucket>/warehouse}.
   *
   * @return the warehouse location
   */
  public final synchronized String warehouse() {
    return "s3://" + bucket + "/warehouse";
  }

  @Override
  public final synchronized void close() {
    if (closed) {
      return;
    }
    this.closed = true;
    long startNanos = System.nanoTime();
    RuntimeException failure = new IllegalStateException("Cannot close environment cleanly");
    handedOut.forEach(client -> closeQuietly(client, failure));
    handedOut.clear();
    closeQuietly(shared, failure);
    this.shared = null;
    stopServers(failure);
    if (failure.getSuppressed().length > 0) {
      throw failure;
    }
    LOG.info(
        "Iceberg test environment stopped in {} ms", (System.nanoTime() - startNanos) / 1_000_000);
  }

  /**
   * The S3FileIO settings that reach a store at {@code endpoint}: the {@link #warehouse()}, path
   * style, whole-payload signing, the keys, the {@link #REGION}.
   */
  protected final Map<String, String> storageProperties(
      String endpoint, String accessKey, String secretKey) {
    Map<String, String> props = new LinkedHashMap<>();
    props.put(CatalogProperties.WAREHOUSE_LOCATION, warehouse());
    props.put(CatalogProperties.FILE_IO_IMPL, S3FileIO.class.getName());
    props.put(S3FileIOProperties.ENDPOINT, endpoint);
    props.put(S3FileIOProperties.PATH_STYLE_ACCESS, "true");
    // whole-payload signing: S3Proxy's Jetty closed some connections after aws-chunked uploads,
    // and the SDK retried the next request on them after a back-off (see BENCHMARKS.md)
    props.put(S3FileIOProperties.CHUNKED_ENCODING_ENABLED, "false");
    props.put(S3FileIOProperties.ACCESS_KEY_ID, accessKey);
    props.put(S3FileIOProperties.SECRET_ACCESS_KEY, secretKey);
    props.put(AwsClientProperties.CLIENT_REGION, REGION);
    return props;
  }

  /**
   * The properties of a REST client of the catalog at {@code uri}, storing through {@code storage}.
   * The client sends no metrics reports: the test catalogs keep none, and each report is one more
   * round trip after every snapshot commit.
   */
  protected static Map<String, String> clientProperties(String uri, Map<String, String> storage) {
    Map<String, String> props = new LinkedHashMap<>();
    props.put(CatalogUtil.ICEBERG_CATALOG_TYPE, CatalogUtil.ICEBERG_CATALOG_TYPE_REST);
    props.put(CatalogProperties.URI, uri);
    props.put(METRICS_REPORTING, "false");
    props.putAll(storage);
    return props;
  }

  /** Closes {@code closeable} if there is one, adding a failure to {@code failure}. */
  public static void closeQuietly(AutoCloseable closeable, Throwable failure) {
    if (closeable == null) {
      return;
    }
    try {
      closeable.close();
    } catch (Exception e) {
      failure.addSuppressed(e);
    }
  }

  /** The exception inside any {@link CompletionException} wrappers. */
  protected static Throwable unwrap(Throwable e) {
    Throwable t = e;
    while (t instanceof CompletionException && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }

  /** The message of the innermost cause, or its class name when it has none. */
  protected static String rootMessage(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return root.getMessage() != null ? root.getMessage() : root.getClass().getName();
  }

  protected final void checkNotStarted(String what) {
    check("set " + what, shared == null, "already started");
  }

  /** True once {@link #close()} was called. */
  protected final synchronized boolean isClosed() {
    return closed;
  }

  protected final void checkRunning(String action) {
    check(action, shared != null, "not started");
  }

  private RESTCatalog connect(String name) {
    RESTCatalog client = new RESTCatalog();
    client.initialize(name, new HashMap<>(properties));
    return client;
  }

  /** Fails with "Cannot {action}: environment ..." when closed, or else when not {@code ok}. */
  private void check(String action, boolean ok, String otherwise) {
    if (closed || !ok) {
      throw new IllegalStateException(
          "Cannot %s: environment %s".formatted(action, closed ? "closed" : otherwise));
    }
  }
}
