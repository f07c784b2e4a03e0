package dev.icebergops.testing;

import dev.icebergops.test.env.IcebergTestEnvironment;
import java.util.HashMap;
import java.util.Map;
import org.apache.iceberg.rest.RESTCatalog;

/**
 * Catalog clients of a test environment whose requests go through {@link FaultProxy} instances.
 *
 * <pre>{@code
 * RESTCatalog client = ProxiedClients.catalogThrough(env, proxy); // store requests go direct
 * }</pre>
 */
public final class ProxiedClients {

  private ProxiedClients() {}

  /** A client whose catalog requests go through {@code catalog}; its store requests go direct. */
  public static RESTCatalog catalogThrough(IcebergTestEnvironment env, FaultProxy catalog) {
    return catalogThrough(env, catalog, Map.of());
  }

  /**
   * A client whose catalog requests go through {@code catalog}, with {@code extra} added to its
   * properties; its store requests go direct.
   */
  public static RESTCatalog catalogThrough(
      IcebergTestEnvironment env, FaultProxy catalog, Map<String, String> extra) {
    return client(env, catalog.uri(), null, extra);
  }

  /** A client whose catalog and store requests go through the two proxies. */
  public static RESTCatalog through(
      IcebergTestEnvironment env, FaultProxy catalog, FaultProxy store) {
    return client(env, catalog.uri(), store.uri(), Map.of());
  }

  private static RESTCatalog client(
      IcebergTestEnvironment env, String uri, String s3Endpoint, Map<String, String> extra) {
    Map<String, String> properties = new HashMap<>(env.catalogProperties());
    properties.putAll(extra);
    properties.put("uri", uri);
    if (s3Endpoint != null) {
      properties.put("s3.endpoint", s3Endpoint);
    }
    RESTCatalog client = new RESTCatalog();
    client.initialize("proxied", properties);
    return client;
  }
}
