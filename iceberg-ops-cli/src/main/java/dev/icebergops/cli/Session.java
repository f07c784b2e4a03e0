package dev.icebergops.cli;

import dev.icebergops.catalog.CatalogFactory;
import dev.icebergops.migration.MigrationSource;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.runner.MigrationStep;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.SocketTimeoutException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.iceberg.CatalogProperties;
import org.apache.iceberg.CatalogUtil;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.jdbc.JdbcCatalog;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a command works with: the config, the catalog it names (or the embedded one), the class
 * loader extended by {@code --classpath}, and the runner.
 */
final class Session implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(Session.class);
  static final String LOCAL_DIR = ".iceberg-ops";
  private static final String FILESYSTEM = "filesystem:";
  private static final String CLASSPATH = "classpath:";

  private final CliConfig config;
  private final List<Path> classPath;
  private final URLClassLoader loader;
  private final ClassLoader previousLoader;
  private Catalog catalog;
  private MigrationSource source;

  Session(CliConfig config, List<Path> classPath) {
    this.config = config;
    this.classPath = List.copyOf(classPath);
    this.loader =
        new URLClassLoader("iceberg-ops-classpath", urls(classPath), getClass().getClassLoader());
    this.previousLoader = Thread.currentThread().getContextClassLoader();
    // catalogs named by type or catalog-impl are loaded through the context class loader
    Thread.currentThread().setContextClassLoader(loader);
  }

  CliConfig config() {
    return config;
  }

  String namespace() {
    return config.namespace();
  }

  /** The catalog, connected on first use. */
  Catalog catalog() {
    if (catalog == null) {
      catalog = connect();
    }
    return catalog;
  }

  MigrationRunner runner() {
    return runner(false, step -> {});
  }

  MigrationRunner runner(boolean outOfOrder) {
    return runner(outOfOrder, step -> {});
  }

  /**
   * The runner; {@code outOfOrder} lets it apply pending versions below the highest applied, and
   * {@code onStep} hears of each version as soon as it is done.
   */
  MigrationRunner runner(boolean outOfOrder, Consumer<MigrationStep> onStep) {
    return MigrationRunner.builder(catalog())
        .namespace(config.namespace())
        .metaNamespace(config.metaNamespace())
        .source(source())
        .outOfOrder(outOfOrder)
        .onStep(onStep)
        .build();
  }

  MigrationSource source() {
    if (source == null) {
      String location = config.migrations();
      if (location.startsWith(CLASSPATH)) {
        source = MigrationSource.classpath(location, loader);
      } else {
        source = MigrationSource.filesystem(migrationsDir(), loader, classPath);
      }
    }
    return source;
  }

  /** The directory of a {@code filesystem:} location (the namespace's subdirectory if any). */
  Path migrationsDir() {
    String location = config.migrations();
    if (location.startsWith(CLASSPATH)) {
      throw new IllegalArgumentException(
          "Cannot write migration files to "
              + location
              + ": only a filesystem: location is a directory");
    }
    String path =
        location.startsWith(FILESYSTEM) ? location.substring(FILESYSTEM.length()) : location;
    return config.baseDir().resolve(path).normalize();
  }

  private Catalog connect() {
    Map<String, String> properties = config.catalogProperties();
    if (config.embedded()) {
      properties = embeddedProperties(config.baseDir().resolve(LOCAL_DIR));
    }
    try {
      return CatalogFactory.build(config.catalogName(), properties);
    } catch (RuntimeException e) {
      String where = properties.getOrDefault(CatalogProperties.URI, "");
      throw new IllegalStateException(
          "Cannot connect to catalog "
              + config.catalogName()
              + (where.isEmpty() ? "" : " at " + where)
              + ": "
              + (silence(e) ? silenceReason(properties) : Errors.reason(e)),
          e);
    }
  }

  /** Whether the catalog accepted the connection but did not answer in time. */
  private static boolean silence(Throwable e) {
    for (Throwable t = e; t != null && t.getCause() != t; t = t.getCause()) {
      if (t instanceof SocketTimeoutException) {
        return true;
      }
    }
    return false;
  }

  private static String silenceReason(Map<String, String> properties) {
    String key = CatalogFactory.REST_SOCKET_TIMEOUT_MS;
    long millis =
        Long.parseLong(properties.getOrDefault(key, CatalogFactory.DEFAULT_REST_TIMEOUT_MS));
    return "no answer within " + millis / 1000 + " s (the catalog property " + key + ")";
  }

  static Map<String, String> embeddedProperties(Path localDir) {
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

  private static URL[] urls(List<Path> paths) {
    List<URL> urls = new ArrayList<>();
    for (Path path : paths) {
      if (!Files.exists(path)) {
        throw new IllegalArgumentException(
            "Cannot use class path entry " + path + ": it does not exist");
      }
      try {
        urls.add(path.toAbsolutePath().toUri().toURL());
      } catch (MalformedURLException e) {
        throw new IllegalArgumentException(
            "Cannot use class path entry " + path + ": " + e.getMessage());
      }
    }
    return urls.toArray(URL[]::new);
  }

  @Override
  public void close() {
    Thread.currentThread().setContextClassLoader(previousLoader);
    if (catalog instanceof Closeable closeable) {
      try {
        closeable.close();
      } catch (IOException | RuntimeException e) {
        LOG.warn("Cannot close catalog {}: {}", config.catalogName(), e.toString());
      }
    }
    try {
      loader.close();
    } catch (IOException e) {
      LOG.warn("Cannot close class loader: {}", e.toString());
    }
  }
}
