package dev.icebergops.test.env;

import java.util.Map;
import org.apache.iceberg.rest.RESTCatalog;

/**
 * An Iceberg REST catalog and the S3-compatible store behind it, for tests.
 *
 * <p>An environment is started once, hands out catalog clients and the properties any engine
 * (Spark, Trino, PyIceberg, another {@code RESTCatalog}) needs to connect to the same catalog, and
 * stops everything it started when closed:
 *
 * <pre>{@code
 * try (IcebergTestEnvironment env = EmbeddedEnvironment.create()) {
 *   env.start();
 *   RESTCatalog catalog = env.catalog();
 *   catalog.createNamespace(Namespace.of("sales"), new HashMap<>());
 *   catalog.createTable(TableIdentifier.of("sales", "orders"), schema);
 *
 *   // any other client connects with the same properties
 *   Catalog other = CatalogUtil.buildIcebergCatalog("other", env.catalogProperties(), null);
 * }
 * }</pre>
 *
 * <p>Two implementations, each in its own artifact so that a project downloads only the backend it
 * uses: {@code EmbeddedEnvironment.create()} ({@code dev.icebergops:iceberg-ops-test-embedded}, in
 * this JVM, no Docker) and {@code ContainersEnvironment.create()} ({@code
 * dev.icebergops:iceberg-ops-test-containers}, Testcontainers and a Docker engine).
 *
 * <p>Implementations are thread-safe.
 */
public interface IcebergTestEnvironment extends AutoCloseable {

  /**
   * Starts the catalog and the S3 store, and creates the bucket. Does nothing when already started.
   *
   * @throws IllegalStateException if the environment was closed, or a server cannot be started
   *     (then everything already started is stopped again, and the cause tells why)
   */
  void start();

  /**
   * Returns this environment's shared catalog client, a {@link RESTCatalog}: it is a {@link
   * org.apache.iceberg.catalog.Catalog}, a {@link org.apache.iceberg.catalog.SupportsNamespaces}
   * and a {@link org.apache.iceberg.catalog.ViewCatalog}. Do not close it; {@link #close()} does.
   *
   * @return the shared catalog client
   * @throws IllegalStateException if the environment is not started, or closed
   */
  RESTCatalog catalog();

  /**
   * Returns a new catalog client, independent of {@link #catalog()} and of every other client: its
   * own HTTP connections and its own {@code S3FileIO}. Useful to simulate concurrent writers. The
   * caller may close it; {@link #close()} closes it at the latest.
   *
   * @param name the catalog name the client reports
   * @return a new catalog client
   * @throws IllegalStateException if the environment is not started, or closed
   */
  RESTCatalog newCatalogClient(String name);

  /**
   * Returns the properties that connect a catalog client to this environment: {@code type=rest},
   * {@code uri}, {@code warehouse}, {@code io-impl=org.apache.iceberg.aws.s3.S3FileIO} and the
   * {@code s3.*} and {@code client.region} settings of the store, and {@code
   * rest-metrics-reporting-enabled=false} (the test catalogs keep no metrics). Passed to {@link
   * org.apache.iceberg.CatalogUtil#buildIcebergCatalog} they build a working client.
   *
   * <p>The map holds the store's credentials; its {@code toString()} masks them (see {@code
   * dev.icebergops.redaction.Redaction}), so printing or logging it shows no secret.
   *
   * @return an unmodifiable map of catalog properties
   * @throws IllegalStateException if the environment is not started, or closed
   */
  Map<String, String> catalogProperties();

  /**
   * Returns the S3 endpoint, for example {@code http://127.0.0.1:41234}. Use path-style access.
   *
   * @return the S3 endpoint URL
   * @throws IllegalStateException if the environment is not started, or closed
   */
  String s3Endpoint();

  /**
   * Returns the name of the bucket that holds the warehouse.
   *
   * @return the bucket name
   */
  String bucket();

  /**
   * Stops the servers, closes every client the environment handed out and deletes its temporary
   * files. Does nothing when already closed.
   *
   * @throws IllegalStateException if something could not be closed or deleted; everything else is
   *     closed all the same, and the failures are attached as suppressed exceptions
   */
  @Override
  void close();
}
