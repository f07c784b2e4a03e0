package dev.icebergops.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.MigrationSource;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.ProgressWatch;
import dev.icebergops.testing.SharedEnvironment;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.apache.iceberg.Schema;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.inmemory.InMemoryCatalog;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A run whose lease an operator released while its migration was about to make its first step, and
 * that another run then took: the first run's change is refused and not committed. On the REST
 * catalog the change and the lease's proof go out as one multi-table commit; on a catalog without
 * multi-table commits (Iceberg's InMemoryCatalog) the lease is checked just before the commit.
 */
@ExtendWith(SharedEnvironment.class)
class FencedCommitsTest {

  private static final Map<String, CountDownLatch> BETWEEN_STEPS = new ConcurrentHashMap<>();
  private static final Map<String, CountDownLatch> GO_ON = new ConcurrentHashMap<>();

  @Test
  void onTheRestCatalogAVersionAfterATakeoverIsRefusedInItsOneCommit(
      IcebergTestEnvironment environment) throws Exception {
    // the step's change is held back to go out with the version's row, which the takeover refuses
    assertStepRefusedAfterTakeover(
        environment.catalog(),
        namespace ->
            "Cannot apply migration 0002 (Add a and b) to "
                + namespace
                + ": its commit was refused: Cannot go on migrating "
                + namespace
                + ": this run lost its lease (",
        "nothing of it was committed");
  }

  @Test
  void onACatalogWithoutMultiTableCommitsTheLeaseIsCheckedBeforeEachCommit() throws Exception {
    try (InMemoryCatalog catalog = new InMemoryCatalog()) {
      catalog.initialize("memory", Map.of());
      assertStepRefusedAfterTakeover(
          catalog,
          namespace ->
              "Cannot apply migration 0002 (Add a and b) to "
                  + namespace
                  + ": upgrade step 'add column "
                  + namespace
                  + ".t.a' was refused: Cannot change "
                  + namespace
                  + ".t: this run no longer holds the run lease (",
          "committed before it: none");
    }
  }

  private static void assertStepRefusedAfterTakeover(
      Catalog catalog, Function<String, String> messageStart, String messageEnd) throws Exception {
    String suffix = UUID.randomUUID().toString().replace("-", "").substring(0, 8);
    String namespace = "fenced_" + suffix;
    BETWEEN_STEPS.put(namespace, new CountDownLatch(1));
    GO_ON.put(namespace, new CountDownLatch(1));
    MigrationRunner first = runner(catalog, namespace, suffix);
    CompletableFuture<MigrationResult> run = CompletableFuture.supplyAsync(first::migrate);
    assertThat(BETWEEN_STEPS.get(namespace).await(ProgressWatch.HANG_MINUTES, TimeUnit.MINUTES))
        .as("the first run reached 0002's first step")
        .isTrue();

    assertThat(first.releaseLease()).as("the operator's release").isPresent();
    // the second run takes the lease, finds 0002 interrupted and rolls it back
    MigrationRunner second = runner(catalog, namespace, suffix);
    second.rollbackTo("0001");
    GO_ON.get(namespace).countDown();

    assertThatThrownBy(() -> run.get(ProgressWatch.HANG_MINUTES, TimeUnit.MINUTES))
        .hasCauseInstanceOf(ConcurrentMigrationException.class)
        .cause()
        .hasMessageStartingWith(messageStart.apply(namespace))
        .hasMessageContaining("was refused")
        .hasMessageEndingWith(messageEnd);
    Schema schema = catalog.loadTable(TableIdentifier.of(namespace, "t")).schema();
    assertThat(schema.findField("a")).as("the refused step's column").isNull();
    assertThat(schema.findField("b")).as("the step after it").isNull();
    assertThat(second.history())
        .filteredOn(row -> row.version().equals("0002"))
        .extracting(HistoryRecord::status)
        .containsExactly(HistoryRecord.Status.ROLLED_BACK);
  }

  private static MigrationRunner runner(Catalog catalog, String namespace, String suffix) {
    return MigrationRunner.builder(catalog)
        .namespace(namespace)
        .metaNamespace("_fenced_" + suffix)
        .source(MigrationSource.of(FailureFixtures.V0001__CreateT.class, V0002__AddAAndB.class))
        .leaseDuration(Duration.ofMinutes(5))
        .build();
  }

  /** Waits before its first step until the test lets it go on, then adds a and b. */
  public static class V0002__AddAAndB extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      CountDownLatch between = BETWEEN_STEPS.get(ctx.namespace());
      if (between.getCount() > 0) {
        between.countDown();
        try {
          GO_ON.get(ctx.namespace()).await(ProgressWatch.HANG_MINUTES, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IllegalStateException(e);
        }
      }
      ctx.addColumn("t", "a", Types.StringType.get());
      ctx.addColumn("t", "b", Types.StringType.get());
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      var schema = ctx.loadTable("t").schema();
      if (schema.findField("b") != null) {
        ctx.deleteColumn("t", "b");
      }
      if (schema.findField("a") != null) {
        ctx.deleteColumn("t", "a");
      }
    }
  }
}
