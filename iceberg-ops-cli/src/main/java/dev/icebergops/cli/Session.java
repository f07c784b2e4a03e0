package dev.icebergops.cli;

import dev.icebergops.config.IcebergOpsConfig;
import dev.icebergops.migration.MigrationSource;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.runner.RunEvent;
import java.io.Closeable;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.iceberg.catalog.Catalog;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a command works with: the config, the catalog it names (or the embedded one), the class
 * loader extended by {@code --classpath}, and the runner.
 */
final class Session implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(Session.class);

  private final IcebergOpsConfig config;
  private final List<Path> classPath;
  private final URLClassLoader loader;
  private final ClassLoader previousLoader;
  private Catalog catalog;
  private MigrationSource source;

  Session(IcebergOpsConfig config, List<Path> classPath) {
    this.config = config;
    this.classPath = List.copyOf(classPath);
    this.loader =
        new URLClassLoader("iceberg-ops-classpath", urls(classPath), getClass().getClassLoader());
    this.previousLoader = Thread.currentThread().getContextClassLoader();
    // catalogs named by type or catalog-impl are loaded through the context class loader
    Thread.currentThread().setContextClassLoader(loader);
  }

  IcebergOpsConfig config() {
    return config;
  }

  String namespace() {
    return config.namespace();
  }

  /** The catalog, connected on first use. */
  Catalog catalog() {
    if (catalog == null) {
      catalog = config.connect();
    }
    return catalog;
  }

  MigrationRunner runner() {
    return runner(false, event -> {});
  }

  MigrationRunner runner(boolean outOfOrder) {
    return runner(outOfOrder, event -> {});
  }

  /**
   * The runner; {@code outOfOrder} lets it apply pending versions below the highest applied, and
   * {@code onEvent} hears of each version as soon as it is done.
   */
  MigrationRunner runner(boolean outOfOrder, Consumer<RunEvent> onEvent) {
    return MigrationRunner.builder(catalog())
        .namespace(config.namespace())
        .metaNamespace(config.metaNamespace())
        .source(source())
        .outOfOrder(outOfOrder)
        .onEvent(onEvent)
        .build();
  }

  MigrationSource source() {
    if (source == null) {
      source = config.source(loader, classPath);
    }
    return source;
  }

  /** The directory of a {@code filesystem:} location (the namespace's subdirectory if any). */
  Path migrationsDir() {
    return config.migrationsDir();
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
