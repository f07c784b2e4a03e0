package dev.icebergops.test;

import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.test.internal.ContractLocation;
import dev.icebergops.test.internal.SharedJourney;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The shared journey of one test class's standard checks: walked once, by the first check that
 * needs it, in a namespace of its own, which is dropped when the class's {@link ClassState} closes
 * (closing twice is harmless).
 */
final class ClassJourney implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(IcebergMigrations.class);

  private final ClassSetup setup;
  private TestNamespace namespace;
  private SharedJourney journey;

  /** The journey of a class, not walked yet. */
  ClassJourney(ClassSetup setup) {
    this.setup = setup;
  }

  /** The journey, walked on the first call. */
  synchronized SharedJourney get() {
    if (journey == null) {
      long start = System.nanoTime();
      SuiteSettings settings = setup.settings();
      namespace = setup.newPlainNamespace("journey", new ConcurrentHashMap<>());
      ContractLocation contracts =
          settings.contracts().isBlank() ? null : ContractLocation.of(settings.contracts());
      MigrationRunner plain = namespace.runner();
      journey =
          SharedJourney.walk(
              onStep ->
                  MigrationRunner.builder(plain.catalog())
                      .namespace(plain.namespace())
                      .metaNamespace(plain.historyTable().tableIdentifier().namespace().toString())
                      .factory(setup.factory())
                      .source(settings.source())
                      .onStep(onStep)
                      .baselines(false) // the journey walks the whole chain
                      .build(),
              settings.checkSettings(),
              contracts,
              setup.start());
      LOG.info(
          "Walked the standard checks' shared journey of {} in {} from {} in {} ms",
          settings.testClass().getSimpleName(),
          namespace.name(),
          setup.start(),
          (System.nanoTime() - start) / 1_000_000);
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
      namespace.drop();
      namespace = null;
    }
  }
}
