package dev.icebergops.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.MigrationSource;
import dev.icebergops.runner.FailureFixtures.V0001__CreateT;
import dev.icebergops.test.env.embedded.EmbeddedEnvironment;
import dev.icebergops.testing.ProgressWatch;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Outages mid-version, on an environment of each test's own whose servers really stop. */
@Tag("failure-paths")
class RunnerOutageTest {

  /** Stops a part of the environment, then tries to add a column. */
  static Runnable outage;

  private EmbeddedEnvironment environment;

  @BeforeEach
  void start() {
    environment = EmbeddedEnvironment.create();
    environment.start();
  }

  @AfterEach
  void stop() {
    environment.close();
  }

  public static class V0002__AddAInAnOutage extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      outage.run();
      ctx.addColumn("t", "a", Types.StringType.get());
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      ctx.deleteColumn("t", "a");
    }
  }

  private MigrationRunner runner() {
    return MigrationRunner.builder(environment.catalog())
        .namespace("sales")
        .source(MigrationSource.of(V0001__CreateT.class, V0002__AddAInAnOutage.class))
        .timeout(Duration.ofSeconds(15))
        .build();
  }

  /** Runs migrate and returns what it threw; fails if it has not returned within the hang bound. */
  private static Throwable failureOf(MigrationRunner runner) throws Exception {
    CompletableFuture<Throwable> run =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                runner.migrate();
                return null;
              } catch (Throwable t) {
                return t;
              }
            });
    try {
      return run.get(ProgressWatch.HANG_MINUTES, TimeUnit.MINUTES);
    } catch (ExecutionException e) {
      return e.getCause();
    }
  }

  @Test
  void withTheCatalogGoneTheMigrationsOwnErrorReachesTheCallerWithTheHistoryFailureAttached()
      throws Exception {
    outage = environment::stopCatalogServer;

    Throwable thrown = failureOf(runner());

    assertThat(thrown)
        .isInstanceOf(MigrationException.class)
        .hasMessageStartingWith(
            "Cannot apply migration 0002 (Add a in an outage) to sales: upgrade step 'add column"
                + " sales.t.a' failed: ");
    MigrationException stop = (MigrationException) thrown;
    assertThat(stop.version()).isEqualTo("0002");
    assertThat(stop.namespace()).isEqualTo("sales");
    assertThat(stop.step()).isEqualTo("add column sales.t.a");
    assertThat(stop.getCause()).isNotInstanceOf(MigrationException.class);
    assertThat(stop.getSuppressed())
        .as("the failure to record the failure")
        .singleElement()
        .satisfies(
            history ->
                assertThat(history.getMessage())
                    .startsWith(
                        "Cannot record migration 0002 (Add a in an outage) of sales as failed: ")
                    .contains(environment.catalogProperties().get("uri")));
    assertThat(stop.partialResult().versions()).containsExactly("0001");
  }

  @Test
  void withTheStoreGoneTheRunFailsWithinItsBoundNamingTheEndpoint() throws Exception {
    outage = environment::stopStore;

    Throwable thrown = failureOf(runner());

    assertThat(thrown).as("migrate() returned").isNotNull().isInstanceOf(MigrationException.class);
    MigrationException stop = (MigrationException) thrown;
    assertThat(stop.version()).isEqualTo("0002");
    assertThat(stop.getMessage()).startsWith("Cannot apply migration 0002 (Add a in an outage)");
    assertThat(stop.getMessage() + stop.getSuppressed()[0].getMessage())
        .contains(environment.s3Endpoint());
  }
}
