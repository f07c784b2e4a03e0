package dev.icebergops.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.MigrationContexts;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;

class SparkMigrationContextTest {

  private final MigrationContext context =
      MigrationContexts.of(LocalSpark.environment().catalog(), "sales.eu");

  @Test
  void aBareTableIsNamedInTheSessionsCatalogAndTheContextsNamespaceEachPartQuoted() {
    SparkMigrationContext spark = SparkMigrationContext.of(context, LocalSpark.session());

    assertThat(spark.catalog()).isEqualTo(LocalSpark.CATALOG);
    assertThat(spark.table("orders")).isEqualTo("`iceberg`.`sales`.`eu`.`orders`");
    assertThat(spark.table("audit.events")).isEqualTo("`iceberg`.`audit`.`events`");
  }

  @Test
  void theActiveSessionIsTheOneTheMigrationGets() {
    SparkSession session = LocalSpark.session();
    SparkSession.setActiveSession(session);

    assertThat(SparkMigrationContext.of(context).spark()).isSameAs(session);
  }

  @Test
  void aSessionWithoutTheNamedCatalogIsRefusedNamingTheSettings() {
    SparkSession other = LocalSpark.session().newSession();
    other.conf().set(SparkMigrationContext.CATALOG_CONF, "warehouse");

    assertThatThrownBy(() -> SparkMigrationContext.of(context, other))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith(
            "Cannot bind Spark to a migration of namespace sales.eu: the session has no catalog"
                + " warehouse (set spark.sql.catalog.warehouse=org.apache.iceberg.spark.SparkCatalog");
    assertThatThrownBy(() -> SparkMigrationContext.icebergCatalog(other))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("spark.iceberg-ops.catalog or spark.sql.defaultCatalog");
  }
}
