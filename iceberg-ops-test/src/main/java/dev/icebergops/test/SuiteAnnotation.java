package dev.icebergops.test;

import dev.icebergops.migration.MigrationFactory;
import dev.icebergops.migration.MigrationSource;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.test.internal.ExpectedBackfill;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Reads the {@link SuiteConfig} of a test class from its {@link IcebergMigrations}, or from the
 * attributes an {@link IcebergMigrationsExtension#builder()} was given: the one class besides the
 * extension that knows the annotation, so that the rest of the suite does not reach back to it.
 */
final class SuiteAnnotation {

  /**
   * The class-path source of each location read on the system class loader in this JVM: every class
   * at a location shares its one class-path scan (a scan reads every jar on the class path), and a
   * migration in a mistyped package is reported once.
   */
  private static final Map<String, MigrationSource> SOURCES = new ConcurrentHashMap<>();

  private SuiteAnnotation() {}

  /**
   * The configuration of the test class of {@code context}: the attributes a builder was {@code
   * given} with what else it was given, or, when {@code given} is null, the class's {@link
   * IcebergMigrations} and defaults.
   *
   * @param backfills the backfills a builder declared with lambdas
   * @throws ExtensionConfigurationException naming the attribute at fault
   */
  static SuiteConfig read(
      ExtensionContext context,
      IcebergMigrations given,
      IcebergTestEnvironment environment,
      MigrationFactory factory,
      String metaNamespace,
      List<ExpectedBackfill> backfills) {
    Class<?> testClass = context.getRequiredTestClass();
    Optional<IcebergMigrations> annotation =
        SuiteConfig.enclosingAnnotation(testClass, IcebergMigrations.class);
    if (given != null && annotation.isPresent()) {
      throw SuiteConfig.refused(
          testClass,
          "it has both @IcebergMigrations and a registered IcebergMigrationsExtension; keep one");
    }
    IcebergMigrations a =
        given != null
            ? given
            : annotation.orElseThrow(
                () -> SuiteConfig.refused(testClass, "it has no @IcebergMigrations annotation"));
    String where =
        (given != null ? "IcebergMigrationsExtension.builder() for " : "@IcebergMigrations on ")
            + testClass.getName();
    MigrationSource source = source(a, where);
    Backend backend = SuiteConfig.backend(context, a.backend());
    String target =
        a.target().isEmpty() ? null : SuiteConfig.version(a.target(), where + ": target");
    String downTo = SuiteConfig.version(a.downTo(), where + ": downTo");
    Arrays.stream(a.irreversible()).forEach(v -> SuiteConfig.version(v, where + ": irreversible"));
    Set<String> irreversible = Set.of(a.irreversible());
    List<ExpectedBackfill> all = SuiteConfig.backfills(a.backfills(), where + ": backfills");
    for (ExpectedBackfill backfill : backfills) {
      SuiteConfig.version(backfill.version(), where + ": backfill of " + backfill.column());
      all.add(backfill);
    }
    return new SuiteConfig(
        testClass,
        source,
        a.namespacePrefix(),
        backend,
        target,
        downTo,
        irreversible,
        a.checkDowngrade(),
        a.fullRollbackEachTest(),
        a.copySchemaHistory(),
        a.contracts(),
        a.strictFieldIds(),
        List.copyOf(all),
        a.startFrom().isBlank() ? null : a.startFrom(),
        environment,
        factory != null ? factory : MigrationFactory.publicNoArgConstructor(),
        metaNamespace,
        a.failOnSkippedMigrations());
  }

  private static MigrationSource source(IcebergMigrations config, String where) {
    String[] locations = config.locations();
    boolean hasLocations = locations.length > 0;
    if (hasLocations == config.classes().length > 0) {
      throw SuiteConfig.invalid(
          where, "give either locations or classes" + (hasLocations ? ", not both" : ""), null);
    }
    if (!hasLocations) {
      return MigrationSource.of(Arrays.asList(config.classes()));
    }
    if (locations.length > 1) {
      throw SuiteConfig.invalid(
          where, "exactly one location is supported, got " + Arrays.toString(locations), null);
    }
    if (locations[0].isBlank()) {
      throw SuiteConfig.invalid(where, "the location is empty", null);
    }
    try {
      // another loader may see other classes, and would be held here for as long as the JVM runs
      return Thread.currentThread().getContextClassLoader() == ClassLoader.getSystemClassLoader()
          ? SOURCES.computeIfAbsent(locations[0], MigrationSource::classpath)
          : MigrationSource.classpath(locations[0]);
    } catch (IllegalArgumentException e) {
      throw SuiteConfig.invalid(where, e.getMessage(), e);
    }
  }
}
