package dev.icebergops.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.junit.platform.testkit.engine.Events;

/**
 * Each test starts from a copy of its class's template at its version, on the real REST catalog and
 * S3 store: the migrations run once per class, not once per test; a copy shares no file with the
 * template; after a test, what it applied beyond its start is rolled back and the namespace
 * compared with the template. A test that deletes a file of the template itself is blamed at its
 * end, and the tests after it copy a template built anew.
 */
class TemplateCopiesTest {

  @BeforeEach
  void resetCounts() {
    TemplateFixtures.reset();
  }

  @Test
  void aTestThatHarmsItsCopyLeavesTheTemplateAndTheOtherTestsIntact() {
    Events events = run(TemplateFixtures.Vandal.class, TemplateFixtures.Sweeper.class);

    assertThat(failures(events)).as("fixture tests that failed").isEmpty();
    assertThat(events.succeeded().count()).as("fixture tests that passed").isEqualTo(5);
    assertThat(TemplateFixtures.NAMESPACES)
        .as("namespaces of the tests, then those left once the class ended")
        .filteredOn(ns -> ns.startsWith("vandal_") && !ns.startsWith("vandal_at_"))
        .hasSize(4) // the four tests' own: Sweeper, run after the class ended, saw no walk
        .noneMatch(ns -> ns.startsWith("vandal_template_"));
    assertThat(TemplateFixtures.NAMESPACES)
        .as("the run's templates at 0002 and head, kept for later classes until the run ends")
        .filteredOn(ns -> ns.startsWith("vandal_at_"))
        .hasSize(2);
  }

  @Test
  void classesAtTheSameChainAndVersionCopyOneTemplateThatOnlyTheFirstWalks() {
    Events events =
        run(
            TemplateFixtures.Vandal.class,
            TemplateFixtures.SameChain.class,
            TemplateFixtures.SameChainAgain.class);

    assertThat(failures(events)).as("fixture tests that failed").isEmpty();
    assertThat(events.succeeded().count()).as("fixture tests that passed").isEqualTo(6);
    for (String version : List.of("0001", "0002", "0003", "0004")) {
      assertThat(TemplateFixtures.upgrades(version))
          .as("upgrades of %s: the first class's walk only", version)
          .isEqualTo(1);
    }
  }

  @Test
  void parallelClassesAtTheSameChainAndVersionWaitForTheOneWalk() {
    Events events =
        EngineTestKit.engine("junit-jupiter")
            .configurationParameter("junit.jupiter.execution.parallel.enabled", "true")
            .configurationParameter(
                "junit.jupiter.execution.parallel.mode.classes.default", "concurrent")
            .configurationParameter("junit.jupiter.execution.parallel.config.strategy", "fixed")
            .configurationParameter(
                "junit.jupiter.execution.parallel.config.fixed.parallelism", "2")
            .selectors(
                selectClass(TemplateFixtures.SameChain.class),
                selectClass(TemplateFixtures.SameChainAgain.class))
            .execute()
            .testEvents();

    assertThat(failures(events)).as("fixture tests that failed").isEmpty();
    assertThat(events.succeeded().count()).as("fixture tests that passed").isEqualTo(2);
    assertThat(TemplateFixtures.upgrades("0004")).as("upgrades of 0004: one walk").isEqualTo(1);
  }

  @Test
  void anUnchangedChainStartsFromItsCachedTemplateInTheNextRunAndAnEditedOneIsWalked(
      @TempDir Path cache) {
    assertThat(failures(runCaching(cache, TemplateFixtures.SameChain.class))).isEmpty();
    assertThat(TemplateFixtures.upgrades("0004")).as("upgrades of 0004, first run").isEqualTo(1);

    TemplateFixtures.reset();
    Events again = runCaching(cache, TemplateFixtures.SameChain.class);
    assertThat(failures(again)).as("fixture tests that failed in the next run").isEmpty();
    assertThat(again.succeeded().count()).isEqualTo(1);
    assertThat(TemplateFixtures.UPGRADES).as("upgrades in the next run: none").isEmpty();

    TemplateFixtures.reset();
    assertThat(failures(runCaching(cache, TemplateFixtures.SameChainEdited.class))).isEmpty();
    assertThat(TemplateFixtures.upgrades("0004"))
        .as("upgrades of 0004 once 0003 was edited: a walk")
        .isEqualTo(1);
  }

  @Test
  void aTemplateAboveABaselineIsBuiltFromTheBaselineWhenTheTemplatesBelowComeFromTheCache(
      @TempDir Path cache) {
    assertThat(failures(runCaching(cache, TemplateFixtures.WithBaseline.class))).isEmpty();

    TemplateFixtures.reset();
    Events edited = runCaching(cache, TemplateFixtures.WithBaselineEdited.class);

    assertThat(failures(edited)).as("fixture tests that failed with 0004 edited").isEmpty();
    assertThat(edited.succeeded().count()).isEqualTo(2);
    assertThat(TemplateFixtures.upgrades("0002")).as("upgrades of 0002: from the cache").isZero();
    assertThat(TemplateFixtures.upgrades("B0003")).as("upgrades of B0003").isEqualTo(1);
  }

  private static Events runCaching(Path cache, Class<?> testClass) {
    return EngineTestKit.engine("junit-jupiter")
        .configurationParameter(TemplateCache.PROPERTY, cache.toString())
        .selectors(selectClass(testClass))
        .execute()
        .testEvents();
  }

  @Test
  void aTemplateThatCannotBeBuiltIsWalkedOnceAndEachClassMeetsTheFailureInItsTests() {
    Events events =
        run(TemplateFixtures.LockedChain.class, TemplateFixtures.LockedChainAgain.class);

    assertThat(failures(events))
        .as("fixture tests that failed")
        .hasSize(2)
        .allMatch(failure -> failure.contains("the ledger is locked"), "names the migration's");
    assertThat(TemplateFixtures.upgrades("0002"))
        .as("tries of 0002: one walk, then each test migrating its own namespace")
        .isEqualTo(3);
  }

  @Test
  void aTestThatLeavesTablesOfItsOwnInItsCopyHasItsNamespaceDroppedAllTheSame() {
    Events events = run(TemplateFixtures.LeavesTablesBehind.class, TemplateFixtures.Sweeper.class);

    assertThat(failures(events)).as("fixture tests that failed").isEmpty();
    assertThat(events.succeeded().count())
        .as("fixture tests that passed, the Sweeper's among them")
        .isEqualTo(2);
    Object namespace = TemplateFixtures.SEEN.get("LeavesTablesBehind").get(0);
    assertThat(TemplateFixtures.NAMESPACES)
        .as("namespaces the Sweeper found once the class had ended")
        .doesNotContain((String) namespace);
  }

  @Test
  void aFileATestWroteUnderItsCopyThatNoMetadataNamesIsGoneOnceItsClassHasEnded() {
    Events events =
        run(TemplateFixtures.LeavesAnUncommittedFile.class, TemplateFixtures.FileSweeper.class);

    assertThat(failures(events)).as("fixture tests that failed").isEmpty();
    assertThat(TemplateFixtures.COPIES).as("copies whose location was noted").hasSize(1);
    assertThat(TemplateFixtures.SEEN.get("FileSweeper"))
        .as("files left under the copy's location once its class had ended")
        .isEmpty();
  }

  @Test
  void everyFileOfACopyIsGoneOnceItsClassHasEnded() {
    Events events =
        run(
            TemplateFixtures.Vandal.class, // a lean copy with data files, more appended by the test
            TemplateFixtures.CurrentSchemaOnly.class, // lean copies, a column added by the test
            TemplateFixtures.EverySchema.class, // copies with every schema
            TemplateFixtures.RollsBackThroughAnEarlierSchema.class, // earlier schemas put back
            TemplateFixtures.FileSweeper.class);

    assertThat(failures(events)).as("fixture tests that failed").isEmpty();
    assertThat(TemplateFixtures.COPIES).as("copies whose location was noted").hasSize(6);
    assertThat(TemplateFixtures.SEEN.get("FileSweeper"))
        .as("files left under the copies' locations once the classes had ended")
        .isEmpty();
  }

  @Test
  void aTestThatDeletesAFileOfItsTemplateIsBlamedAndTheTestsAfterItGetAnIntactCopy() {
    Events events =
        run(TemplateFixtures.TemplateVandal.class, TemplateFixtures.EmptyObjectSweeper.class);

    List<Object> deleted = TemplateFixtures.SEEN.get("TemplateVandal");
    assertThat(failures(events))
        .as("fixture tests that failed")
        .singleElement()
        .asString()
        .startsWith(
            "deletesADataFileOfTheTemplate(Catalog): org.opentest4j.AssertionFailedError: Cannot"
                + " keep the template of TemplateVandal at 0002: data file "
                + deleted.get(1)
                + " of its table ledger is gone after the test deletesADataFileOfTheTemplate")
        .doesNotContain("NotFound");
    assertThat(events.succeeded().count())
        .as("fixture tests that passed: the copy after the vandal's, and the sweeper")
        .isEqualTo(2);
    assertThat(TemplateFixtures.upgrades("0001"))
        .as("upgrades of 0001: the walk's only, the template built anew where the walk stands")
        .isEqualTo(1);
    assertThat(TemplateFixtures.BUCKETS).as("buckets noted").hasSize(1);
    assertThat(TemplateFixtures.SEEN.get("EmptyObjectSweeper"))
        .as("objects of no bytes left in the bucket once the class had ended")
        .isEmpty();
  }

  @Test
  void eachMigrationRunsOncePerClassNotOncePerTest() {
    Events events = run(TemplateFixtures.Vandal.class);

    assertThat(failures(events)).isEmpty();
    assertThat(events.succeeded().count()).isEqualTo(4);
    for (String version : List.of("0001", "0002", "0003", "0004")) {
      assertThat(TemplateFixtures.upgrades(version))
          .as("upgrades of %s for four tests at 0002 and head", version)
          .isEqualTo(1);
      assertThat(TemplateFixtures.downgrades(version)).as("downgrades of %s", version).isZero();
    }
  }

  @Test
  void aTestThatMigratesWithARunnerOfItsOwnIsBroughtBackAllTheSame() {
    Events events = run(TemplateFixtures.MovesOnWithARunnerOfItsOwn.class);

    assertThat(failures(events)).as("fixture tests that failed").isEmpty();
    assertThat(List.of(TemplateFixtures.downgrades("0003"), TemplateFixtures.downgrades("0004")))
        .as("downgrades of 0003 and 0004 after the test")
        .containsExactly(1, 1);
  }

  @Test
  void aTestIsBroughtBackToTheVersionItStartedAt() {
    Events events = run(TemplateFixtures.MovesOn.class);

    assertThat(failures(events)).as("fixture tests that failed").isEmpty();
    assertThat(events.succeeded().count()).isEqualTo(2);
    // migratesToHead (from 0002): 0004 and 0003 rolled back after it, nothing below its start
    // rollsBackBelowItsStart (from 0004): 0004 and 0003 rolled back by the test, applied again
    // after
    assertThat(
            Map.of(
                "0001",
                TemplateFixtures.downgrades("0001"),
                "0002",
                TemplateFixtures.downgrades("0002"),
                "0003",
                TemplateFixtures.downgrades("0003"),
                "0004",
                TemplateFixtures.downgrades("0004")))
        .as("downgrades")
        .containsExactlyInAnyOrderEntriesOf(Map.of("0001", 0, "0002", 0, "0003", 2, "0004", 2));
    assertThat(TemplateFixtures.upgrades("0003"))
        .as("upgrades of 0003: the walk, migratesToHead, and the way back up after the other")
        .isEqualTo(3);
    assertThat(TemplateFixtures.upgrades("0001"))
        .as("upgrades of 0001: the walk only")
        .isEqualTo(1);
  }

  @Test
  void aTemplateAboveABaselineIsBuiltFromTheBaseline() {
    Events events = run(TemplateFixtures.WithBaseline.class);

    assertThat(failures(events)).as("fixture tests that failed").isEmpty();
    assertThat(events.succeeded().count()).isEqualTo(2);
    assertThat(
            Map.of(
                "0001", TemplateFixtures.upgrades("0001"),
                "0002", TemplateFixtures.upgrades("0002"),
                "0003", TemplateFixtures.upgrades("0003"),
                "B0003", TemplateFixtures.upgrades("B0003"),
                "0004", TemplateFixtures.upgrades("0004")))
        .as("upgrades: the walk to 0002 on the chain, then a walk from empty through the baseline")
        .containsExactlyInAnyOrderEntriesOf(
            Map.of("0001", 1, "0002", 1, "0003", 0, "B0003", 1, "0004", 1));
  }

  @Test
  void aTemplateAboveABaselineIsBuiltFromTheBaselineWhicheverTestAsksFirst() {
    Events events = run(TemplateFixtures.WithBaselineHeadFirst.class);

    assertThat(failures(events)).as("fixture tests that failed").isEmpty();
    assertThat(events.succeeded().count()).isEqualTo(2);
    assertThat(TemplateFixtures.upgrades("B0003")).as("upgrades of B0003").isEqualTo(1);
  }

  @Test
  void aTestAtHeadDoesNotRollBackByDefault() {
    Events events = run(TemplateFixtures.ForgetfulAtHead.class);

    assertThat(failures(events)).isEmpty();
    assertThat(events.succeeded().count()).isEqualTo(1);
  }

  @Test
  void fullRollbackEachTestRollsEveryTestDownToDownTo() {
    Events events = run(TemplateFixtures.ForgetfulFullRollback.class);

    assertThat(failures(events))
        .singleElement()
        .asString()
        .contains("Expecting no trace of ordinaryTest in forgetfulfullrollback_ordinarytest_")
        .contains("after rolling back to 0000")
        .contains("audit");
  }

  @Test
  void whatATestAppliedBeyondItsStartIsCheckedForTraces() {
    Events events = run(TemplateFixtures.ForgetfulFromBelow.class);

    assertThat(failures(events))
        .singleElement()
        .asString()
        .contains("Expecting no trace of appliesTheForgetfulVersion")
        .contains("after rolling back to 0002, the version it started at")
        .contains("amount");
  }

  @Test
  void testsRunningAtOnceEachGetTheirOwnCopy() {
    Events events =
        EngineTestKit.engine("junit-jupiter")
            .configurationParameter("junit.jupiter.execution.parallel.enabled", "true")
            .configurationParameter("junit.jupiter.execution.parallel.mode.default", "concurrent")
            .configurationParameter("junit.jupiter.execution.parallel.config.strategy", "fixed")
            .configurationParameter(
                "junit.jupiter.execution.parallel.config.fixed.parallelism", "4")
            .selectors(selectClass(TemplateFixtures.ParallelCopies.class))
            .execute()
            .testEvents();

    assertThat(failures(events)).as("fixture tests that failed").isEmpty();
    assertThat(events.succeeded().count()).isEqualTo(4);
    assertThat(TemplateFixtures.upgrades("0001")).as("upgrades of 0001").isEqualTo(1);
  }

  @Test
  void aLeanCopyGetsItsEarlierSchemasBackBeforeItsFirstRollback() {
    Events events = run(TemplateFixtures.RollsBackThroughAnEarlierSchema.class);

    assertThat(failures(events)).as("fixture tests that failed").isEmpty();
    List<Object> seen = TemplateFixtures.SEEN.get("RollsBackThroughAnEarlierSchema");
    assertThat(seen.get(0)).as("schema ids of the copy at head, by default").isEqualTo(List.of(2));
    assertThat(seen.get(1))
        .as("schema ids once the test rolled back through restoreSchema(0)")
        .isEqualTo(List.of(0, 1, 2));
    assertThat(seen.subList(2, 4))
        .as("current schema id after the rollback, and whether the copy kept its rows")
        .isEqualTo(List.of(0, true));
    assertThat((List<?>) seen.get(4))
        .as("metadata files of the copy not named <version>-<uuid>.metadata.json")
        .isEmpty();
  }

  @Test
  void copiesKeepTheCurrentSchemaUnlessTheClassAsksForEveryOne() {
    Events events =
        run(TemplateFixtures.EverySchema.class, TemplateFixtures.CurrentSchemaOnly.class);

    assertThat(failures(events)).as("fixture tests that failed").isEmpty();
    List<Object> every = TemplateFixtures.SEEN.get("EverySchema.first");
    List<Object> currentOnly = TemplateFixtures.SEEN.get("CurrentSchemaOnly.first");
    assertThat(every.get(0))
        .as("schema ids of a copy with copySchemaHistory = true")
        .isEqualTo(List.of(0, 1, 2));
    assertThat(currentOnly.get(0))
        .as("schema ids of a copy by default (copySchemaHistory = false)")
        .isEqualTo(List.of(2));
    assertThat(currentOnly.subList(1, 3))
        .as("current schema id, and the id a new column gets, with the current schema only")
        .isEqualTo(every.subList(1, 3));
  }

  @Test
  void aCopyThatMigratesNothingReadsItsTemplatesRowsAndWritesNoHistory() {
    Events events = run(TemplateFixtures.EverySchema.class);

    assertThat(failures(events)).as("fixture tests that failed").isEmpty();
    List<Object> first = TemplateFixtures.SEEN.get("EverySchema.first");
    List<Object> second = TemplateFixtures.SEEN.get("EverySchema.second");
    assertThat(List.of(first.get(4), second.get(4)))
        .as("the version each copy's runner reads")
        .containsExactly("0004", "0004");
    assertThat(List.of(first.get(3), second.get(3)))
        .as("snapshots of the class's history table in each test (0: it does not exist)")
        .containsExactly(0, 0);
  }

  @Test
  void aCopysFirstHistoryWriteStoresItsTemplatesRowsWithItsOwn() {
    Events events = run(TemplateFixtures.MigratesACopy.class);

    assertThat(failures(events)).as("fixture tests that failed").isEmpty();
    List<Object> seen = TemplateFixtures.SEEN.get("MigratesACopy");
    assertThat(seen.get(0))
        .as("rows stored for the copy before its test migrated")
        .isEqualTo(List.of());
    assertThat(seen.get(1)).as("the version the copy's runner read then").isEqualTo("0002");
    assertThat(seen.get(2))
        .as("rows stored for the copy after it migrated to head")
        .isEqualTo(List.of("0001 APPLIED", "0002 APPLIED", "0003 APPLIED", "0004 APPLIED"));
  }

  private static Events run(Class<?>... classes) {
    return EngineTestKit.engine("junit-jupiter")
        .configurationParameter(
            "junit.jupiter.testclass.order.default",
            "org.junit.jupiter.api.ClassOrderer$OrderAnnotation")
        .selectors(
            java.util.Arrays.stream(classes)
                .map(c -> selectClass(c))
                .toArray(org.junit.platform.engine.DiscoverySelector[]::new))
        .execute()
        .testEvents();
  }

  private static List<String> failures(Events events) {
    return events.failed().stream().map(TemplateCopiesTest::failure).toList();
  }

  private static String failure(Event event) {
    return event.getTestDescriptor().getDisplayName()
        + ": "
        + event
            .getRequiredPayload(TestExecutionResult.class)
            .getThrowable()
            .map(Throwable::toString)
            .orElse("?");
  }
}
