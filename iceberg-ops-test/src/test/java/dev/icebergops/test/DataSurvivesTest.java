package dev.icebergops.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import dev.icebergops.test.fixtures.Fixtures;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;

/**
 * MigrationSuite's eighth test, run through JUnit's EngineTestKit on migration sets that each lose
 * data in a way the shape checks cannot see.
 */
class DataSurvivesTest {

  private static Events run(Class<?> fixture) {
    return EngineTestKit.engine("junit-jupiter")
        .selectors(
            selectMethod(fixture, "dataSurvivesEveryMigration", StandardChecks.class.getName()))
        .execute()
        .testEvents();
  }

  private static String failure(Class<?> fixture) {
    List<String> messages =
        run(fixture).failed().stream()
            .map(
                e ->
                    e.getPayload(TestExecutionResult.class)
                        .flatMap(TestExecutionResult::getThrowable)
                        .map(Throwable::getMessage)
                        .orElse(""))
            .toList();
    assertThat(messages).as("failures of %s", fixture.getSimpleName()).hasSize(1);
    return messages.get(0);
  }

  @Test
  void anUndeclaredDeleteColumnFailsNamingVersionTableColumnAndFieldId() {
    assertThat(failure(Fixtures.UndeclaredDrop.class))
        .startsWith("Expecting migration 0002 (Drop ts) to keep the data of ")
        .contains(
            ".orders, but its upgrade dropped column ts (id=4, timestamptz), which held values in"
                + " 4 rows written at 0001 (rows generated with seed 42); for example:\n  before: {id=")
        .contains("\n  after:  {id=")
        .endsWith(
            "(if the loss is intended, declare it: @IcebergMigrations(dropsData = \"0002\"))");
  }

  @Test
  void aDeclaredLossPasses() {
    run(Fixtures.DeclaredDrop.class).assertStatistics(stats -> stats.succeeded(1).failed(0));
  }

  @Test
  void aDowngradeThatDropsAndReAddsAColumnLosesItsValues() {
    assertThat(failure(Fixtures.NarrowedByReAdding.class))
        .startsWith("Expecting migration 0002 (Promote quantity back) to keep the data of ")
        .contains(
            ".orders when downgraded, but its downgrade dropped column quantity (id=3, int), which"
                + " held values in 8 rows written at 0001, 0002, a column that existed before its"
                + " upgrade");
  }

  @Test
  void aMigrationThatReplacesATableInsteadOfEvolvingItLosesItsRows() {
    assertThat(failure(Fixtures.ReplacedTable.class))
        .startsWith("Expecting migration 0002 (Replace orders) to keep the data of ")
        .contains(
            ".orders, but its upgrade replaced the table with a new one instead of evolving it: 4"
                + " rows written at 0001 are gone (columns: id (id=1), amount (id=2), quantity"
                + " (id=3), ts (id=4))")
        .contains("after:  (not in the new table)");
  }

  @Test
  void aRenameDoneAsDropAndAddLosesTheValues() {
    assertThat(failure(Fixtures.RenameByDropAndAdd.class))
        .startsWith("Expecting migration 0002 (Rename by drop and add) to keep the data of ")
        .contains("but its upgrade dropped column amount (id=2, double)");
  }
}
