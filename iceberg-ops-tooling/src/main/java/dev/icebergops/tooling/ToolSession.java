package dev.icebergops.tooling;

import dev.icebergops.config.IcebergOpsConfig;
import dev.icebergops.migration.MigrationSource;
import dev.icebergops.runner.MigrationRunner;
import java.io.Closeable;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.iceberg.catalog.Catalog;

/**
 * What a command of the command line or a goal of the Maven plugin works with: the config, the
 * catalog it names (or the embedded one), connected on first use, the class loader over the extra
 * class path, and the runner over the configured migrations. While the session is open its class
 * loader is the thread's context class loader: catalogs named by {@code type} or {@code
 * catalog-impl} are loaded through it. Iceberg's default metrics reporter, which logs a report of
 * every scan and commit at INFO, logs at WARN only, unless the system properties set its level (the
 * command line's and Maven's SLF4J providers read them when its logger is made).
 */
public final class ToolSession implements AutoCloseable {

  private static final String METRICS_REPORTER_LEVEL =
      "org.slf4j.simpleLogger.log.org.apache.iceberg.metrics.LoggingMetricsReporter";

  private final IcebergOpsConfig config;
  private final List<Path> classPath;
  private final URLClassLoader loader;
  private final ClassLoader previousLoader;
  private final Consumer<String> warn;
  private Catalog catalog;
  private MigrationSource source;

  /**
   * Opens a session: {@code loader} becomes the thread's context class loader until {@link #close}.
   *
   * @param config the settings
   * @param classPath the entries of {@code loader}, which filesystem migrations compile against
   * @param loader the class loader over {@code classPath} (see {@link #urls}), closed with the
   *     session
   * @param warn where a catalog or a class loader that cannot be closed is reported
   */
  public ToolSession(
      IcebergOpsConfig config, List<Path> classPath, URLClassLoader loader, Consumer<String> warn) {
    this.config = config;
    this.classPath = List.copyOf(classPath);
    this.loader = loader;
    this.warn = warn;
    this.previousLoader = Thread.currentThread().getContextClassLoader();
    Thread.currentThread().setContextClassLoader(loader);
    System.getProperties().putIfAbsent(METRICS_REPORTER_LEVEL, "warn");
  }

  /**
   * The URLs of class path entries, for the session's class loader.
   *
   * @throws IllegalArgumentException if an entry cannot be a URL
   */
  public static URL[] urls(List<Path> classPath) {
    List<URL> urls = new ArrayList<>();
    for (Path path : classPath) {
      try {
        urls.add(path.toAbsolutePath().toUri().toURL());
      } catch (MalformedURLException e) {
        throw new IllegalArgumentException(
            "Cannot use class path entry " + path + ": " + e.getMessage());
      }
    }
    return urls.toArray(URL[]::new);
  }

  /** The settings of the run. */
  public IcebergOpsConfig config() {
    return config;
  }

  /** The namespace to migrate. */
  public String namespace() {
    return config.namespace();
  }

  /** The catalog, connected on first use. */
  public Catalog catalog() {
    if (catalog == null) {
      catalog = config.connect();
    }
    return catalog;
  }

  /** The migrations of the config's location, found (or compiled) through the class loader. */
  public MigrationSource source() {
    if (source == null) {
      source = config.source(loader, classPath);
    }
    return source;
  }

  /** A runner builder on the catalog, the namespace, the history's namespace and the source. */
  public MigrationRunner.Builder runner() {
    return MigrationRunner.builder(catalog())
        .namespace(config.namespace())
        .metaNamespace(config.metaNamespace())
        .source(source())
        .failOnSkippedMigrations(config.failOnSkippedMigrations());
  }

  /** Restores the thread's context class loader, then closes the catalog and the class loader. */
  @Override
  public void close() {
    Thread.currentThread().setContextClassLoader(previousLoader);
    if (catalog instanceof Closeable closeable) {
      try {
        closeable.close();
      } catch (IOException | RuntimeException e) {
        warn.accept("Cannot close catalog " + config.catalogName() + ": " + e);
      }
    }
    try {
      loader.close();
    } catch (IOException e) {
      warn.accept("Cannot close class loader: " + e);
    }
  }
}
