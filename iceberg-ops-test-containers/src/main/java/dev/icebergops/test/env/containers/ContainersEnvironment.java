package dev.icebergops.test.env.containers;

import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.test.env.spi.ServedEnvironment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.apache.iceberg.CatalogProperties;
import org.apache.iceberg.IcebergBuild;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.MinIOContainer;
import org.testcontainers.containers.Network;
import org.testcontainers.images.PullPolicy;
import org.testcontainers.utility.DockerImageName;
import org.testcontainers.utility.TestcontainersConfiguration;

/**
 * An {@link IcebergTestEnvironment} in containers, through Testcontainers: an Iceberg REST catalog
 * image (by default {@code apache/iceberg-rest-fixture} at this project's Iceberg version) and
 * MinIO ({@link MinIOContainer}), wired so that the catalog writes metadata and data to a bucket of
 * the store. The environment creates the bucket and configures the catalog through the fixture's
 * {@code CATALOG_*} variables: warehouse, {@code S3FileIO}, endpoint, path-style access,
 * credentials and region, and its JDBC database (a SQLite file in WAL mode, so that parallel test
 * classes commit side by side).
 *
 * <p>The fixture serves Iceberg's reference adapter, whose multi-table commit answers a table's
 * refused commit as done without making it: the catalog properties set {@code
 * iceberg-ops.multi-table-commits=false}, so that the runner commits one table at a time here, as
 * on catalogs without the endpoint.
 *
 * <pre>{@code
 * try (ContainersEnvironment env = ContainersEnvironment.create()
 *     .withCatalogImage("registry.acme.com/iceberg-rest-fixture:1.11.0")
 *     .withHostNetwork()) {             // for machines whose Docker has no bridge network
 *   env.start();
 *   RESTCatalog catalog = env.catalog();
 *   catalog.createNamespace(Namespace.of("sales"), new HashMap<>());
 * }
 * }</pre>
 *
 * <p>Networking: by default both containers join a network of their own and publish their ports on
 * mapped host ports. With {@link #withHostNetwork()} they share the host's network and listen on
 * free ports of 127.0.0.1 (the catalog port through {@code CATALOG_REST_PORT}, the store's through
 * MinIO's {@code --address}), for Docker engines that run without a bridge.
 *
 * <p>Testcontainers' container reuse is honoured when the user enables it ({@code
 * testcontainers.reuse.enable=true} in {@code ~/.testcontainers.properties}): the containers are
 * then left running by {@link #close()}. Reuse needs identical containers from run to run, so with
 * host networking the ports are then the images' usual 8181 and 9000.
 */
public final class ContainersEnvironment extends ServedEnvironment<ContainersEnvironment> {
  /** The catalog image unless {@link #withCatalogImage(String)} names another. */
  public static final String DEFAULT_CATALOG_IMAGE =
      "apache/iceberg-rest-fixture:" + IcebergBuild.version();

  /** The store image unless {@link #withS3Image(String)} names another: MinIO, at a pinned tag. */
  public static final String DEFAULT_S3_IMAGE = "minio/minio:RELEASE.2023-09-04T19-57-37Z";

  /**
   * The catalog property that has the runner commit one table at a time: the fixture's multi-table
   * commit is not atomic.
   */
  static final String MULTI_TABLE_COMMITS = "iceberg-ops.multi-table-commits";

  /**
   * The fixture's JDBC catalog database: a SQLite file in WAL mode, as the fixture has used since
   * apache/iceberg#18044. Earlier fixtures kept a shared in-memory database, whose table locks
   * answer 500 to a commit that overlaps another, for example from a test class running in
   * parallel.
   */
  static final String FIXTURE_DATABASE = "jdbc:sqlite:/tmp/iceberg_catalog.db?journal_mode=WAL";

  /** The port the catalog listens on in its container. */
  public static final int CATALOG_PORT = 8181;

  /** The port the store listens on in its container. */
  public static final int S3_PORT = 9000;

  /** The store's access key (MinIO's root user) unless {@link #withCredentials} says otherwise. */
  public static final String DEFAULT_ACCESS_KEY = "iceberg-ops";

  /** The store's secret key (MinIO's root password) unless {@link #withCredentials} says so. */
  public static final String DEFAULT_SECRET_KEY = "iceberg-ops-secret";

  /** How long each container may take to start unless {@link #withStartupTimeout} says so. */
  public static final Duration DEFAULT_STARTUP_TIMEOUT = Duration.ofMinutes(2);

  private static final Logger LOG = LoggerFactory.getLogger(ContainersEnvironment.class);
  private static final String S3_ALIAS = "s3";

  private String catalogImage = DEFAULT_CATALOG_IMAGE;
  private String s3Image = DEFAULT_S3_IMAGE;
  private String accessKey = DEFAULT_ACCESS_KEY;
  private String secretKey = DEFAULT_SECRET_KEY;
  private final Map<String, String> catalogEnv = new LinkedHashMap<>();
  private boolean hostNetwork;
  private Duration startupTimeout = DEFAULT_STARTUP_TIMEOUT;
  private Pull pull = Pull.MISSING;

  private boolean reused;
  private Network network;
  private ContainerPorts ports;
  private MinIOContainer store;
  private GenericContainer<?> catalogServer;

  ContainersEnvironment() {}

  /**
   * Returns a new, not yet started environment that runs an Iceberg REST catalog image and MinIO in
   * containers through Testcontainers. It needs a Docker engine.
   *
   * @return a new containers environment
   */
  public static ContainersEnvironment create() {
    return new ContainersEnvironment();
  }

  /**
   * Tells whether a Docker engine answers, without starting anything (not even Testcontainers'
   * clean-up container): an engine that answers but lacks settings is reported by {@link #start()},
   * naming them. Quick and quiet on a machine that has no Docker at all.
   *
   * @return whether Testcontainers can reach a Docker engine
   */
  public static boolean dockerAvailable() {
    Path home = Path.of(System.getProperty("user.home"));
    boolean configured =
        System.getenv("DOCKER_HOST") != null
            || Files.exists(Path.of("/var/run/docker.sock"))
            || Files.exists(home.resolve(".testcontainers.properties"))
            || Files.exists(home.resolve(".docker").resolve("run"));
    return configured && EngineProbe.engineAnswers();
  }

  /**
   * Names the catalog image, for example a locally built fixture or Polaris, Lakekeeper or Nessie
   * (these also need their own {@link #withCatalogEnv} settings).
   *
   * @param image a Docker image name with its tag
   * @return this environment
   * @throws IllegalStateException if the environment was started
   */
  public synchronized ContainersEnvironment withCatalogImage(String image) {
    checkNotStarted("catalog image");
    this.catalogImage = requireText(image, "catalog image");
    return this;
  }

  /**
   * Names the store image: MinIO or an image that accepts MinIO's command line ({@code server
   * --address ... /data}), port and {@code MINIO_ROOT_USER} / {@code MINIO_ROOT_PASSWORD}.
   *
   * @param image a Docker image name with its tag
   * @return this environment
   * @throws IllegalStateException if the environment was started
   */
  public synchronized ContainersEnvironment withS3Image(String image) {
    checkNotStarted("S3 image");
    this.s3Image = requireText(image, "S3 image");
    return this;
  }

  /**
   * Sets the store's credentials, which the catalog and every client use too.
   *
   * @param newAccessKey the access key, at least 3 characters (MinIO's rule)
   * @param newSecretKey the secret key, at least 8 characters (MinIO's rule)
   * @return this environment
   * @throws IllegalArgumentException if a key is too short
   * @throws IllegalStateException if the environment was started
   */
  public synchronized ContainersEnvironment withCredentials(
      String newAccessKey, String newSecretKey) {
    checkNotStarted("credentials");
    if (newAccessKey == null || newAccessKey.length() < 3) {
      throw new IllegalArgumentException("Cannot use access key: fewer than 3 characters");
    }
    if (newSecretKey == null || newSecretKey.length() < 8) {
      throw new IllegalArgumentException("Cannot use secret key: fewer than 8 characters");
    }
    this.accessKey = newAccessKey;
    this.secretKey = newSecretKey;
    return this;
  }

  /**
   * Adds an environment variable to the catalog container; it wins over the variables the
   * environment sets itself (for the fixture: {@code CATALOG_*}, see the class comment).
   *
   * @param name the variable's name
   * @param value its value
   * @return this environment
   * @throws IllegalStateException if the environment was started
   */
  public synchronized ContainersEnvironment withCatalogEnv(String name, String value) {
    checkNotStarted("catalog environment");
    catalogEnv.put(requireText(name, "catalog environment variable"), value);
    return this;
  }

  /**
   * Puts both containers on the host's network instead of a network of their own: for Docker
   * engines without a bridge network. Servers listen on free ports of 127.0.0.1.
   *
   * @return this environment
   * @throws IllegalStateException if the environment was started
   */
  public synchronized ContainersEnvironment withHostNetwork() {
    checkNotStarted("network mode");
    this.hostNetwork = true;
    return this;
  }

  /**
   * Sets how long each container may take to answer HTTP after it started.
   *
   * @param timeout a positive duration
   * @return this environment
   * @throws IllegalArgumentException if {@code timeout} is not positive
   * @throws IllegalStateException if the environment was started
   */
  public synchronized ContainersEnvironment withStartupTimeout(Duration timeout) {
    checkNotStarted("start-up timeout");
    if (timeout == null || timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("Cannot use start-up timeout: not positive: " + timeout);
    }
    this.startupTimeout = timeout;
    return this;
  }

  /**
   * Sets when images are pulled, {@link Pull#MISSING} by default.
   *
   * @param newPull the pull policy
   * @return this environment
   * @throws IllegalStateException if the environment was started
   */
  public synchronized ContainersEnvironment withPull(Pull newPull) {
    checkNotStarted("pull policy");
    this.pull = Objects.requireNonNull(newPull, "pull");
    return this;
  }

  @Override
  protected Map<String, String> startServers() {
    long startNanos = System.nanoTime();
    EngineCheck.require(catalogImage, s3Image, pull, startupTimeout);
    this.reused = TestcontainersConfiguration.getInstance().environmentSupportsReuse();
    this.ports = ContainerPorts.pick(hostNetwork, reused);
    if (!hostNetwork) {
      this.network = Network.newNetwork();
    }
    this.store = newStoreContainer();
    store.start();
    String s3Endpoint = ports.s3Endpoint(store);
    Buckets.create(s3Endpoint, accessKey, secretKey, bucket());
    this.catalogServer = newCatalogContainer(s3Endpoint);
    catalogServer.start();
    String uri = ports.catalogUri(catalogServer);
    LOG.info(
        "Iceberg test environment started in {} ms: REST catalog {} ({}), S3 {} ({}, bucket {})",
        (System.nanoTime() - startNanos) / 1_000_000,
        uri,
        catalogImage,
        s3Endpoint,
        s3Image,
        bucket());
    Map<String, String> properties =
        clientProperties(uri, storageProperties(s3Endpoint, accessKey, secretKey));
    // the fixture's multi-table commit is not atomic: it answers a table's refused commit as done
    // without making it (docs/reliability.md), so the runner commits one table at a time here
    properties.put(MULTI_TABLE_COMMITS, "false");
    return properties;
  }

  @Override
  protected RuntimeException startFailure(Exception e) {
    return new IllegalStateException(
        "Cannot start containers environment (catalog %s, S3 %s): %s%s"
            .formatted(
                catalogImage,
                s3Image,
                rootMessage(e),
                pull == Pull.NEVER && !(e instanceof EngineCheck.SettingsMissing)
                    ? " (images are never pulled: build or pull them beforehand)"
                    : ""),
        e);
  }

  private MinIOContainer newStoreContainer() {
    MinIOContainer container =
        new MinIOContainer(
                DockerImageName.parse(s3Image)
                    .asCompatibleSubstituteFor(DockerImageName.parse("minio/minio")))
            .withUserName(accessKey)
            .withPassword(secretKey);
    configure(container, "S3 store", S3_PORT, ports.s3Host());
    if (hostNetwork) {
      container.withCommand(
          "server",
          "--address",
          "127.0.0.1:" + ports.s3Host(),
          "--console-address",
          "127.0.0.1:" + ports.consoleHost(),
          "/data");
    } else {
      container.withNetworkAliases(S3_ALIAS);
    }
    return container;
  }

  private GenericContainer<?> newCatalogContainer(String s3Endpoint) {
    String s3FromCatalog =
        hostNetwork ? s3Endpoint : "http://" + S3_ALIAS + ":" + S3_PORT; // the store, as it sees it
    Map<String, String> properties = storageProperties(s3FromCatalog, accessKey, secretKey);
    properties.put(CatalogProperties.URI, FIXTURE_DATABASE);
    if (hostNetwork) {
      properties.put("rest.port", Integer.toString(ports.catalogHost()));
    }
    GenericContainer<?> container = new GenericContainer<>(DockerImageName.parse(catalogImage));
    container.withEnv(CatalogEnvironmentVariables.variablesFor(properties));
    container.withEnv("AWS_REGION", ServedEnvironment.REGION);
    container.withEnv(catalogEnv);
    configure(container, "REST catalog", CATALOG_PORT, ports.catalogHost());
    return container;
  }

  /** Network, ports, readiness, pulling and reuse: the same for both containers. */
  private void configure(
      GenericContainer<?> container, String what, int containerPort, int hostPort) {
    ports.attach(container, what, containerPort, hostPort, network, startupTimeout);
    container.withImagePullPolicy(
        switch (pull) {
          case MISSING -> PullPolicy.defaultPolicy();
          case NEVER -> image -> false;
          case ALWAYS -> PullPolicy.alwaysPull();
        });
    container.withReuse(reused);
  }

  /** The store's container, for tests that look inside it. */
  synchronized MinIOContainer storeContainer() {
    checkRunning("use the store container");
    return store;
  }

  /** The catalog's container, for tests that look inside it. */
  synchronized GenericContainer<?> catalogContainer() {
    checkRunning("use the catalog container");
    return catalogServer;
  }

  /** Stops the containers (unless reused), adding failures to {@code failure}. */
  @Override
  protected void stopServers(Throwable failure) {
    if (!reused) {
      closeQuietly(catalogServer, failure);
      closeQuietly(store, failure);
      closeQuietly(network, failure);
    }
    this.catalogServer = null;
    this.store = null;
    this.network = null;
  }

  private static String requireText(String value, String what) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException("Cannot use " + what + ": empty");
    }
    return value.trim();
  }

  @Override
  public String toString() {
    return "containers (catalog %s, S3 %s, %s network)"
        .formatted(catalogImage, s3Image, hostNetwork ? "host" : "bridge");
  }
}
