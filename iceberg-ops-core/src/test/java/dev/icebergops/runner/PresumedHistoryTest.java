package dev.icebergops.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.MigrationHistory;
import dev.icebergops.migration.MigrationSource;
import dev.icebergops.runner.PreviewFixtures.V0001__CreateOrders;
import dev.icebergops.runner.PreviewFixtures.V0003__AddRegion;
import dev.icebergops.runner.spi.RunnerSeam;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.SharedEnvironment;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A runner built with presumed history rows, on the real REST catalog + S3: its namespace's tables
 * are at 0001 and nothing of its history is stored, as for the toolkit's copy of a template. The
 * runner reads the presumed rows, writes nothing to read them, and its first write stores them with
 * its own.
 */
@ExtendWith(SharedEnvironment.class)
class PresumedHistoryTest {

  private OwnHistory own;
  private List<HistoryRecord> presumed;

  @BeforeEach
  void setUp(IcebergTestEnvironment environment) {
    own = OwnHistory.create(environment, "presumed");
    MigrationRunner migrated = own.runner(V0001__CreateOrders.class, V0003__AddRegion.class);
    migrated.migrate("0001");
    presumed = migrated.history();
    RunnerSeam.forgetHistory(migrated); // the tables stay at 0001, with no history stored
  }

  @Test
  void aRunnerReadsPresumedRowsWhileNothingIsStoredAndWritesNone() {
    MigrationRunner runner = presuming();

    assertThat(runner.current()).contains("0001");
    assertThat(runner.history()).isEqualTo(presumed);
    assertThat(runner.toBuilder().build().current())
        .as("a runner built from its builder")
        .contains("0001");
    assertThat(stored()).as("rows stored after the reads").isEmpty();
  }

  @Test
  void theFirstWriteStoresThePresumedRowsWithItsOwn() {
    MigrationRunner runner = presuming();

    assertThat(runner.migrate().versions()).as("versions applied").containsExactly("0003");

    assertThat(stored())
        .extracting(HistoryRecord::version, HistoryRecord::status)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("0001", HistoryRecord.Status.APPLIED),
            org.assertj.core.groups.Tuple.tuple("0003", HistoryRecord.Status.APPLIED));
    assertThat(stored().get(0)).isEqualTo(presumed.get(0));
  }

  @Test
  void storedRowsWinOverPresumedOnes() {
    own.runner(V0001__CreateOrders.class, V0003__AddRegion.class).stamp("0001");

    List<HistoryRecord> read = presuming().history();

    assertThat(read).as("what the runner reads").isEqualTo(stored()).isNotEqualTo(presumed);
    assertThat(read).extracting(HistoryRecord::operation).containsExactly("stamp");
  }

  private MigrationRunner presuming() {
    return RunnerSeam.presumedHistory(
            MigrationRunner.builder(own.catalog())
                .namespace(own.namespace())
                .metaNamespace(own.meta())
                .source(MigrationSource.of(V0001__CreateOrders.class, V0003__AddRegion.class)),
            presumed)
        .build();
  }

  private List<HistoryRecord> stored() {
    return new MigrationHistory(own.catalog(), own.meta()).load(own.namespace()).rows();
  }
}
