package dev.icebergops.schema;

import java.util.Map;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.inmemory.InMemoryCatalog;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;

/** The SchemaEvolutionHelper behaviour matrices on Iceberg's InMemoryCatalog. */
class SchemaEvolutionOnInMemoryCatalogTest {

  static InMemoryCatalog catalog;

  @BeforeAll
  static void createCatalog() {
    catalog = new InMemoryCatalog();
    catalog.initialize("memory", Map.of());
  }

  @AfterAll
  static void closeCatalog() throws Exception {
    catalog.close();
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
