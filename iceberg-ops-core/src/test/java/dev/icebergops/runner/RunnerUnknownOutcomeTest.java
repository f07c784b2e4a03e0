package dev.icebergops.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.HistoryRecord.Status;
import dev.icebergops.runner.MigrationStatus.State;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.FaultProxy;
import dev.icebergops.testing.FaultProxy.Fault;
import dev.icebergops.testing.ProxiedClients;
import dev.icebergops.testing.SharedEnvironment;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.iceberg.catalog.TableCommit;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.rest.RESTCatalog;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A step whose commit reached the catalog but whose answer did not: the runner cannot know whether
 * it committed, so the history must not say it did not, and rollback must run the downgrade.
 */
@ExtendWith(SharedEnvironment.class)
class RunnerUnknownOutcomeTest {

  private IcebergTestEnvironment env;
  private FaultProxy catalogProxy;
  private FaultProxy storeProxy;
  private RESTCatalog faultyClient;
  private String namespace;
  private MigrationRunner healthy;
  private MigrationRunner faulty;

  @BeforeEach
  void setUp(IcebergTestEnvironment env) throws Exception {
    this.env = env;
    catalogProxy = FaultProxy.start(env.catalogProperties().get("uri"), Duration.ofSeconds(1));
    storeProxy = FaultProxy.start(env.s3Endpoint(), Duration.ofSeconds(1));
    faultyClient = ProxiedClients.through(env, catalogProxy, storeProxy);
    namespace = "uo_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    String meta = "_ops_" + namespace;
    healthy =
        FaultOperation.runner(
            env.catalog(), namespace, meta, Duration.ofSeconds(60), Duration.ofSeconds(30));
    faulty =
        FaultOperation.runner(faultyClient, namespace, meta, Duration.ofSeconds(60), Duration.ZERO);
  }

  @AfterEach
  void tearDown() throws Exception {
    faultyClient.close();
    catalogProxy.close();
    storeProxy.close();
  }

  private List<String> columns() {
    return env.catalog().loadTable(TableIdentifier.of(namespace, "t")).schema().columns().stream()
        .map(Types.NestedField::name)
        .toList();
  }

  /** The n-th commit to table t: the schema changes of the migrations, not the history's. */
  private void loseTheAnswerToCommit(int n) {
    catalogProxy.inject(Fault.LOST_ANSWER, FaultScenario.tableCommits(namespace), n);
  }

  /**
   * On a REST catalog a version's changes and its row are one commit: the answer lost, the version
   * landed whole and recorded, which the run, reading the history again, says; the next run goes on
   * from it.
   */
  @Test
  void aVersionWhoseOneCommitLostItsAnswerLandedWholeAndRecorded() {
    healthy.migrate("0001");
    loseTheAnswerToCommit(1);

    assertThatThrownBy(() -> faulty.migrate("0002"))
        .isInstanceOf(MigrationException.class)
        .hasMessageStartingWith(
            "Cannot record migration 0002 (Add a and b) of %s as applied: Cannot record the"
                + " migration history of %s: ",
            namespace, namespace)
        .hasMessageEndingWith(
            "; its steps (add column %s.t.a; add column %s.t.b) and its row went out in one"
                + " commit, which landed: its history row, read again, says applied",
            namespace, namespace);

    assertThat(catalogProxy.injectedInto()).isNotNull();
    assertThat(columns())
        .as("the catalog committed the lost commit")
        .containsExactly("id", "a", "b");
    assertThat(healthy.history())
        .extracting(HistoryRecord::version, HistoryRecord::status)
        .containsExactly(tuple("0001", Status.APPLIED), tuple("0002", Status.APPLIED));
    assertThat(healthy.migrate().versions()).containsExactly("0003");
    assertThat(healthy.status()).extracting(MigrationStatus::state).containsOnly(State.APPLIED);
  }

  @Test
  void aDowngradeWhoseOneCommitLostItsAnswerLandedWholeAndRecorded() {
    healthy.migrate("0002");
    loseTheAnswerToCommit(1);

    assertThatThrownBy(() -> faulty.rollback(1))
        .isInstanceOf(MigrationException.class)
        .hasMessageEndingWith(
            "; its steps (delete column %s.t.b; delete column %s.t.a) and its row went out in one"
                + " commit, which landed: its history row, read again, says rolled_back",
            namespace, namespace);

    assertThat(columns()).as("the catalog committed the lost commit").containsExactly("id");
    assertThat(healthy.history())
        .extracting(HistoryRecord::version, HistoryRecord::status, HistoryRecord::operation)
        .containsExactly(
            tuple("0001", Status.APPLIED, "upgrade"),
            tuple("0002", Status.ROLLED_BACK, "downgrade"));
    assertThat(healthy.migrate("0002").versions()).containsExactly("0002");
    assertThat(columns()).containsExactly("id", "a", "b");
  }

  /**
   * Without multi-table commits (a REST server without the transactions endpoint, as other
   * catalogs) the steps commit one by one, then the row: the answer to the row's write lost, the
   * run reads the history again and says what it holds.
   */
  @Test
  void withoutMultiTableCommitsALostAnswerToTheRowSaysWhatTheHistoryHoldsWhenReadAgain()
      throws Exception {
    healthy.migrate("0001");
    Map<String, String> properties = new HashMap<>(env.catalogProperties());
    properties.put("uri", catalogProxy.uri());
    // the second history write of the run: 0002's outcome, after the lease taken with its running
    // row
    catalogProxy.inject(
        Fault.LOST_ANSWER,
        line -> line.startsWith("POST ") && line.contains("/migration_history "),
        2);
    try (RESTCatalog single =
        new RESTCatalog() {
          @Override
          public void commitTransaction(List<TableCommit> commits) {
            throw new UnsupportedOperationException("no transactions endpoint");
          }
        }) {
      single.initialize("single", properties);
      MigrationRunner runner =
          FaultOperation.runner(
              single, namespace, "_ops_" + namespace, Duration.ofSeconds(60), Duration.ZERO);

      assertThatThrownBy(() -> runner.migrate("0002"))
          .isInstanceOf(MigrationException.class)
          .hasMessageEndingWith(
              "; its steps completed (add column %s.t.a; add column %s.t.b); its history row,"
                  + " read again, says applied",
              namespace, namespace);
    }

    assertThat(columns()).containsExactly("id", "a", "b");
    assertThat(healthy.migrate().versions()).containsExactly("0003");
  }

  @Test
  void aServerErrorOnAHistoryWriteFailsTheRunWithAMigrationExceptionNamingTheCatalog() {
    healthy.migrate("0001");
    catalogProxy.inject(
        Fault.HTTP_500,
        line -> line.startsWith("POST ") && line.contains("/migration_history "),
        1);

    assertThatThrownBy(() -> faulty.stamp("0002"))
        .isInstanceOf(MigrationException.class)
        .hasMessageStartingWith("Cannot take the run lease of " + namespace + ": ")
        .hasMessageContaining(catalogProxy.uri());

    assertThat(healthy.stamp("0002").versions()).containsExactly("0002");
  }
}
