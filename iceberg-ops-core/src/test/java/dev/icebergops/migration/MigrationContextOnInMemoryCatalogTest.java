package dev.icebergops.migration;

import java.util.Map;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.inmemory.InMemoryCatalog;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;

/** The MigrationContext helpers on Iceberg's InMemoryCatalog. */
class MigrationContextOnInMemoryCatalogTest {

  /** An in-memory catalog whose class name says S3 Tables, like AWS's S3TablesCatalog. */
  static final class FakeS3TablesCatalog extends InMemoryCatalog {}

  static InMemoryCatalog catalog;
  static InMemoryCatalog s3TablesCatalog;

  @BeforeAll
  static void createCatalogs() {
    catalog = new InMemoryCatalog();
    catalog.initialize("memory", Map.of());
    s3TablesCatalog = new FakeS3TablesCatalog();
    s3TablesCatalog.initialize("s3tables", Map.of());
  }

  @AfterAll
  static void closeCatalogs() throws Exception {
    catalog.close();
    s3TablesCatalog.close();
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
