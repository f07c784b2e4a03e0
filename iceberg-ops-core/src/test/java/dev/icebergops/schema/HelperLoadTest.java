package dev.icebergops.schema;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.migration.MigrationContexts;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.FaultProxy;
import dev.icebergops.testing.ProxiedClients;
import dev.icebergops.testing.SharedEnvironment;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.apache.iceberg.Schema;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.rest.RESTCatalog;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A helper that loads its table reads the schema as loaded the first time, and refreshes after; a
 * helper over a given table refreshes first. Against the REST catalog, through a proxy that logs
 * each request.
 */
@ExtendWith(SharedEnvironment.class)
class HelperLoadTest {

  private IcebergTestEnvironment env;
  private FaultProxy proxy;
  private RESTCatalog client;
  private String namespace;
  private TableIdentifier orders;

  @BeforeEach
  void setUp(IcebergTestEnvironment env) throws Exception {
    this.env = env;
    proxy = FaultProxy.start(env.catalogProperties().get("uri"), Duration.ofSeconds(5));
    client = ProxiedClients.catalogThrough(env, proxy);
    namespace = "load_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    orders = TableIdentifier.of(namespace, "orders");
    env.catalog().createNamespace(Namespace.of(namespace));
    env.catalog()
        .createTable(orders, new Schema(Types.NestedField.required(1, "id", Types.LongType.get())));
  }

  @AfterEach
  void tearDown() throws Exception {
    client.close();
    proxy.close();
  }

  @Test
  void aHelperThatLoadedItsTableReadsItAsLoadedFirstAndRefreshesAfter() {
    SchemaEvolutionHelper helper = SchemaEvolutionHelper.load(client, orders);
    addColumnElsewhere("late");

    assertThat(helper.getIcebergSchema().findField("late")).isNull();
    assertThat(helper.getIcebergSchema().findField("late")).isNotNull();
  }

  @Test
  void aHelperOverAGivenTableRefreshesBeforeItsFirstRead() {
    SchemaEvolutionHelper helper = new SchemaEvolutionHelper(client.loadTable(orders));
    addColumnElsewhere("late");

    assertThat(helper.getIcebergSchema().findField("late")).isNotNull();
  }

  @Test
  void aMigrationsEnforceColumnReadsItsTableOnce() {
    proxy.clearLog();

    MigrationContexts.of(client, namespace).enforceColumn("orders", "region", "string");

    List<String> tableRequests =
        proxy.requests().stream()
            .filter(r -> r.matches("[A-Z]+ /v1/namespaces/[^/]+/tables/orders[ ?].*"))
            .toList();
    assertThat(tableRequests)
        .hasSize(2)
        .satisfiesExactly(
            load -> assertThat(load).startsWith("GET "),
            commit -> assertThat(commit).startsWith("POST "));
    assertThat(client.loadTable(orders).schema().findField("region")).isNotNull();
  }

  private void addColumnElsewhere(String column) {
    env.catalog()
        .loadTable(orders)
        .updateSchema()
        .addColumn(column, Types.StringType.get())
        .commit();
  }
}
