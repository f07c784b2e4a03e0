package dev.icebergops.test;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.migration.Migration;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.test.fixtures.Injected;
import dev.icebergops.test.support.OwnEnvironment;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The builder form, written as a team would: its own environment, a factory that injects the
 * migrations' dependency, a shared history namespace, and the standard checks.
 */
class ProgrammaticExtensionTest implements MigrationSuite {

  static final IcebergTestEnvironment OWN = OwnEnvironment.create();
  static final Set<Class<?>> CREATED = ConcurrentHashMap.newKeySet();

  @RegisterExtension
  static final IcebergMigrationsExtension OPS =
      IcebergMigrationsExtension.builder()
          .classes(Injected.V0001__CreateOrders.class, Injected.V0002__AddRegion.class)
          .environment(OWN)
          .factory(ProgrammaticExtensionTest::create)
          .metaNamespace("team_ops")
          .namespacePrefix("team")
          .contracts("classpath:contracts/team")
          .build();

  private static Migration create(Class<? extends Migration> type) throws Exception {
    CREATED.add(type);
    return type.getConstructor(Injected.TableNames.class)
        .newInstance(new Injected.TableNames("purchases"));
  }

  @Test
  void testsRunAgainstTheSuppliedEnvironment(
      IcebergTestEnvironment environment, MigrationRunner runner, Catalog catalog) {
    assertThat(environment).isSameAs(OWN);
    assertThat(catalog).isSameAs(OWN.catalog());
    Table purchases = catalog.loadTable(TableIdentifier.of(runner.namespace(), "purchases"));
    assertThat(purchases.location()).startsWith("s3://" + OwnEnvironment.BUCKET + "/");
    assertThat(runner.namespace()).startsWith("team_testsrunagainstthesuppliedenvironment_");
  }

  @Test
  void theFactoryCreatesTheMigrations(MigrationRunner runner) {
    assertThat(runner.current()).contains("0002");
    assertThat(CREATED)
        .contains(Injected.V0001__CreateOrders.class, Injected.V0002__AddRegion.class);
  }

  @Test
  void historyGoesToTheSharedMetaNamespace(MigrationRunner runner, Catalog catalog) {
    assertThat(catalog.tableExists(TableIdentifier.of("team_ops", "migration_history"))).isTrue();
    assertThat(runner.history())
        .extracting(HistoryRecord::version)
        .containsExactlyInAnyOrder("0001", "0002");
  }

  @Test
  @MigrateTo("0001")
  void seededRowsSurviveTheNextMigration(MigrationRunner runner, IcebergTestData data) {
    data.append("purchases", Map.of("id", 7L, "amount", 12.5));
    runner.migrate();

    List<Map<String, Object>> rows = data.rows("purchases");
    assertThat(rows).singleElement().satisfies(row -> assertThat(row).containsEntry("id", 7L));
    assertThat(rows.get(0)).containsEntry("region", null);
  }

  @Nested
  class InANestedClass {
    @Test
    @MigrateTo("0001")
    void theEnclosingClassSettingsApply(
        IcebergTestEnvironment environment, MigrationRunner runner) {
      assertThat(environment).isSameAs(OWN);
      assertThat(runner.current()).contains("0001");
      assertThat(runner.namespace()).startsWith("team_theenclosingclasssettingsapply_");
    }
  }
}
