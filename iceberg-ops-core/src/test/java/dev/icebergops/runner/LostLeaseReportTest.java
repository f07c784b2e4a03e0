package dev.icebergops.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.HistoryRecord.Status;
import dev.icebergops.history.MigrationHistory;
import dev.icebergops.history.NamespaceHistory;
import dev.icebergops.history.TestWrites;
import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.MigrationSource;
import dev.icebergops.runner.FailureFixtures.V0001__CreateT;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.SharedEnvironment;
import java.util.List;
import java.util.UUID;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** What a run that lost its lease mid-version says about the version's history row. */
@ExtendWith(SharedEnvironment.class)
class LostLeaseReportTest {

  /** What another run does while this version's upgrade runs. */
  static Runnable meanwhile;

  public static class V0002__AddAWhileTakenOver extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.addColumn("t", "a", Types.StringType.get());
      meanwhile.run();
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      ctx.deleteColumn("t", "a");
    }
  }

  @Test
  void aRunWhoseVersionWasRolledBackByAnotherRunCommitsNothingOfItAndSaysWhy(
      IcebergTestEnvironment environment) {
    String suffix = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    String namespace = "lost_" + suffix;
    String meta = "_ops_" + suffix;
    MigrationHistory other = new MigrationHistory(environment.newCatalogClient("b"), meta);
    meanwhile =
        () -> {
          // run B took the lease over, rolled 0002 back and ended
          NamespaceHistory read = other.load(namespace);
          HistoryRecord running = read.row("0002").orElseThrow();
          HistoryRecord rolledBack =
              new HistoryRecord(
                  "0002",
                  namespace,
                  running.description(),
                  Status.ROLLED_BACK,
                  null,
                  running.checksum(),
                  running.updatedAt(),
                  0L,
                  "rollback",
                  List.of(),
                  "run-b");
          TestWrites.writer(other).commit(read, read.with(rolledBack).withoutLease());
        };
    MigrationRunner runner =
        MigrationRunner.builder(environment.catalog())
            .namespace(namespace)
            .metaNamespace(meta)
            .source(MigrationSource.of(V0001__CreateT.class, V0002__AddAWhileTakenOver.class))
            .build();

    assertThatThrownBy(runner::migrate)
        .isInstanceOf(MigrationException.class)
        .hasMessageStartingWith(
            "Cannot apply migration 0002 (Add a while taken over) to "
                + namespace
                + ": its commit was refused: ")
        .hasMessageContaining(
            "this run lost its lease (run run-b took it over and has since released it)")
        .hasMessageEndingWith("nothing of it was committed");
    // on a REST catalog the version's change rode on its refused commit: the table agrees with
    // the row run B wrote
    assertThat(other.load(namespace).row("0002").orElseThrow().status())
        .isEqualTo(Status.ROLLED_BACK);
    assertThat(
            environment
                .catalog()
                .loadTable(TableIdentifier.of(namespace, "t"))
                .schema()
                .findField("a"))
        .as("column a of the refused version")
        .isNull();
  }
}
