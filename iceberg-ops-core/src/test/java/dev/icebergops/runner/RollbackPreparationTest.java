package dev.icebergops.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.SharedEnvironment;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.apache.iceberg.rest.RESTCatalog;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A rollback tells its {@code beforeDowngrades} listener what it is about to undo before the first
 * downgrade runs, on the REST catalog over HTTP with an S3 store.
 */
@ExtendWith(SharedEnvironment.class)
class RollbackPreparationTest {

  private RESTCatalog catalog;
  private String namespace;
  private String meta;
  private Probe probe;

  @BeforeEach
  void setUp(IcebergTestEnvironment environment) {
    catalog = environment.catalog();
    String suffix = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    namespace = "sales_" + suffix;
    meta = "_ops_" + suffix;
    probe = new Probe();
  }

  private MigrationRunner.Builder builder() {
    return MigrationRunner.builder(catalog)
        .namespace(namespace)
        .source(SalesMigrations.all())
        .metaNamespace(meta)
        .factory(SalesMigrations.factory(probe));
  }

  @Test
  void theListenerHearsTheVersionsNewestFirstBeforeAnyDowngrade() {
    List<String> heard = new ArrayList<>();
    MigrationRunner runner =
        builder()
            .beforeDowngrades(
                versions -> {
                  heard.add(String.join(",", versions));
                  heard.add("calls so far: " + probe.calls().size());
                })
            .build();
    runner.migrate("0002");
    int callsAfterMigrate = probe.calls().size();

    runner.rollbackTo("0000");

    assertThat(heard).containsExactly("0002,0001", "calls so far: " + callsAfterMigrate);
    assertThat(probe.calls()).hasSizeGreaterThan(callsAfterMigrate);
  }

  @Test
  void aRollbackWithNothingToUndoDoesNotCallTheListener() {
    List<List<String>> heard = new ArrayList<>();
    MigrationRunner runner = builder().beforeDowngrades(heard::add).build();
    runner.migrate("0002");

    runner.rollbackTo("0002");

    assertThat(heard).isEmpty();
  }

  @Test
  void aFailingListenerStopsTheRollbackBeforeAnyDowngrade() {
    MigrationRunner runner =
        builder()
            .beforeDowngrades(
                versions -> {
                  throw new IllegalStateException("not ready");
                })
            .build();
    runner.migrate();
    List<String> callsAfterMigrate = probe.calls();

    assertThatThrownBy(() -> runner.rollbackTo("0000"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("not ready");

    assertThat(probe.calls()).as("no downgrade ran").isEqualTo(callsAfterMigrate);
    assertThat(runner.current()).contains("0004");
  }
}
