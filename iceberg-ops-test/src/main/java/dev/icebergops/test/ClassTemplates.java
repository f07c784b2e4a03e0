package dev.icebergops.test;

import static dev.icebergops.test.SuiteLog.LOG;

import dev.icebergops.migration.ResolvedMigration;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.state.NamespaceTables;
import dev.icebergops.test.internal.WalkSchemas;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.apache.iceberg.catalog.Catalog;

/**
 * The templates of one test class, one per version its tests start from: built on first use by one
 * walk up the migrations in a namespace of their own (the walk goes on from where it stopped for a
 * later version, and starts again from empty for an earlier one), each captured as the walk passes
 * its version. On the way the walk also records the shape at {@code downTo} and at every allowed
 * irreversible version. A template another class of the run has at the same chain and version is
 * taken from the run's ({@link RunTemplates}) instead, and one this walk captures is put there for
 * the others. The walk leaves the schemas no later step needs out of its tables as it goes ({@link
 * WalkSchemas}), and each template gets them back. The class's {@link ClassState} closes it: the
 * walk's namespace and the templates only the class has are dropped with their files (the run's,
 * when the run ends).
 *
 * <p>A template that cannot be built (a migration fails on the way, a table has delete files) is
 * not an error here: the tests that would start from it migrate their own namespace, as they would
 * without templates, and meet the same failure there with the same message.
 */
final class ClassTemplates implements AutoCloseable {

  private static final String BASE = MigrationRunner.BASE_VERSION;

  private final Catalog catalog;
  private final SuiteConfig settings;
  private final SuiteRunners runners;
  private final IrreversibleShapes irreversibleShapes;
  private final RunTemplates run;

  /** The test environment's kind, which the cache's entries name: embedded, containers, ... */
  private final String backend;

  /** The run's templates this class is to build, not built yet. */
  private final Set<RunTemplates.Key> reserved = new HashSet<>();

  /** The versions worth stopping at on the way up: the tests' starting versions. */
  private final NavigableSet<String> starts;

  private final Map<String, NamespaceTemplate> templates = new HashMap<>();
  private final Map<String, String> unavailable = new HashMap<>();
  private final List<String> dropLater = new ArrayList<>();
  private NamespaceTables downToShape;
  private String walk;
  private MigrationRunner walker;
  private String walked = BASE;

  /** The baseline the current walk started from, or null when it started from empty. */
  private String walkBaseline;

  /** The schemas the walk left out of its tables, put back in each template. */
  private WalkSchemas walkSchemas;

  /**
   * The templates of the class of {@code settings}, whose tests start from the versions {@code
   * starts}.
   *
   * @param backend the test environment's kind, for the entries of the cache kept between runs
   */
  ClassTemplates(
      SuiteConfig settings,
      SuiteRunners runners,
      IrreversibleShapes irreversibleShapes,
      Set<String> starts,
      RunTemplates run,
      String backend) {
    this.catalog = runners.catalog();
    this.settings = settings;
    this.runners = runners;
    this.irreversibleShapes = irreversibleShapes;
    this.run = run;
    this.backend = backend;
    this.starts = new TreeSet<>(starts);
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
    String done = "Took the template of {} at {} from the run's or the cache's, no walk, in {} ms";
    try {
      Optional<NamespaceTemplate> shared = run.take(key(version)).or(() -> cached(version));
      if (shared.isPresent()) {
        templates.put(version, shared.get());
      } else {
        done = "Built the template of {} at {} in {} ms";
        reserved.add(key(version));
        walkTo(version);
      }
    } catch (RuntimeException e) {
      failReserved(e);
      unavailable.put(version, e.toString());
      LOG.info(
          "Cannot build the template of {} at {}: {}; its tests migrate their own namespaces",
          settings.testClass().getSimpleName(),
          version,
          e.toString());
      dropWalk();
      return Optional.empty();
    } finally {
      failReserved(new IllegalStateException("Cannot build the template at " + version));
    }
    SuiteLog.took(done, start, settings.testClass().getSimpleName(), version);
    return Optional.ofNullable(templates.get(version));
  }

  /** Tells the classes waiting for the run's templates this class was to build why they cannot. */
  private void failReserved(RuntimeException failure) {
    reserved.forEach(key -> run.failed(key, failure));
    reserved.clear();
  }

  /**
   * Forgets {@code template}, which a test damaged: the next test at its version gets one built
   * anew (from the walk where it still stands there). The damaged one is dropped with the class.
   */
  synchronized void forget(NamespaceTemplate template) {
    templates.remove(template.version(), template);
    run.forget(key(template.version()), template.namespace());
  }

  /**
   * The shape at {@code downTo}: recorded when a walk passed it, else taken once in a scratch
   * namespace (the templates came from the run's).
   */
  synchronized NamespaceTables downToShape() {
    if (downToShape == null) {
      String near = settings.uniqueName("down_to");
      downToShape =
          BASE.equals(settings.downTo())
              ? NamespaceTables.capture(catalog, near)
              : irreversibleShapes.at(settings.downTo(), near);
    }
    return downToShape;
  }

  /**
   * What makes the template at {@code version} the same in another class: the migrations up to it,
   * baselines included, each with its checksum.
   */
  private RunTemplates.Key key(String version) {
    return new RunTemplates.Key(
        catalog, settings.factory(), runners.chain(version), settings.copySchemaHistory());
  }

  /**
   * The template at {@code version} from the cache kept between runs, made the run's; empty when
   * the cache is off, the class has a factory of its own (which the cache cannot tell apart), or it
   * has no entry for the chain.
   */
  private Optional<NamespaceTemplate> cached(String version) {
    String entry = cacheEntry(version);
    if (entry == null) {
      return Optional.empty();
    }
    RunTemplates.Key key = key(version);
    Optional<NamespaceTemplate> template =
        run.cache().load(entry, catalog, settings.uniqueName("at_" + version), key.everySchema());
    template.ifPresent(t -> run.built(key, t));
    return template;
  }

  /** The name of the cache's entry at {@code version}, or null when the class uses no cache. */
  private String cacheEntry(String version) {
    return run.cache() == null || settings.ownFactory()
        ? null
        : run.cache().entryName(key(version).chain(), catalog, backend);
  }

  /**
   * Walks up to {@code version}, stopping at every version on the way where a template or a shape
   * is wanted. A fresh namespace migrated to {@code version} starts from the highest baseline at or
   * below it, so the walk to it does too: a new walk starts, from that baseline or from empty, when
   * the current one started from another or is past {@code version}. The shapes at {@code downTo}
   * and at irreversible versions below a baseline are then not recorded on the way; the after-test
   * check takes them from a scratch namespace if it needs them.
   */
  private void walkTo(String version) {
    String baseline = baselineOf(version);
    boolean fresh =
        walker == null || walked.compareTo(version) > 0 || !Objects.equals(baseline, walkBaseline);
    if (fresh) {
      startWalk(baseline);
    }
    TreeSet<String> stops = new TreeSet<>(starts.headSet(version, true));
    stops.add(version);
    stops.addAll(settings.irreversible());
    stops.add(settings.downTo());
    boolean fromBaseline = fresh && baseline != null;
    for (String stop :
        stops.subSet(fromBaseline ? baseline : walked, fromBaseline, version, true)) {
      walker.migrate(stop);
      walked = stop;
      stopAt(stop);
    }
    if (walked.equals(version)) {
      stopAt(version); // reached before this version was asked for
    }
  }

  /** The highest baseline at or below {@code version}, which a fresh migrate to it applies. */
  private String baselineOf(String version) {
    List<ResolvedMigration> baselines =
        walker != null ? walker.baselines() : runners.alone(BASE + "_probe").baselines();
    return baselines.stream()
        .map(ResolvedMigration::version)
        .filter(b -> b.compareTo(version) <= 0)
        .reduce((lower, higher) -> higher) // the migrations come in version order
        .orElse(null);
  }

  private void startWalk(String baseline) {
    dropWalk();
    walkBaseline = baseline;
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
      RunTemplates.Key key = key(version);
      NamespaceTemplate template = run.ready(key);
      if (template == null) {
        boolean shared = reserved.remove(key) || run.reserve(key);
        String namespace = settings.uniqueName("at_" + version);
        if (!shared) {
          dropLater.add(namespace); // another class is building the run's: this one is the class's
        }
        try {
          template =
              NamespaceTemplate.capture(
                  catalog,
                  walk,
                  namespace,
                  version,
                  walker.history(),
                  settings.copySchemaHistory(),
                  walkSchemas::leftOut);
        } catch (RuntimeException e) {
          if (shared) {
            dropLater.add(namespace);
            run.failed(key, e);
          }
          throw e;
        }
        if (shared) {
          run.built(key, template);
          String entry = cacheEntry(version);
          if (entry != null) {
            run.cache().store(entry, catalog, template);
          }
        }
      }
      templates.put(version, template);
    }
  }

  private void dropWalk() {
    if (walk != null) {
      Namespaces.drop(catalog, walk);
      Namespaces.drop(catalog, walk + "_history");
      walk = null;
      walker = null;
    }
  }

  @Override
  public synchronized void close() {
    long start = System.nanoTime();
    dropWalk();
    dropLater.forEach(namespace -> Namespaces.drop(catalog, namespace));
    dropLater.clear();
    if (!templates.isEmpty()) {
      SuiteLog.took(
          "Dropped the templates of {} in {} ms", start, settings.testClass().getSimpleName());
    }
    templates.clear();
  }
}
