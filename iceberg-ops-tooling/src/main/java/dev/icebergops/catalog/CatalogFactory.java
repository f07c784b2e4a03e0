package dev.icebergops.catalog;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import org.apache.iceberg.CatalogProperties;
import org.apache.iceberg.CatalogUtil;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.inmemory.InMemoryCatalog;
import org.apache.iceberg.rest.RESTCatalog;

/**
 * Builds a {@link Catalog} from a name and properties, the way engines do: a thin layer over
 * Iceberg's {@link CatalogUtil#buildIcebergCatalog}, so any catalog Iceberg knows ({@code type}
 * {@code rest}, {@code jdbc}, {@code glue}, {@code nessie}, {@code hive}, or a {@code catalog-impl}
 * class) works when its jars are on the class path.
 *
 * <pre>{@code
 * Catalog scratch = CatalogFactory.build("memory");   // an InMemoryCatalog, for trying things out
 * Catalog rest = CatalogFactory.build("prod", Map.of("type", "rest", "uri", "https://..."));
 * }</pre>
 *
 * <p>When Hadoop ({@code org.apache.hadoop:hadoop-common}) is on the class path, catalogs whose
 * default {@code FileIO} is Hadoop's ({@code jdbc}, {@code hadoop}) get a Hadoop {@code
 * Configuration}: properties prefixed {@value #HADOOP_PREFIX} go into it without the prefix. It
 * does not cache local file systems, so a {@code file:} warehouse works with the few Hadoop jars
 * the command line carries (the cache's key needs Hadoop's security classes and their
 * dependencies). This library does not bring Hadoop itself: without it, catalogs get no
 * configuration, which suits any catalog whose {@code io-impl} is not Hadoop's ({@code rest} with
 * {@code S3FileIO}, say).
 *
 * <p>A REST catalog's connecting and each wait for its answers are bounded ({@value
 * #DEFAULT_REST_TIMEOUT_MS} ms unless the properties say otherwise): Iceberg's HTTP client would
 * otherwise wait minutes for a server that accepts connections and never answers.
 */
public final class CatalogFactory {

  /** The name that {@link #build(String)} turns into an {@link InMemoryCatalog}. */
  public static final String MEMORY = "memory";

  /** The prefix of catalog properties that are Hadoop configuration settings. */
  public static final String HADOOP_PREFIX = "hadoop.";

  /** Iceberg's REST client property bounding how long connecting to the server may take. */
  public static final String REST_CONNECTION_TIMEOUT_MS = "rest.client.connection-timeout-ms";

  /** Iceberg's REST client property bounding how long the server may be silent in a response. */
  public static final String REST_SOCKET_TIMEOUT_MS = "rest.client.socket-timeout-ms";

  /**
   * The bound on connecting to a REST catalog and on each wait for its answer, unless the
   * properties set {@value #REST_CONNECTION_TIMEOUT_MS} or {@value #REST_SOCKET_TIMEOUT_MS}: 60 s,
   * the runner's own bound, so that a server that accepts connections and never answers fails a
   * command instead of holding it for minutes.
   */
  public static final String DEFAULT_REST_TIMEOUT_MS = "60000";

  private CatalogFactory() {}

  /**
   * Builds a catalog with no properties; {@value #MEMORY} gives an {@link InMemoryCatalog}.
   *
   * @param name the catalog name
   * @return the initialised catalog
   * @throws IllegalArgumentException if the name is blank, or is not {@value #MEMORY} (any other
   *     catalog needs properties)
   */
  public static Catalog build(String name) {
    return build(name, Map.of());
  }

  /**
   * Builds a catalog: {@value #MEMORY} with neither {@code type} nor {@code catalog-impl} gives an
   * {@link InMemoryCatalog}; anything else goes to {@link CatalogUtil#buildIcebergCatalog}.
   *
   * @param name the catalog name
   * @param properties the catalog properties ({@code type} or {@code catalog-impl}, {@code uri},
   *     {@code warehouse}, credentials...)
   * @return the initialised catalog
   * @throws IllegalArgumentException if the name is blank or the properties name no catalog type
   * @throws RuntimeException whatever the catalog throws while initialising (an unreachable REST
   *     server, a bad JDBC URI)
   */
  public static Catalog build(String name, Map<String, String> properties) {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("Cannot build catalog: the name is empty");
    }
    Objects.requireNonNull(properties, "properties");
    boolean typed =
        properties.containsKey(CatalogUtil.ICEBERG_CATALOG_TYPE)
            || properties.containsKey(CatalogProperties.CATALOG_IMPL);
    if (!typed && MEMORY.equals(name)) {
      InMemoryCatalog catalog = new InMemoryCatalog();
      catalog.initialize(name, new HashMap<>(properties));
      return catalog;
    }
    if (!typed) {
      throw new IllegalArgumentException(
          ("Cannot build catalog %s: set the property %s (rest, jdbc, glue, nessie, hive, hadoop)"
                  + " or %s")
              .formatted(name, CatalogUtil.ICEBERG_CATALOG_TYPE, CatalogProperties.CATALOG_IMPL));
    }
    Map<String, String> withBounds = new HashMap<>(properties);
    if (isRest(properties)) {
      withBounds.putIfAbsent(REST_CONNECTION_TIMEOUT_MS, DEFAULT_REST_TIMEOUT_MS);
      withBounds.putIfAbsent(REST_SOCKET_TIMEOUT_MS, DEFAULT_REST_TIMEOUT_MS);
    }
    return CatalogUtil.buildIcebergCatalog(name, withBounds, HadoopConf.ifPresent(properties));
  }

  private static boolean isRest(Map<String, String> properties) {
    return CatalogUtil.ICEBERG_CATALOG_TYPE_REST.equalsIgnoreCase(
            properties.get(CatalogUtil.ICEBERG_CATALOG_TYPE))
        || RESTCatalog.class.getName().equals(properties.get(CatalogProperties.CATALOG_IMPL));
  }
}
