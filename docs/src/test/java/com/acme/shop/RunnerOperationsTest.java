package com.acme.shop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.icebergops.migration.MigrationSource;
import dev.icebergops.runner.MigrationException;
import dev.icebergops.runner.MigrationResult;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.runner.MigrationStatus;
import dev.icebergops.runner.MigrationStatus.State;
import dev.icebergops.runner.MigrationValidationException;
import dev.icebergops.runner.RepairResult;
import dev.icebergops.runner.ValidationFinding;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.test.env.embedded.EmbeddedEnvironment;
import java.time.Duration;
import java.util.List;
import org.apache.iceberg.catalog.Catalog;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The runner as an operator drives it, without the test toolkit: docs/operating-the-runner.md. */
class RunnerOperationsTest {

  static IcebergTestEnvironment env;
  static Catalog catalog;

  @BeforeAll
  static void start() {
    env = EmbeddedEnvironment.create().withBucket("operations");
    env.start();
    catalog = env.catalog();
  }

  @AfterAll
  static void stop() {
    env.close();
  }

  @Test
  void migrateStatusRollback() {
    // tag::runner-api[]
    MigrationRunner runner =
        MigrationRunner.builder(catalog)
            .namespace("shop")
            .source(MigrationSource.classpath("classpath:com/acme/shop/db/iceberg"))
            .timeout(Duration.ofSeconds(60)) // each remote call; the default
            .leaseWait(Duration.ofSeconds(30)) // wait for another run instead of failing at once
            .build();

    List<MigrationStatus> pending = runner.plan(); // writes nothing
    MigrationResult applied = runner.migrate("0002"); // validates, then applies under the lease
    assertThat(applied.versions()).containsExactly("0001", "0002");
    assertThat(runner.current()).contains("0002");
    assertThat(runner.status()) // every version, applied or not
        .extracting(MigrationStatus::version, MigrationStatus::state)
        .startsWith(tuple("0001", State.APPLIED), tuple("0002", State.APPLIED));

    runner.rollback(1); // the newest version's downgrade()
    assertThat(runner.current()).contains("0001");
    // end::runner-api[]
    assertThat(pending).extracting(MigrationStatus::version).contains("0001", "0004");
    runner.rollback(1);
  }

  @Test
  void aFailedVersionIsRolledBackOrRepaired() {
    MigrationRunner runner =
        MigrationRunner.builder(catalog)
            .namespace("returns")
            .source(MigrationSource.classpath("classpath:com/acme/shop/failing"))
            .build();
    // tag::failure[]
    assertThatThrownBy(runner::migrate)
        .isInstanceOfSatisfying(
            MigrationException.class,
            e -> {
              assertThat(e.version()).isEqualTo("0002"); // and e.namespace(), e.step()
              assertThat(e.partialResult().versions()).containsExactly("0001"); // done before
              assertThat(e).hasRootCauseMessage("the reason codes are not loaded yet");
            });
    MigrationStatus failed = runner.status().get(1);
    assertThat(failed.state()).isEqualTo(State.FAILED);
    assertThat(failed.error()).contains("the reason codes are not loaded yet");
    assertThat(runner.history().get(1).steps()).hasSize(2); // the steps it committed

    assertThatThrownBy(runner::validate) // migrate() validates first, so it refuses too
        .isInstanceOfSatisfying(
            MigrationValidationException.class,
            e ->
                assertThat(e.findings())
                    .extracting(ValidationFinding::kind)
                    .containsExactly(ValidationFinding.Kind.FAILED));
    // end::failure[]

    // tag::repair[]
    RepairResult repaired = runner.repair(); // you put the tables right: 0002 is pending again
    assertThat(repaired.changes()).extracting(RepairResult.Change::version).containsExactly("0002");
    assertThat(runner.plan()).extracting(MigrationStatus::version).containsExactly("0002");
    // end::repair[]

    // tag::lease[]
    assertThat(runner.lease()).isEmpty(); // no run holds the namespace now
    assertThat(runner.releaseLease()).isEmpty(); // frees a dead run's lease; CLI: unlock
    // end::lease[]
    runner.rollbackTo("0000");
  }
}
