package dev.icebergops.test;

import dev.icebergops.migration.ResolvedMigration;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.test.internal.JourneyStart;
import dev.icebergops.test.internal.SuiteReport;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Everything one test class's tests share, set up once before its first test and kept as one value
 * in the class's store: its configuration, the environment, the runners, the history table, the
 * templates, the shapes at its allowed irreversible versions, its report and its standard checks'
 * journey. JUnit closes it when the class ends (as a {@code CloseableResource} on every JUnit 5
 * version, and as an {@link AutoCloseable} on 5.13 and later; closing twice is harmless): the
 * journey's, templates' and history namespaces are dropped, the files of its tests' copies deleted
 * ({@link ClassCopies}), and nothing of the class stays behind.
 */
@SuppressWarnings("deprecation") // CloseableResource: the only way JUnit 5 before 5.13 closes
final class ClassState implements ExtensionContext.Store.CloseableResource, AutoCloseable {

  /** Where the extension keeps each class's state and each test's namespace. */
  static final ExtensionContext.Namespace STORE =
      ExtensionContext.Namespace.create(ClassState.class);

  private static final String BASE = MigrationRunner.BASE_VERSION;

  private final SuiteConfig config;
  private final IcebergTestEnvironment environment;
  private final List<ResolvedMigration> migrations;
  private final JourneyStart journeyStart;
  private final ClassHistory history;
  private final SuiteRunners runners;
  private final IrreversibleShapes shapes;
  private final ClassTemplates templates;
  private final ClassCopies copies;
  private final SuiteReport report;
  private final SuiteVerdicts verdicts;
  private ClassJourney journey;
  private boolean closed;

  /**
   * Checks what {@code config} names (the migrations, the versions, the contracts, the snapshot)
   * and sets the class up; a mistake fails the class once, with one message, instead of each test.
   */
  private ClassState(ExtensionContext context, SuiteConfig config) {
    this.config = config;
    List<ResolvedMigration> resolved = config.checkMigrations();
    this.migrations = resolved.stream().filter(m -> !m.isBaseline()).toList();
    // a wrong location, or a downTo below the snapshot, fails the class once
    this.journeyStart =
        config.startFrom() == null ? JourneyStart.empty() : SnapshotStart.journeyStart(config);
    Class<?> testClass = config.testClass();
    this.environment =
        config.environment() != null
            ? Environments.supplied(context, config.environment())
            : Environments.forBackend(context, config.backend(), testClass);
    this.history = ClassHistory.of(environment.catalog(), config);
    this.runners =
        new SuiteRunners(environment.catalog(), config, history.metaNamespace(), resolved);
    this.shapes = new IrreversibleShapes(runners);
    RunTemplates run = RunTemplates.of(context);
    this.templates =
        new ClassTemplates(
            config,
            runners,
            shapes,
            config.startingVersions(head()),
            run,
            environment.getClass().getName());
    this.verdicts =
        SuiteVerdicts.of(run.cache(), config, runners, environment.getClass().getName());
    this.copies = new ClassCopies(config.uniqueName("copies"));
    this.report = new SuiteReport(ClassReports.title(testClass));
  }

  /**
   * Checks and sets up the class of {@code context} and stores its state in the class's store.
   *
   * @throws org.junit.jupiter.api.extension.ExtensionConfigurationException naming the setting at
   *     fault
   */
  static void open(ExtensionContext context, SuiteConfig config) {
    context.getStore(STORE).put(ClassState.class, new ClassState(context, config));
  }

  /**
   * The state of the class of {@code context} (a class or one of its tests), or null when the class
   * has none of its own (its setup failed): never an enclosing class's state.
   */
  static ClassState of(ExtensionContext context) {
    ClassState state = context.getStore(STORE).get(ClassState.class, ClassState.class);
    return state != null && state.config.testClass() == context.getRequiredTestClass()
        ? state
        : null;
  }

  SuiteConfig config() {
    return config;
  }

  /** The class's migrations, resolved once (baselines left out), in version order. */
  List<ResolvedMigration> migrations() {
    return migrations;
  }

  /** Where the class's standard checks start: an empty namespace, or its snapshot. */
  JourneyStart journeyStart() {
    return journeyStart;
  }

  /** The shapes at allowed irreversible versions that the class's tests share. */
  IrreversibleShapes shapes() {
    return shapes;
  }

  /** The class's report, collected while its tests run. */
  SuiteReport report() {
    return report;
  }

  /**
   * A new namespace for the test {@code method}, not prepared yet: from the class's snapshot, else
   * a copy of the template at the test's version when there is one, else migrated itself.
   *
   * @throws org.junit.jupiter.api.extension.ExtensionConfigurationException when the test's version
   *     is malformed or unknown
   */
  TestNamespace newNamespace(Method method) {
    String testName = method.getName();
    String target = config.targetFor(method);
    Set<String> known =
        migrations.stream().map(ResolvedMigration::version).collect(Collectors.toSet());
    config.checkKnown(known, target, "the target of " + testName);
    return new TestNamespace(environment, runners, testName, target, start(testName, target));
  }

  private NamespaceStart start(String testName, String target) {
    if (config.startFrom() != null) {
      return new SnapshotStart(config, config.uniqueName(testName));
    }
    String version = target == null ? head() : target;
    Optional<NamespaceTemplate> template =
        BASE.equals(version) || version.compareTo(config.downTo()) < 0
            ? Optional.empty()
            : templates.at(version);
    return template
        .<NamespaceStart>map(
            t -> new TemplateCopyStart(config, testName, t, templates, copies, history.owned()))
        .orElseGet(() -> new MigratedStart(config, shapes, config.uniqueName(testName)));
  }

  private String head() {
    return migrations.isEmpty() ? BASE : migrations.get(migrations.size() - 1).version();
  }

  /** The shared journey of the class's standard checks, not walked until asked for. */
  synchronized ClassJourney journey() {
    if (journey == null) {
      journey = new ClassJourney(config, runners, journeyStart, verdicts);
    }
    return journey;
  }

  /** Whether the class has ended and its namespaces were dropped. */
  synchronized boolean isClosed() {
    return closed;
  }

  /**
   * Drops the journey's namespace, the templates and the class's own history table, in order, then
   * deletes the files of the tests' copies.
   */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    // closed in reverse order: the journey (when walked), the templates, the history, the copies
    try (copies;
        history;
        templates;
        ClassJourney walked = journey) {
      // nothing but the closing
    }
  }
}
