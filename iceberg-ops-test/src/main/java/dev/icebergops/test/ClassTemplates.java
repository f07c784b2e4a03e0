package dev.icebergops.test;

import dev.icebergops.migration.ResolvedMigration;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.state.NamespaceTables;
import dev.icebergops.test.internal.WalkSchemas;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.Optional;
import java.util.TreeSet;
import org.apache.iceberg.catalog.Catalog;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The templates of one test class, one per version its tests start from: built on first use by one
 * walk up the migrations in a namespace of their own (the walk goes on from where it stopped for a
 * later version, and starts again from empty for an earlier one), each captured as the walk passes
 * its version. On the way the walk also records the shape at {@code downTo} and at every allowed
 * irreversible version. The walk leaves the schemas no later step needs out of its tables as it
 * goes ({@link WalkSchemas}), and each template gets them back. The class's {@link ClassState}
 * closes it: the walk's and the templates' namespaces are dropped with their files.
 *
 * <p>A template that cannot be built (a migration fails on the way, a table has delete files) is
 * not an error here: the tests that would start from it migrate their own namespace, as they would
 * without templates, and meet the same failure there with the same message.
 */
final class ClassTemplates implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(SuiteLog.NAME);
  private static final String BASE = MigrationRunner.BASE_VERSION;

  private final Catalog catalog;
  private final SuiteConfig settings;
  private final SuiteRunners runners;
  private final boolean seedHistory;
  private final IrreversibleShapes irreversibleShapes;

  /** The versions worth stopping at on the way up: the tests' starting versions. */
  private final NavigableSet<String> starts;

  /** Each test method's starting version, by the method's name. */
  private final Map<String, String> startsByTest;

  private final Map<String, NamespaceTemplate> templates = new HashMap<>();
  private final Map<String, String> unavailable = new HashMap<>();
  private final List<String> dropLater = new ArrayList<>();
  private NamespaceTables downToShape;
  private String walk;
  private MigrationRunner walker;
  private String walked = BASE;

  /** The schemas the walk left out of its tables, put back in each template. */
  private WalkSchemas walkSchemas;

  /**
   * The templates of the class of {@code settings}, for the tests whose starting versions are
   * {@code startsByTest}.
   *
   * @param seedHistory whether a template writes the history rows of the tests that start from it
   *     (in the class's own history table)
   */
  ClassTemplates(
      SuiteConfig settings,
      SuiteRunners runners,
      boolean seedHistory,
      IrreversibleShapes irreversibleShapes,
      Map<String, String> startsByTest) {
    this.catalog = runners.catalog();
    this.settings = settings;
    this.runners = runners;
    this.seedHistory = seedHistory;
    this.irreversibleShapes = irreversibleShapes;
    this.startsByTest = Map.copyOf(startsByTest);
    this.starts = new TreeSet<>(startsByTest.values());
  }

  /**
   * The template at {@code version}, built on first use.
   *
   * @return the template, or empty when it cannot be built (the reason is logged once)
   */
  synchronized Optional<NamespaceTemplate> at(String version) {
    NamespaceTemplate template = templates.get(version);
    if (template != null || unavailable.containsKey(version)) {
      return Optional.ofNullable(template);
    }
    starts.add(version);
    long start = System.nanoTime();
    try {
      walkTo(version);
    } catch (RuntimeException e) {
      unavailable.put(version, e.toString());
      LOG.info(
          "Cannot build the template of {} at {}: {}; its tests migrate their own namespaces",
          settings.testClass().getSimpleName(),
          version,
          e.toString());
      dropWalk();
      return Optional.empty();
    }
    LOG.info(
        "Built the template of {} at {} in {} ms",
        settings.testClass().getSimpleName(),
        version,
        (System.nanoTime() - start) / 1_000_000);
    return Optional.ofNullable(templates.get(version));
  }

  /**
   * Forgets {@code template}, which a test damaged: the next test at its version gets one built
   * anew (from the walk where it still stands there). The damaged one is dropped with the class.
   */
  synchronized void forget(NamespaceTemplate template) {
    templates.remove(template.version(), template);
  }

  /** The shape at {@code downTo}, once a walk has passed it; null before. */
  synchronized NamespaceTables downToShape() {
    return downToShape;
  }

  /**
   * Walks up to {@code version}, stopping at every version on the way where a template or a shape
   * is wanted; starts a new walk from empty when the current one is past it.
   */
  private void walkTo(String version) {
    String baseline = baselineToWalkFrom(version);
    if (walker == null || walked.compareTo(version) > 0 || baseline != null) {
      startWalk();
    }
    TreeSet<String> stops = new TreeSet<>(starts.headSet(version, true));
    stops.add(version);
    stops.addAll(settings.irreversible());
    stops.add(settings.downTo());
    String from = baseline == null ? walked : baseline;
    for (String stop : stops.subSet(from, baseline != null, version, true)) {
      walker.migrate(stop);
      walked = stop;
      stopAt(stop);
    }
    if (walked.equals(version)) {
      stopAt(version); // reached before this version was asked for
    }
  }

  /**
   * The highest baseline at or below {@code version} that a walk from empty would apply, when
   * walking from there is worth it: the walk has not passed it, and no test starts between where
   * the walk is and it. The shapes at {@code downTo} and at irreversible versions below it are then
   * not recorded on the way; the after-test check takes them from a scratch namespace if it needs
   * them.
   */
  private String baselineToWalkFrom(String version) {
    String from = walker == null || walked.compareTo(version) > 0 ? BASE : walked;
    List<ResolvedMigration> baselines =
        walker != null ? walker.baselines() : runners.alone(BASE + "_probe").baselines();
    return baselines.stream()
        .map(ResolvedMigration::version)
        .filter(b -> b.compareTo(from) > 0 && b.compareTo(version) <= 0)
        .reduce((lower, higher) -> higher) // the migrations come in version order
        .filter(baseline -> starts.subSet(from, false, baseline, false).isEmpty())
        .orElse(null);
  }

  private void startWalk() {
    dropWalk();
    walk = settings.uniqueName("template");
    walkSchemas = WalkSchemas.whenWorthIt();
    String namespace = walk;
    WalkSchemas schemas = walkSchemas;
    walker = runners.alone(walk, event -> schemas.keepAfter(event, catalog, namespace));
    walked = BASE;
    stopAt(BASE);
  }

  /** Records what is wanted at the version the walk has just reached. */
  private void stopAt(String version) {
    if (version.equals(settings.downTo()) && downToShape == null) {
      downToShape = NamespaceTables.capture(catalog, walk);
    }
    if (settings.irreversible().contains(version)) {
      irreversibleShapes.record(version, () -> NamespaceTables.capture(catalog, walk));
    }
    if (!BASE.equals(version) && starts.contains(version) && !templates.containsKey(version)) {
      String namespace = settings.uniqueName("at_" + version);
      dropLater.add(namespace);
      templates.put(
          version,
          NamespaceTemplate.capture(
              catalog,
              walk,
              namespace,
              version,
              walker.history(),
              seedHistory ? runners.of(walk) : null,
              testNamespacesAt(version),
              settings.copySchemaHistory(),
              walkSchemas::leftOut));
    }
  }

  /**
   * A namespace name for each test method that starts at {@code version}, by the method's name:
   * their history rows are written with the template's, in one commit.
   */
  private Map<String, String> testNamespacesAt(String version) {
    Map<String, String> names = new HashMap<>();
    startsByTest.forEach(
        (test, start) -> {
          if (start.equals(version)) {
            names.put(test, settings.uniqueName(test));
          }
        });
    return names;
  }

  private void dropWalk() {
    if (walk != null) {
      drop(walk);
      drop(walk + "_history");
      walk = null;
      walker = null;
    }
  }

  @Override
  public synchronized void close() {
    long start = System.nanoTime();
    dropWalk();
    dropLater.forEach(ClassTemplates.this::drop);
    dropLater.clear();
    if (!templates.isEmpty()) {
      LOG.info(
          "Dropped the templates of {} in {} ms",
          settings.testClass().getSimpleName(),
          (System.nanoTime() - start) / 1_000_000);
    }
    templates.clear();
  }

  private void drop(String namespace) {
    Namespaces.drop(catalog, namespace);
  }
}
