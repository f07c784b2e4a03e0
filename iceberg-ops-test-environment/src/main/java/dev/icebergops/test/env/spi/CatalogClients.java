package dev.icebergops.test.env.spi;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.iceberg.CatalogProperties;
import org.apache.iceberg.CatalogUtil;
import org.apache.iceberg.aws.AwsClientProperties;
import org.apache.iceberg.aws.s3.S3FileIO;
import org.apache.iceberg.aws.s3.S3FileIOProperties;

/**
 * The properties that connect the catalog clients of a started environment. Every environment
 * connects its clients the same way.
 */
public final class CatalogClients {
  /** Iceberg's switch for a REST client's metrics reports ({@code RESTSessionCatalog}). */
  static final String METRICS_REPORTING = "rest-metrics-reporting-enabled";

  private CatalogClients() {}

  /**
   * The S3FileIO settings that reach a store: warehouse, endpoint, path style, whole-payload
   * signing, keys, region.
   */
  public static Map<String, String> storageProperties(
      String warehouse, String endpoint, String accessKey, String secretKey, String region) {
    Map<String, String> props = new LinkedHashMap<>();
    props.put(CatalogProperties.WAREHOUSE_LOCATION, warehouse);
    props.put(CatalogProperties.FILE_IO_IMPL, S3FileIO.class.getName());
    props.put(S3FileIOProperties.ENDPOINT, endpoint);
    props.put(S3FileIOProperties.PATH_STYLE_ACCESS, "true");
    // whole-payload signing: S3Proxy's Jetty closed some connections after aws-chunked uploads,
    // and the SDK retried the next request on them after a back-off (see BENCHMARKS.md)
    props.put(S3FileIOProperties.CHUNKED_ENCODING_ENABLED, "false");
    props.put(S3FileIOProperties.ACCESS_KEY_ID, accessKey);
    props.put(S3FileIOProperties.SECRET_ACCESS_KEY, secretKey);
    props.put(AwsClientProperties.CLIENT_REGION, region);
    return props;
  }

  /**
   * The properties of a REST client of the catalog at {@code uri}, storing through {@code storage}.
   * The client sends no metrics reports: the test catalogs keep none, and each report is one more
   * round trip after every snapshot commit.
   */
  public static Map<String, String> clientProperties(String uri, Map<String, String> storage) {
    Map<String, String> props = new LinkedHashMap<>();
    props.put(CatalogUtil.ICEBERG_CATALOG_TYPE, CatalogUtil.ICEBERG_CATALOG_TYPE_REST);
    props.put(CatalogProperties.URI, uri);
    props.put(METRICS_REPORTING, "false");
    props.putAll(storage);
    return props;
  }
}
