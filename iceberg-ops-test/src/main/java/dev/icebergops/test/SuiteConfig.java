package dev.icebergops.test;

import dev.icebergops.migration.MigrationFactory;
import dev.icebergops.migration.MigrationSource;
import dev.icebergops.migration.ResolvedMigration;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.test.internal.CheckSettings;
import dev.icebergops.test.internal.ContractLocation;
import dev.icebergops.test.internal.ExpectedBackfill;
import java.io.UncheckedIOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.annotation.Testable;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.HierarchyTraversalMode;
import org.junit.platform.commons.support.ReflectionSupport;

/**
 * The configuration of one test class, checked once before its first test: the attributes of its
 * {@link IcebergMigrations}, or those an {@link IcebergMigrationsExtension#builder()} was given
 * (whose defaults are the annotation's), plus what only a builder can say.
 *
 * @param target the version a test is migrated to unless {@link MigrateTo} says otherwise, or null
 *     for head
 * @param startFrom the snapshot every test starts from, or null for an empty namespace
 * @param environment the environment a builder gave instead of a backend's, or null
 * @param metaNamespace the history namespace a builder gave, or null for one of the class's own
 */
record SuiteConfig(
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
    List<ExpectedBackfill> backfills,
    String startFrom,
    IcebergTestEnvironment environment,
    MigrationFactory factory,
    String metaNamespace,
    boolean failOnSkippedMigrations) {

  private static final Pattern VERSION = Pattern.compile("\\d{4}");
  private static final String BASE = MigrationRunner.BASE_VERSION;

  static ExtensionConfigurationException refused(Class<?> testClass, String reason) {
    return invalid("iceberg-ops for " + testClass.getName(), reason, null);
  }

  /** "Cannot configure {@code where}: {@code reason}", caused by {@code cause} (may be null). */
  static ExtensionConfigurationException invalid(String where, String reason, Throwable cause) {
    return new ExtensionConfigurationException("Cannot configure " + where + ": " + reason, cause);
  }

  /**
   * {@link #invalid} for the attribute {@code attribute} of the class's {@link IcebergMigrations}.
   */
  ExtensionConfigurationException invalidAttribute(
      String attribute, String reason, Throwable cause) {
    return invalid(attribute + " of @IcebergMigrations on " + testClass.getName(), reason, cause);
  }

  static List<ExpectedBackfill> backfills(Backfill[] declared, String where) {
    List<ExpectedBackfill> backfills = new ArrayList<>();
    for (Backfill backfill : declared) {
      version(backfill.version(), where);
      String label =
          "the backfill of %s.%s at %s"
              .formatted(backfill.table(), backfill.column(), backfill.version());
      Class<? extends BackfillValues> type = backfill.values();
      String fill = backfill.fillNulls();
      if (fill.isEmpty() == (type == BackfillValues.class)) {
        String neither = fill.isEmpty() ? "neither" : "both";
        throw invalid(where, label + " needs either values or fillNulls, not " + neither, null);
      }
      String description = backfill.description();
      backfills.add(
          new ExpectedBackfill(
              backfill.version(),
              backfill.table(),
              backfill.column(),
              !description.isBlank()
                  ? description
                  : fill.isEmpty() ? type.getSimpleName() : "nulls filled with " + fill,
              fill.isEmpty()
                  ? values(type, label, where)::expected
                  : ExpectedBackfill.fillingNulls(backfill.column(), fill)));
    }
    return backfills;
  }

  /** An instance of a backfill's values class, by its no-argument constructor. */
  private static BackfillValues values(
      Class<? extends BackfillValues> type, String label, String where) {
    try {
      Constructor<? extends BackfillValues> constructor = type.getDeclaredConstructor();
      constructor.setAccessible(true);
      return constructor.newInstance();
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw invalid(
          where,
          "cannot create %s for %s: it needs a no-argument constructor and a static class (%s)"
              .formatted(type.getName(), label, e),
          e);
    }
  }

  static Backend backend(ExtensionContext context, Backend declared) {
    Optional<String> override = lookup(context, Backend.PROPERTY, Backend.ENV);
    if (override.isEmpty()) {
      return declared;
    }
    String value = override.get().trim();
    try {
      return Backend.valueOf(value.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new ExtensionConfigurationException(
          "Cannot use backend '%s' from %s / %s: known backends are %s"
              .formatted(
                  value,
                  Backend.PROPERTY,
                  Backend.ENV,
                  Arrays.toString(Backend.values()).toLowerCase(Locale.ROOT)));
    }
  }

  /**
   * A run-wide setting: the first non-blank value of the configuration parameter {@code property},
   * the system property of that name (also when the launcher does not read system properties, as
   * EngineTestKit does not), and the environment variable {@code variable}.
   */
  static Optional<String> lookup(ExtensionContext context, String property, String variable) {
    return context
        .getConfigurationParameter(property)
        .or(() -> Optional.ofNullable(System.getProperty(property)))
        .or(() -> Optional.ofNullable(System.getenv(variable)))
        .filter(value -> !value.isBlank());
  }

  /**
   * The migrations load and the class-wide versions exist.
   *
   * @return the migrations, baselines included, in version order
   * @throws ExtensionConfigurationException naming the attribute at fault
   */
  List<ResolvedMigration> checkMigrations() {
    List<ResolvedMigration> all;
    try {
      all = source.resolve("check", factory);
    } catch (IllegalArgumentException e) {
      throw new ExtensionConfigurationException(
          "Cannot load the migrations of @IcebergMigrations on %s: %s"
              .formatted(testClass.getName(), e.getMessage()),
          e);
    }
    Set<String> known = all.stream().map(ResolvedMigration::version).collect(Collectors.toSet());
    checkKnown(known, target, "target");
    checkKnown(known, downTo, "downTo");
    irreversible.forEach(version -> checkKnown(known, version, "irreversible"));
    backfills.forEach(backfill -> checkKnown(known, backfill.version(), "backfills"));
    checkContracts();
    return all;
  }

  /**
   * Fails when no migration has {@code version} (null and {@code 0000} always exist).
   *
   * @param what the attribute, for the message
   */
  void checkKnown(Set<String> known, String version, String what) {
    if (version != null && !BASE.equals(version) && !known.contains(version)) {
      throw invalidAttribute(
          what,
          "no migration has version %s (known: %s)"
              .formatted(version, String.join(", ", new TreeSet<>(known))),
          null);
    }
  }

  /** The contracts location, when set, exists and its contracts parse. */
  private void checkContracts() {
    if (contracts.isBlank()) {
      return;
    }
    try {
      ContractLocation.of(contracts).load();
    } catch (IllegalArgumentException | UncheckedIOException e) {
      throw invalidAttribute("contracts", e.getMessage(), e);
    }
  }

  /**
   * The versions the class's test methods (its own, inherited and interface default methods) start
   * from, read from their {@link MigrateTo} annotations before any of them runs, so that one walk
   * up the migrations can capture a template at each; {@code head} for a test without a version.
   * Overloads of one name that start at different versions count the first one's.
   */
  Set<String> startingVersions(String head) {
    Map<String, String> versions = new LinkedHashMap<>();
    for (Method method :
        ReflectionSupport.findMethods(
            testClass,
            m -> AnnotationSupport.isAnnotated(m, Testable.class),
            HierarchyTraversalMode.TOP_DOWN)) {
      try {
        String target = targetFor(method);
        versions.putIfAbsent(method.getName(), target == null ? head : target);
      } catch (ExtensionConfigurationException e) {
        // a malformed @MigrateTo fails its own test, with this message, when the test runs
      }
    }
    return new LinkedHashSet<>(versions.values());
  }

  /**
   * The nearest {@code type} annotation of {@code testClass}, on the class, its superclasses and
   * meta-annotations, or else on the classes that enclose it, searching inner classes outwards: a
   * {@code @Nested} test class takes its enclosing class's settings.
   */
  static <A extends Annotation> Optional<A> enclosingAnnotation(Class<?> testClass, Class<A> type) {
    return Stream.<Class<?>>iterate(
            testClass,
            Objects::nonNull,
            c ->
                c.isMemberClass() && !Modifier.isStatic(c.getModifiers())
                    ? c.getEnclosingClass()
                    : null)
        .flatMap(c -> AnnotationSupport.findAnnotation(c, type).stream())
        .findFirst();
  }

  /**
   * The version for a test method of the class: its {@link MigrateTo}, the class's, or the target
   * (null for head).
   */
  String targetFor(Method method) {
    Optional<MigrateTo> migrateTo =
        AnnotationSupport.findAnnotation(method, MigrateTo.class)
            .or(() -> enclosingAnnotation(testClass, MigrateTo.class));
    if (migrateTo.isPresent()) {
      String describe =
          AnnotationSupport.isAnnotated(method, MigrateTo.class)
              ? method.getDeclaringClass().getSimpleName() + "." + method.getName() + "()"
              : testClass.getName();
      return version(migrateTo.get().value(), "@MigrateTo on " + describe);
    }
    return target;
  }

  static String version(String value, String where) {
    if (!VERSION.matcher(value).matches()) {
      throw invalid(where, "'" + value + "' is not a four-digit version", null);
    }
    return value;
  }

  /** {@code <prefix>_<name>_<random>}, lower case, letters, digits and underscores only. */
  String uniqueName(String name) {
    String prefix = namespacePrefix.isEmpty() ? testClass.getSimpleName() : namespacePrefix;
    String base = sanitize(prefix) + "_" + sanitize(name);
    return base.substring(0, Math.min(base.length(), 48))
        + "_"
        + UUID.randomUUID().toString().replace("-", "").substring(0, 8);
  }

  private static String sanitize(String text) {
    return text.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_").replaceAll("^_|_$", "");
  }

  /** Whether the class creates its migrations with a factory of its own, not the default one. */
  boolean ownFactory() {
    return factory.getClass() != MigrationFactory.publicNoArgConstructor().getClass();
  }

  /** The standard checks' tolerances. */
  CheckSettings checkSettings() {
    return new CheckSettings(irreversible, downTo, strictFieldIds, backfills);
  }
}
