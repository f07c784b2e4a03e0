package dev.icebergops.test;

import static dev.icebergops.test.SuiteLog.LOG;

import dev.icebergops.test.internal.CheckReport;
import dev.icebergops.test.internal.ContractLocation;
import dev.icebergops.test.internal.JourneyStart;
import dev.icebergops.test.internal.SharedJourney;
import dev.icebergops.test.internal.StandardCheck;
import dev.icebergops.test.internal.WalkSchemas;
import java.util.Optional;

/**
 * The shared journey of one test class's standard checks: walked once, by the first check that
 * needs it, in a namespace of its own, which is dropped when the class's {@link ClassState} closes
 * (closing twice is harmless). A check an earlier run passed with the same inputs takes its verdict
 * from the cache kept between runs ({@link SuiteVerdicts}) instead, and the journey is walked only
 * when a check finds none.
 */
final class ClassJourney implements AutoCloseable {

  private final SuiteConfig config;
  private final SuiteRunners runners;
  private final JourneyStart start;
  private final SuiteVerdicts verdicts;
  private String namespace;
  private SharedJourney journey;

  /**
   * The journey of a class, not walked yet.
   *
   * @param verdicts the verdicts kept between runs, or null for none
   */
  ClassJourney(
      SuiteConfig config, SuiteRunners runners, JourneyStart start, SuiteVerdicts verdicts) {
    this.config = config;
    this.runners = runners;
    this.start = start;
    this.verdicts = verdicts;
  }

  /** The verdict of {@code check} an earlier run passed with the same inputs, if any. */
  Optional<CheckReport> cached(StandardCheck check) {
    Optional<CheckReport> kept = verdicts == null ? Optional.empty() : verdicts.load(check);
    kept.flatMap(CheckReport::cachedFrom)
        .ifPresent(
            note ->
                LOG.info("The {} check of {} {}", check, config.testClass().getSimpleName(), note));
    return kept;
  }

  /** Keeps {@code report} for later runs when it passed. */
  void keep(CheckReport report) {
    if (verdicts != null) {
      verdicts.store(report);
    }
  }

  /** The journey, walked on the first call. */
  synchronized SharedJourney get() {
    if (journey == null) {
      long begin = System.nanoTime();
      String name = config.uniqueName("journey");
      namespace = name;
      ContractLocation contracts =
          config.contracts().isBlank() ? null : ContractLocation.of(config.contracts());
      journey =
          SharedJourney.walk(
              tell -> runners.forJourney(name, tell),
              config.checkSettings(),
              contracts,
              start,
              WalkSchemas.whenWorthIt());
      SuiteLog.took(
          "Walked the standard checks' shared journey of {} in {} from {} in {} ms",
          begin,
          config.testClass().getSimpleName(),
          name,
          start);
      journey
          .disturbed()
          .forEach(
              (check, why) ->
                  LOG.info(
                      "The {} check runs on its own, in its test's namespace: {}", check, why));
    }
    return journey;
  }

  @Override
  public synchronized void close() {
    if (namespace != null) {
      Namespaces.dropOwn(runners.catalog(), namespace);
      namespace = null;
    }
  }
}
