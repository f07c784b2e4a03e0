package dev.icebergops.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.history.MigrationHistory;
import dev.icebergops.history.internal.PendingRows;
import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.MigrationSource;
import dev.icebergops.runner.FailureFixtures.V0001__CreateT;
import dev.icebergops.runner.FailureFixtures.V0002__AddA;
import dev.icebergops.runner.FailureFixtures.V0003__AddB;
import dev.icebergops.runner.FailureFixtures.V0004__AddC;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.SharedEnvironment;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.rest.RESTCatalog;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * How many history commits a run makes: a migrate or a rollback takes the lease with its first
 * running row; then one commit per version (its outcome with the next version's running row; the
 * last one also releases the lease), unless the last version has a post-hook, which still runs
 * under the lease. On the REST catalog only the first and the last write data files: the versions
 * between record pending rows, a table property set in the version's own multi-table commit.
 */
@ExtendWith(SharedEnvironment.class)
class RunHistoryWritesTest {

  /** The lease each hook saw, by namespace and hook. */
  static final Map<String, Boolean> LEASE_HELD_IN_HOOK = new ConcurrentHashMap<>();

  private static final Map<String, String> META_OF = new ConcurrentHashMap<>();

  private IcebergTestEnvironment environment;
  private RESTCatalog catalog;
  private String namespace;
  private String meta;

  @BeforeEach
  void setUp(IcebergTestEnvironment environment) {
    this.environment = environment;
    catalog = environment.catalog();
    String suffix = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    namespace = "writes_" + suffix;
    meta = "_ops_" + suffix;
    META_OF.put(namespace, meta);
  }

  private MigrationRunner runner(MigrationSource source) {
    return MigrationRunner.builder(catalog)
        .namespace(namespace)
        .source(source)
        .metaNamespace(meta)
        .build();
  }

  private Table history() {
    return catalog.loadTable(TableIdentifier.parse(meta + "." + MigrationHistory.TABLE_NAME));
  }

  /** The history table's metadata commits since it was created. */
  private int historyCommits() {
    return ((HasTableOperations) history()).operations().current().previousFiles().size();
  }

  /** The history table's commits that wrote data files: its snapshots. */
  private int historyDataCommits() {
    int count = 0;
    for (Snapshot ignored : history().snapshots()) {
      count++;
    }
    return count;
  }

  @Test
  void migrateOfNVersionsCommitsTheHistoryNPlusOneTimes() {
    MigrationRunner runner =
        runner(
            MigrationSource.of(
                V0001__CreateT.class, V0002__AddA.class, V0003__AddB.class, V0004__AddC.class));

    runner.migrate();

    assertThat(historyCommits()).isEqualTo(4 + 1);
    assertThat(historyDataCommits()).isEqualTo(2);
    assertThat(history().properties()).doesNotContainKey(PendingRows.property(namespace));
    assertThat(runner.lease()).isEmpty();
    assertThat(runner.history())
        .extracting(r -> r.version() + " " + r.status().value())
        .containsExactly("0001 applied", "0002 applied", "0003 applied", "0004 applied");
  }

  @Test
  void withoutMultiTableCommitsEachVersionsRecordIsADataCommit() throws Exception {
    Map<String, String> properties = new HashMap<>(environment.catalogProperties());
    properties.put(LeaseFence.MULTI_TABLE_COMMITS, "false");
    try (RESTCatalog oneTableAtATime = new RESTCatalog()) {
      oneTableAtATime.initialize("one-table-at-a-time", properties);
      MigrationRunner runner =
          MigrationRunner.builder(oneTableAtATime)
              .namespace(namespace)
              .source(
                  MigrationSource.of(
                      V0001__CreateT.class,
                      V0002__AddA.class,
                      V0003__AddB.class,
                      V0004__AddC.class))
              .metaNamespace(meta)
              .build();

      runner.migrate();
    }

    assertThat(historyCommits()).isEqualTo(4 + 1);
    assertThat(historyDataCommits()).isEqualTo(4 + 1);
  }

  @Test
  void rollbackOfNVersionsCommitsTheHistoryNPlusOneTimes() {
    MigrationRunner runner =
        runner(
            MigrationSource.of(
                V0001__CreateT.class, V0002__AddA.class, V0003__AddB.class, V0004__AddC.class));
    runner.migrate();
    int afterMigrate = historyCommits();
    int dataAfterMigrate = historyDataCommits();

    runner.rollback(3);

    assertThat(historyCommits() - afterMigrate).isEqualTo(3 + 1);
    assertThat(historyDataCommits() - dataAfterMigrate).isEqualTo(2);
    assertThat(runner.lease()).isEmpty();
    assertThat(runner.history())
        .extracting(r -> r.version() + " " + r.status().value())
        .containsExactly(
            "0001 applied", "0002 rolled_back", "0003 rolled_back", "0004 rolled_back");
  }

  @Test
  void theLastVersionsPostHooksRunUnderTheLease() {
    MigrationRunner runner = runner(MigrationSource.of(V0001__CreateT.class, V0002__Hooked.class));

    runner.migrate();
    runner.rollback(1);

    assertThat(LEASE_HELD_IN_HOOK)
        .containsEntry(namespace + " postUpgrade", true)
        .containsEntry(namespace + " postDowngrade", true);
    assertThat(runner.lease()).isEmpty();
    assertThat(runner.history())
        .extracting(r -> r.version() + " " + r.status().value())
        .containsExactly("0001 applied", "0002 rolled_back");
  }

  @Test
  void aRunningVersionsRowListsOnlyTheStepsCommittedBeforeTheNextOne() {
    MigrationRunner runner =
        runner(MigrationSource.of(V0001__CreateT.class, V0002__ReadsItsOwnRow.class));

    runner.migrate();

    // on a REST catalog the first step is held back to land with the version's row: none is
    // committed before the second step, and the running row lists none
    assertThat(ROW_SEEN_IN_UPGRADE.get(namespace)).isEqualTo("running []");
    assertThat(runner.history())
        .extracting(r -> r.version() + " " + r.status().value() + " " + r.steps())
        .containsExactly(
            "0001 applied [create table " + namespace + ".t]",
            "0002 applied [add column " + namespace + ".t.a, add column " + namespace + ".t.b]");
  }

  /** The row of version 0002 as its own upgrade read it after its second step, by namespace. */
  static final Map<String, String> ROW_SEEN_IN_UPGRADE = new ConcurrentHashMap<>();

  /** Adds a and b, then reads its own history row, as a run that died now would leave it. */
  public static class V0002__ReadsItsOwnRow extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.addColumn("t", "a", "string");
      ctx.addColumn("t", "b", "string");
      MigrationHistory history = new MigrationHistory(ctx.catalog(), META_OF.get(ctx.namespace()));
      history.read(ctx.namespace()).stream()
          .filter(row -> row.version().equals("0002"))
          .forEach(
              row ->
                  ROW_SEEN_IN_UPGRADE.put(
                      ctx.namespace(), row.status().value() + " " + row.steps()));
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      ctx.deleteColumn("t", "b");
      ctx.deleteColumn("t", "a");
    }
  }

  /** Adds column h; its post-hooks note whether the run's lease is held while they run. */
  public static class V0002__Hooked extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.addColumn("t", "h", "string");
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      ctx.deleteColumn("t", "h");
    }

    @Override
    public void postUpgrade(MigrationContext ctx) {
      note(ctx, "postUpgrade");
    }

    @Override
    public void postDowngrade(MigrationContext ctx) {
      note(ctx, "postDowngrade");
    }

    private static void note(MigrationContext ctx, String hook) {
      MigrationHistory history = new MigrationHistory(ctx.catalog(), META_OF.get(ctx.namespace()));
      LEASE_HELD_IN_HOOK.put(
          ctx.namespace() + " " + hook, history.lease(ctx.namespace()).isPresent());
    }
  }
}
