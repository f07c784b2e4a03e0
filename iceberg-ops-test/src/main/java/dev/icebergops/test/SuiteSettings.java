package dev.icebergops.test;

import dev.icebergops.migration.MigrationSource;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.test.internal.ExpectedBackfill;
import dev.icebergops.test.internal.MigrationChecks;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * The configuration of one test: the class's {@link IcebergMigrations}, checked, plus overrides.
 */
record SuiteSettings(
    Class<?> testClass,
    MigrationSource source,
    String namespacePrefix,
    Backend backend,
    String target,
    String downTo,
    Set<String> irreversible,
    boolean checkDowngrade,
    boolean fullRollbackEachTest,
    boolean copySchemaHistory,
    String contracts,
    boolean strictFieldIds,
    Set<String> dropsData,
    List<ExpectedBackfill> backfills,
    String startFrom) {

  private static final Pattern VERSION = Pattern.compile("\\d{4}");

  static SuiteSettings of(ExtensionContext context) {
    Class<?> testClass = context.getRequiredTestClass();
    IcebergMigrations config =
        EnclosingAnnotations.find(testClass, IcebergMigrations.class)
            .orElseThrow(
                () ->
                    new ExtensionConfigurationException(
                        "Cannot configure iceberg-ops for "
                            + testClass.getName()
                            + ": it has no @IcebergMigrations annotation"));
    return of(context, SuiteAttributes.of(config), "@IcebergMigrations on " + testClass.getName());
  }

  /**
   * The settings {@code config} gives the test class of {@code context}, checked; {@code where}
   * names them in errors.
   *
   * @throws ExtensionConfigurationException naming the attribute at fault
   */
  static SuiteSettings of(ExtensionContext context, SuiteAttributes config, String where) {
    return new SuiteSettings(
        context.getRequiredTestClass(),
        source(config, where),
        config.namespacePrefix,
        backend(context, config),
        optionalVersion(config.target, where + ": target"),
        version(config.downTo, where + ": downTo"),
        versions(config.irreversible, where + ": irreversible"),
        config.checkDowngrade,
        config.fullRollbackEachTest,
        config.copySchemaHistory,
        config.contracts,
        config.strictFieldIds,
        versions(config.dropsData, where + ": dropsData"),
        backfills(config.backfills, where + ": backfills"),
        config.startFrom.isBlank() ? null : config.startFrom);
  }

  /** These settings with more backfills, declared with lambdas. */
  SuiteSettings withBackfills(List<ExpectedBackfill> more, String where) {
    List<ExpectedBackfill> all = new ArrayList<>(backfills);
    for (ExpectedBackfill backfill : more) {
      version(backfill.version(), where + ": backfill of " + backfill.column());
      all.add(backfill);
    }
    return new SuiteSettings(
        testClass,
        source,
        namespacePrefix,
        backend,
        target,
        downTo,
        irreversible,
        checkDowngrade,
        fullRollbackEachTest,
        copySchemaHistory,
        contracts,
        strictFieldIds,
        dropsData,
        all,
        startFrom);
  }

  private static List<ExpectedBackfill> backfills(Backfill[] declared, String where) {
    List<ExpectedBackfill> backfills = new ArrayList<>();
    for (Backfill backfill : declared) {
      version(backfill.version(), where);
      Class<? extends BackfillValues> type = backfill.values();
      BackfillValues values;
      try {
        Constructor<? extends BackfillValues> constructor = type.getDeclaredConstructor();
        constructor.setAccessible(true);
        values = constructor.newInstance();
      } catch (ReflectiveOperationException | RuntimeException e) {
        throw new ExtensionConfigurationException(
            "Cannot configure "
                + where
                + ": cannot create "
                + type.getName()
                + " for the backfill of "
                + backfill.table()
                + "."
                + backfill.column()
                + " at "
                + backfill.version()
                + ": it needs a no-argument constructor and a static class ("
                + e
                + ")",
            e);
      }
      String description =
          backfill.description().isBlank() ? type.getSimpleName() : backfill.description();
      backfills.add(
          new ExpectedBackfill(
              backfill.version(),
              backfill.table(),
              backfill.column(),
              description,
              values::expected));
    }
    return backfills;
  }

  private static MigrationSource source(SuiteAttributes config, String where) {
    boolean hasLocations = config.locations.length > 0;
    boolean hasClasses = config.classes.length > 0;
    if (hasLocations == hasClasses) {
      throw new ExtensionConfigurationException(
          "Cannot configure "
              + where
              + ": give either locations or classes"
              + (hasLocations ? ", not both" : ""));
    }
    if (hasClasses) {
      return MigrationSource.of(Arrays.asList(config.classes));
    }
    if (config.locations.length > 1) {
      throw new ExtensionConfigurationException(
          "Cannot configure "
              + where
              + ": exactly one location is supported, got "
              + Arrays.toString(config.locations));
    }
    String location = config.locations[0];
    if (location.isBlank()) {
      throw new ExtensionConfigurationException(
          "Cannot configure " + where + ": the location is empty");
    }
    try {
      return MigrationSource.classpath(location);
    } catch (IllegalArgumentException e) {
      throw new ExtensionConfigurationException(
          "Cannot configure " + where + ": " + e.getMessage(), e);
    }
  }

  private static Backend backend(ExtensionContext context, SuiteAttributes config) {
    Optional<String> override = RunSettings.lookup(context, Backend.PROPERTY, Backend.ENV);
    if (override.isEmpty()) {
      return config.backend;
    }
    String value = override.get().trim();
    try {
      return Backend.valueOf(value.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new ExtensionConfigurationException(
          "Cannot use backend '"
              + value
              + "' from "
              + Backend.PROPERTY
              + " / "
              + Backend.ENV
              + ": known backends are "
              + Arrays.toString(Backend.values()).toLowerCase(Locale.ROOT));
    }
  }

  /** The version for one test method: its {@link MigrateTo}, the class's, or the target. */
  String targetFor(ExtensionContext context) {
    return targetFor(context.getRequiredTestMethod());
  }

  /**
   * The version for a test method of the class: its {@link MigrateTo}, the class's, or the target
   * (null for head).
   */
  String targetFor(Method method) {
    Optional<MigrateTo> migrateTo =
        AnnotationSupport.findAnnotation(method, MigrateTo.class)
            .or(() -> EnclosingAnnotations.find(testClass, MigrateTo.class));
    if (migrateTo.isPresent()) {
      AnnotatedElement on =
          AnnotationSupport.isAnnotated(method, MigrateTo.class) ? method : testClass;
      return version(migrateTo.get().value(), "@MigrateTo on " + describe(on));
    }
    return target;
  }

  private static String describe(AnnotatedElement element) {
    return element instanceof Method m
        ? m.getDeclaringClass().getSimpleName() + "." + m.getName() + "()"
        : ((Class<?>) element).getName();
  }

  private static String optionalVersion(String value, String where) {
    return value.isEmpty() ? null : version(value, where);
  }

  private static String version(String value, String where) {
    if (!VERSION.matcher(value).matches()) {
      throw new ExtensionConfigurationException(
          "Cannot configure " + where + ": '" + value + "' is not a four-digit version");
    }
    return value;
  }

  private static Set<String> versions(String[] values, String where) {
    for (String value : values) {
      version(value, where);
    }
    return Set.of(values);
  }

  /** The standard checks on a runner, with this configuration's tolerances. */
  MigrationChecks checks(MigrationRunner runner) {
    return new MigrationChecks(runner, checkSettings());
  }

  /** This configuration's tolerances. */
  MigrationChecks.Settings checkSettings() {
    return new MigrationChecks.Settings(irreversible, downTo, strictFieldIds, dropsData, backfills);
  }
}
