package dev.icebergops.config;

import dev.icebergops.catalog.CatalogFactory;
import dev.icebergops.migration.MigrationSource;
import dev.icebergops.tooling.Errors;
import dev.icebergops.tooling.FilesystemMigrationSource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.SocketTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.CatalogProperties;
import org.apache.iceberg.CatalogUtil;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.jdbc.JdbcCatalog;
import org.apache.iceberg.relocated.com.google.common.base.Throwables;

/**
 * The settings of one run, from {@code iceberg-ops.yaml} (and, for the Maven plugin, its POM
 * configuration) with environment overrides applied: read them with {@link ConfigLoader}, then
 * {@link #connect()} to the catalog and take the migrations from {@link #source}.
 *
 * @param file the config file read; relative locations are resolved against its directory
 * @param catalogName the catalog's name
 * @param catalogProperties the catalog's properties; empty for the embedded local catalog
 * @param namespace the namespace to migrate
 * @param migrations the migration location, {@code filesystem:<dir>} or {@code classpath:<pkg>}
 * @param contracts the directory of {@code <table>.yaml} contracts
 * @param metaNamespace the namespace of the history table
 * @param failOnSkippedMigrations whether a migration the source skips (see {@code
 *     MigrationSource#skipped}) fails migrate and validate ({@code fail-on-skipped-migrations})
 */
public record IcebergOpsConfig(
    Path file,
    String catalogName,
    Map<String, String> catalogProperties,
    String namespace,
    String migrations,
    String contracts,
    String metaNamespace,
    boolean failOnSkippedMigrations) {

  /** The config file's name. */
  public static final String FILE_NAME = "iceberg-ops.yaml";

  /** Where migrations are unless the config says otherwise. */
  public static final String DEFAULT_MIGRATIONS = "filesystem:migrations";

  /** Where contracts are unless the config says otherwise. */
  public static final String DEFAULT_CONTRACTS = "contracts";

  /** The catalog's name unless the config says otherwise. */
  public static final String DEFAULT_CATALOG_NAME = "local";

  /** The namespace of the history table unless the config says otherwise. */
  public static final String DEFAULT_META_NAMESPACE = "_iceberg_ops";

  /** The directory, beside the config file, of the embedded catalog's database and warehouse. */
  public static final String LOCAL_DIR = ".iceberg-ops";

  private static final String FILESYSTEM = "filesystem:";
  private static final String CLASSPATH = "classpath:";

  /** Copies the catalog properties. */
  public IcebergOpsConfig {
    catalogProperties = Map.copyOf(catalogProperties);
  }

  /**
   * The directory that relative locations are resolved against: the config file's.
   *
   * @return an absolute directory
   */
  public Path baseDir() {
    Path parent = file.toAbsolutePath().getParent();
    return parent == null ? Path.of("").toAbsolutePath() : parent;
  }

  /**
   * Tells whether no catalog is configured: then the catalog is the embedded one, a SQLite JDBC
   * catalog with a file warehouse under {@value #LOCAL_DIR} beside the config file.
   *
   * @return true when the catalog properties are empty
   */
  public boolean embedded() {
    return catalogProperties.isEmpty();
  }

  /**
   * The contracts' directory.
   *
   * @return the contracts location resolved against {@link #baseDir()}
   */
  public Path contractsDir() {
    return baseDir().resolve(contracts);
  }

  /**
   * Tells whether migrations are classes on the class path rather than source files.
   *
   * @return true for a {@code classpath:} location
   */
  public boolean classpathMigrations() {
    return migrations.startsWith(CLASSPATH);
  }

  /**
   * The directory of a {@code filesystem:} location.
   *
   * @return the location resolved against {@link #baseDir()}
   * @throws IllegalArgumentException for a {@code classpath:} location
   */
  public Path migrationsDir() {
    if (classpathMigrations()) {
      throw new IllegalArgumentException(
          "Cannot write migration files to %s: only a filesystem: location is a directory"
              .formatted(migrations));
    }
    String path =
        migrations.startsWith(FILESYSTEM) ? migrations.substring(FILESYSTEM.length()) : migrations;
    return baseDir().resolve(path).normalize();
  }

  /**
   * The migrations: classes found through {@code loader} for a {@code classpath:} location, source
   * files compiled against {@code classPath} for a {@code filesystem:} one.
   *
   * @param loader loads migration classes and the classes filesystem migrations use
   * @param classPath the entries filesystem migrations are compiled against, beyond the library's
   * @return the source of the migrations
   */
  public MigrationSource source(ClassLoader loader, List<Path> classPath) {
    return classpathMigrations()
        ? MigrationSource.classpath(migrations, loader)
        : FilesystemMigrationSource.of(migrationsDir(), loader, classPath);
  }

  /**
   * Connects to the configured catalog, or to the embedded one when none is configured (creating
   * its warehouse directory). Catalogs named by {@code type} or {@code catalog-impl} are loaded
   * through the thread's context class loader.
   *
   * @return the initialised catalog
   * @throws IllegalStateException when the catalog cannot be built or reached, with a message that
   *     names it and the reason, on one line
   */
  public Catalog connect() {
    Map<String, String> properties =
        embedded() ? embeddedProperties(baseDir().resolve(LOCAL_DIR)) : catalogProperties;
    try {
      return CatalogFactory.build(catalogName, properties);
    } catch (RuntimeException e) {
      String where = properties.getOrDefault(CatalogProperties.URI, "");
      String reason = Errors.reason(e);
      // the catalog accepted the connection but did not answer in time
      if (Throwables.getCausalChain(e).stream()
          .anyMatch(SocketTimeoutException.class::isInstance)) {
        String key = CatalogFactory.REST_SOCKET_TIMEOUT_MS;
        long millis =
            Long.parseLong(properties.getOrDefault(key, CatalogFactory.DEFAULT_REST_TIMEOUT_MS));
        reason = "no answer within " + millis / 1000 + " s (the catalog property " + key + ")";
      }
      throw new IllegalStateException(
          "Cannot connect to catalog %s%s: %s"
              .formatted(catalogName, where.isEmpty() ? "" : " at " + where, reason),
          e);
    }
  }

  /** The system property that names the directory SQLite's JDBC driver unpacks its library to. */
  static final String SQLITE_TMPDIR = "org.sqlite.tmpdir";

  /**
   * The properties of the embedded catalog: SQLite JDBC in {@code localDir/catalog.db}, the
   * warehouse in {@code localDir/warehouse} (created here).
   *
   * @param localDir the directory of the database and the warehouse
   * @return the catalog properties
   */
  public static Map<String, String> embeddedProperties(Path localDir) {
    isolateSqliteNativeLibrary();
    Path warehouse = localDir.resolve("warehouse");
    try {
      Files.createDirectories(warehouse);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot create the local warehouse " + warehouse, e);
    }
    Map<String, String> props = new LinkedHashMap<>();
    props.put(CatalogUtil.ICEBERG_CATALOG_TYPE, CatalogUtil.ICEBERG_CATALOG_TYPE_JDBC);
    props.put(CatalogProperties.URI, "jdbc:sqlite:" + localDir.resolve("catalog.db"));
    props.put(CatalogProperties.WAREHOUSE_LOCATION, warehouse.toUri().toString());
    // the schema version that supports views, as Iceberg's REST fixture uses
    props.put(JdbcCatalog.PROPERTY_PREFIX + "schema-version", "V1");
    return props;
  }

  /**
   * Has SQLite's JDBC driver unpack its native library into a directory of this JVM's own, unless
   * {@value #SQLITE_TMPDIR} names one. On its first connection the driver deletes the libraries
   * other JVMs left in its directory (the system's temporary directory by default); one that a JVM
   * ending at that moment deletes first made it log an error with a stack trace into the build of
   * two projects started side by side.
   */
  private static synchronized void isolateSqliteNativeLibrary() {
    if (System.getProperty(SQLITE_TMPDIR) != null) {
      return;
    }
    try {
      Path own = Files.createTempDirectory("iceberg-ops-sqlite-");
      own.toFile().deleteOnExit(); // after the library and its lock, registered later
      System.setProperty(SQLITE_TMPDIR, own.toString());
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot create a directory for SQLite's native library", e);
    }
  }
}
