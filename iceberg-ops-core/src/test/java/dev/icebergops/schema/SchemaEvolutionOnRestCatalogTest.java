package dev.icebergops.schema;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.SharedEnvironment;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.rest.RESTCatalog;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The SchemaEvolutionHelper behaviour matrices on Iceberg's own REST catalog server over HTTP, with
 * table metadata written to an S3-compatible store.
 */
@ExtendWith(SharedEnvironment.class)
class SchemaEvolutionOnRestCatalogTest {

  static Catalog catalog;

  @BeforeAll
  static void connect(IcebergTestEnvironment environment) {
    catalog = environment.catalog();
  }

  @Test
  void catalogIsARestClientOverHttp() {
    assertThat(catalog).isInstanceOf(RESTCatalog.class);
  }

  @Nested
  class EnforceColumn extends EnforceColumnBehaviour {
    @Override
    Catalog catalog() {
      return catalog;
    }
  }

  @Nested
  class EnforceRename extends EnforceRenameBehaviour {
    @Override
    Catalog catalog() {
      return catalog;
    }
  }

  @Nested
  class Compensation extends CompensationBehaviour {
    @Override
    Catalog catalog() {
      return catalog;
    }
  }
}
