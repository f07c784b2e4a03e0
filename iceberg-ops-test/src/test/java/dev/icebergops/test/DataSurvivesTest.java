package dev.icebergops.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import dev.icebergops.test.fixtures.DataMigrationSuites;
import dev.icebergops.test.fixtures.Fixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;

/**
 * MigrationSuite's eighth test, run through JUnit's EngineTestKit on migration sets that each lose
 * data in a way the shape checks cannot see, and on data migrations that rewrite Parquet files: the
 * check follows rows by their values, so a backfill and a compaction that keep every row pass, and
 * a backfill's new values are held to what the class declares.
 */
class DataSurvivesTest {

  private static Events run(Class<?> fixture) {
    return EngineTestKit.engine("junit-jupiter")
        .selectors(
            selectMethod(fixture, "dataSurvivesEveryMigration", StandardChecks.class.getName()))
        .execute()
        .testEvents();
  }

  /** Every standard test of a class, and its class-level events. */
  private static EngineExecutionResults wholeClass(Class<?> fixture) {
    return EngineTestKit.engine("junit-jupiter").selectors(selectClass(fixture)).execute();
  }

  private static List<String> messages(Events events) {
    return events.failed().stream()
        .map(
            e ->
                e.getPayload(TestExecutionResult.class)
                    .flatMap(TestExecutionResult::getThrowable)
                    .map(Throwable::getMessage)
                    .orElse(""))
        .toList();
  }

  /** The data check alone passes on the class: its report's Markdown, written to {@code dir}. */
  private static String passingReport(Class<?> fixture, Path dir) throws IOException {
    EngineTestKit.engine("junit-jupiter")
        .configurationParameter(ClassReports.DIRECTORY, dir.toString())
        .selectors(
            selectMethod(fixture, "dataSurvivesEveryMigration", StandardChecks.class.getName()))
        .execute()
        .testEvents()
        .assertStatistics(stats -> stats.succeeded(1).failed(0));
    return Files.readString(dir.resolve(ClassReports.title(fixture) + ".md"));
  }

  private static String failure(Class<?> fixture) {
    List<String> messages = messages(run(fixture));
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
            "(if the loss is intended, declare it on the migration class: @Destructive(\"<why>\"))");
  }

  @Test
  void aLossWhoseMigrationClassIsDeclaredDestructivePasses() {
    run(Fixtures.DeclaredDestructiveDrop.class)
        .assertStatistics(stats -> stats.succeeded(1).failed(0));
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
  void aRenameDoneAsDropAndAddLosesTheValuesAndIsAdvisedEnforceRenameFirst() {
    assertThat(failure(Fixtures.RenameByDropAndAdd.class))
        .startsWith("Expecting migration 0002 (Rename by drop and add) to keep the data of ")
        .contains("but its upgrade dropped column amount (id=2, double)")
        .endsWith(
            "(if amount was renamed to total, rename it instead, which keeps its values:"
                + " ctx.enforceRename(\"orders\", \"amount\", \"total\"); if the loss is intended,"
                + " declare it on the migration class: @Destructive(\"<why>\"))");
  }

  @Test
  void aDeclaredBackfillAndACompactionPassEveryStandardCheck() {
    wholeClass(DataMigrationSuites.DeclaredBackfill.class)
        .testEvents()
        .assertStatistics(stats -> stats.failed(0).succeeded(8).aborted(2));
  }

  @Test
  void aCompactionKeepsEveryRowWithoutADeclaration() {
    wholeClass(DataMigrationSuites.Compaction.class)
        .testEvents()
        .assertStatistics(stats -> stats.failed(0).succeeded(8).aborted(2));
  }

  @Test
  void aBackfillDeclaredThroughTheBuilderPasses() {
    run(DataMigrationSuites.DeclaredBackfillByBuilder.class)
        .assertStatistics(stats -> stats.succeeded(1).failed(0));
  }

  @Test
  void aBackfillWritingOtherValuesThanDeclaredFailsWithTheVersionAndTheRows() {
    assertThat(failure(DataMigrationSuites.WrongBackfill.class))
        .startsWith("Expecting migration 0002 (Backfill amount in cents wrongly) to fill ")
        .contains(
            ".payments column amount_cents (id=4, long) as declared (amount x 100), but 4 rows"
                + " written at 0001 read other values (rows generated with seed 42); for"
                + " example:\n  before: {id=")
        .containsPattern("\n  expected: amount_cents=(\\d+)\n  after:  \\{id=.*amount_cents=");
  }

  @Test
  void aBackfillLosingARowFailsWithTheVersionAndTheRow() {
    assertThat(failure(DataMigrationSuites.LosingBackfill.class))
        .startsWith("Expecting migration 0002 (Backfill losing a row) to keep the data of ")
        .contains(
            ".payments, but its upgrade lost 1 rows written at 0001 (rows generated with seed"
                + " 42); for example:\n  before: {id=")
        .contains("\n  after:  (gone)")
        .endsWith(
            "(if the loss is intended, declare it on the migration class: @Destructive(\"<why>\"))");
  }

  @Test
  void aBackfillChangingAnUndeclaredColumnFailsNamingIt() {
    assertThat(failure(DataMigrationSuites.TouchingBackfill.class))
        .startsWith("Expecting migration 0002 (Backfill touching note) to keep the data of ")
        .contains(
            ".payments, but its upgrade changed the values of column note (id=3, string) in 4"
                + " rows written at 0001");
  }

  @Test
  void anUndeclaredBackfillOfANewColumnPassesAndIsReportedWithHowToDeclareIt(@TempDir Path dir)
      throws IOException {
    assertThat(passingReport(DataMigrationSuites.UndeclaredBackfill.class, dir))
        .contains(
            "migration 0002 (Backfill amount in cents) filled ",
            ".payments column amount_cents (id=4, long) in 4 rows written at 0001, where they read"
                + " null: not a loss; to check the values, declare them:"
                + " @IcebergMigrations(backfills = @Backfill(version = \"0002\", table ="
                + " \"payments\", column = \"amount_cents\", ");
  }

  @Test
  void aColumnFilledVersionsAfterItWasAddedPassesUndeclaredReportedAtTheFillingVersion(
      @TempDir Path dir) throws IOException {
    assertThat(passingReport(DataMigrationSuites.UndeclaredFill.class, dir))
        .contains(
            "migration 0003 (Fill status) filled ",
            ".payments column status (id=4, string) in 4 rows written at 0001, where they read"
                + " null: not a loss; to check the values, declare them:"
                + " @IcebergMigrations(backfills = @Backfill(version = \"0003\", table ="
                + " \"payments\", column = \"status\", ",
            "the downgrade of migration 0003 (Fill status) keeps the values filled in ",
            ".payments column status (id=4, string), 4 rows written at 0001")
        .doesNotContain("migration 0002 (Add status) filled");
  }

  @Test
  void aDeclaredFillPassesEveryStandardCheckAndItsDowngradeKeepingTheValuesIsReported(
      @TempDir Path dir) throws IOException {
    EngineTestKit.engine("junit-jupiter")
        .configurationParameter(ClassReports.DIRECTORY, dir.toString())
        .selectors(selectClass(DataMigrationSuites.DeclaredFill.class))
        .execute()
        .testEvents()
        .assertStatistics(stats -> stats.failed(0).succeeded(8).aborted(2));
    assertThat(Files.readString(dir.resolve("DataMigrationSuites$DeclaredFill.md")))
        .contains(
            "migration 0003 (Fill status) filled ",
            ".payments column status as declared (nulls filled with POSTED): 8 rows written before"
                + " it read the declared values at head",
            "the downgrade of migration 0003 (Fill status) keeps the values filled in ",
            ".payments column status (id=4, string), 4 rows written at 0001");
  }

  @Test
  void aFillOfOtherValuesThanDeclaredFailsAtItsVersionWithTheRows() {
    assertThat(failure(DataMigrationSuites.MisdeclaredFill.class))
        .startsWith("Expecting migration 0003 (Fill status) to fill ")
        .contains(
            ".payments column status (id=4, string) as declared (nulls filled with SETTLED), but 4"
                + " rows written at 0001 read other values")
        .contains("\n  expected: status=SETTLED\n  after:  {id=");
  }

  @Test
  void aBackfillWithBothValuesAndFillNullsFailsTheClassBeforeItsTests() {
    assertThat(messages(wholeClass(DataMigrationSuites.DoublyDeclaredFill.class).allEvents()))
        .singleElement()
        .asString()
        .startsWith("Cannot configure @IcebergMigrations on ")
        .endsWith(
            "$DoublyDeclaredFill: backfills: the backfill of payments.status at 0003 needs either"
                + " values or fillNulls, not both");
  }

  @Test
  void aFillThatOverwritesValuesFailsAtTheFillingVersionAndAdvisesIt() {
    assertThat(failure(DataMigrationSuites.OverwritingFill.class))
        .startsWith("Expecting migration 0003 (Fill status overwriting) to keep the data of ")
        .contains(
            ".payments, but its upgrade changed the values of column status (id=4, string) in 4"
                + " rows written at 0002")
        .contains(
            "declare its values: @IcebergMigrations(backfills = @Backfill(version = \"0003\","
                + " table = \"payments\", column = \"status\", values = ...))")
        .doesNotContain("0002 (Add status)");
  }

  @Test
  void aFillThatLosesARowFailsAtTheFillingVersion() {
    assertThat(failure(DataMigrationSuites.LosingFill.class))
        .startsWith("Expecting migration 0003 (Fill status losing a row) to keep the data of ")
        .contains(".payments, but its upgrade lost 1 rows written at ")
        .contains("\n  after:  (gone)")
        .doesNotContain("0002 (Add status)");
  }

  @Test
  void aBackfillOnAColumnTheTableLacksFailsAtItsVersion() {
    assertThat(failure(DataMigrationSuites.MisnamedBackfill.class))
        .startsWith(
            "Cannot check the backfill of payments.amount_in_cents at 0002"
                + " (AmountInCents): payments has no column amount_in_cents right after its"
                + " upgrade");
  }

  @Test
  void aBackfillAtAnUnknownVersionFailsTheClassBeforeItsTests() {
    assertThat(messages(wholeClass(DataMigrationSuites.UnknownBackfillVersion.class).allEvents()))
        .singleElement()
        .asString()
        .startsWith("Cannot configure backfills of @IcebergMigrations on ")
        .contains("0008");
  }
}
