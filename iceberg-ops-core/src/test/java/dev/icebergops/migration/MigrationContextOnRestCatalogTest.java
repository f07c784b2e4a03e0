package dev.icebergops.migration;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.migration.internal.PropertyChanges;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.SharedEnvironment;
import java.util.HashMap;
import java.util.Map;
import org.apache.iceberg.CatalogUtil;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.rest.RESTCatalog;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The MigrationContext helpers on Iceberg's own REST catalog server over HTTP, with table metadata
 * written to an S3-compatible store.
 */
@ExtendWith(SharedEnvironment.class)
class MigrationContextOnRestCatalogTest {

  static Catalog catalog;
  static RESTCatalog s3TablesCatalog;

  @BeforeAll
  static void connect(IcebergTestEnvironment environment) {
    catalog = environment.catalog();
    // configured the way a client of AWS S3 Tables' REST endpoint is; signing stays off
    Map<String, String> properties = new HashMap<>(environment.catalogProperties());
    properties.put(PropertyChanges.REST_SIGNING_NAME, "s3tables");
    s3TablesCatalog =
        (RESTCatalog) CatalogUtil.buildIcebergCatalog("s3tables_like", properties, null);
  }

  @AfterAll
  static void disconnect() throws Exception {
    s3TablesCatalog.close();
  }

  @Test
  void catalogIsARestClientOverHttp() {
    assertThat(catalog).isInstanceOf(RESTCatalog.class);
  }

  @Nested
  class Helpers extends MigrationContextBehaviour {
    @Override
    Catalog catalog() {
      return catalog;
    }

    @Override
    Catalog s3TablesCatalog() {
      return s3TablesCatalog;
    }
  }
}
