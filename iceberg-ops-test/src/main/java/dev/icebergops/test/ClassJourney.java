package dev.icebergops.test;

import dev.icebergops.test.internal.ContractLocation;
import dev.icebergops.test.internal.JourneyStart;
import dev.icebergops.test.internal.SharedJourney;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The shared journey of one test class's standard checks: walked once, by the first check that
 * needs it, in a namespace of its own, which is dropped when the class's {@link ClassState} closes
 * (closing twice is harmless).
 */
final class ClassJourney implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(SuiteLog.NAME);

  private final SuiteConfig config;
  private final SuiteRunners runners;
  private final JourneyStart start;
  private String namespace;
  private SharedJourney journey;

  /** The journey of a class, not walked yet. */
  ClassJourney(SuiteConfig config, SuiteRunners runners, JourneyStart start) {
    this.config = config;
    this.runners = runners;
    this.start = start;
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
              tell -> runners.forJourney(name, tell), config.checkSettings(), contracts, start);
      LOG.info(
          "Walked the standard checks' shared journey of {} in {} from {} in {} ms",
          config.testClass().getSimpleName(),
          name,
          start,
          (System.nanoTime() - begin) / 1_000_000);
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
      Namespaces.drop(runners.catalog(), namespace);
      namespace = null;
    }
  }
}
