package dev.icebergops.test;

import static dev.icebergops.test.SuiteLog.LOG;

import dev.icebergops.migration.MigrationFactory;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.iceberg.catalog.Catalog;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The templates of a run, in JUnit's root store: one per catalog, chain and version, shared by the
 * classes of the run (parallel ones too) whose migrations up to that version are the same, so that
 * only the first of them walks the chain and the others copy from its template. A class asking for
 * a template another class is building waits for it; a template that could not be built is
 * unavailable to every class alike, with the same reason. Closed when the run ends (before the
 * environments, which were stored first): the templates' namespaces are dropped.
 *
 * @param cache the templates kept between runs, or null when the cache is off
 * @param templates the run's templates, built or being built, by what makes them the same
 * @param namespaces the namespace of every template built in the run, forgotten ones too, with its
 *     catalog
 */
@SuppressWarnings("deprecation") // CloseableResource: the only way JUnit 5 before 5.13 closes
record RunTemplates(
    TemplateCache cache,
    Map<Key, CompletableFuture<NamespaceTemplate>> templates,
    Map<String, Catalog> namespaces)
    implements ExtensionContext.Store.CloseableResource, AutoCloseable {

  private static final ExtensionContext.Namespace STORE =
      ExtensionContext.Namespace.create(RunTemplates.class);

  /**
   * What makes two classes' templates at a version the same tables.
   *
   * @param chain each migration up to the version, baselines included, with its checksum
   * @param everySchema whether the template's copies keep every earlier schema
   */
  record Key(Catalog catalog, MigrationFactory factory, String chain, boolean everySchema) {}

  private RunTemplates(TemplateCache cache) {
    this(cache, new ConcurrentHashMap<>(), new ConcurrentHashMap<>());
  }

  /** The run's templates, in the root store of {@code context}. */
  static RunTemplates of(ExtensionContext context) {
    return context
        .getRoot()
        .getStore(STORE)
        .getOrComputeIfAbsent(
            RunTemplates.class,
            k ->
                new RunTemplates(
                    TemplateCache.configured(
                        SuiteConfig.lookup(context, TemplateCache.PROPERTY, TemplateCache.ENV))),
            RunTemplates.class);
  }

  /**
   * The template of {@code key}, waiting for it while another class builds it; empty when the
   * caller is to build it, and then calls {@link #built} or {@link #failed}.
   *
   * @throws RuntimeException the failure of the class that tried to build it
   */
  Optional<NamespaceTemplate> take(Key key) {
    CompletableFuture<NamespaceTemplate> found =
        templates.putIfAbsent(key, new CompletableFuture<>());
    if (found == null) {
      return Optional.empty();
    }
    try {
      return Optional.of(found.join());
    } catch (CompletionException e) {
      throw (RuntimeException) e.getCause();
    }
  }

  /** The template of {@code key} when it is built, else null: never waits. */
  NamespaceTemplate ready(Key key) {
    CompletableFuture<NamespaceTemplate> found = templates.get(key);
    return found != null && found.isDone() && !found.isCompletedExceptionally()
        ? found.join()
        : null;
  }

  /** Whether the caller is to build the template of {@code key}: no class has or builds it. */
  boolean reserve(Key key) {
    return templates.putIfAbsent(key, new CompletableFuture<>()) == null;
  }

  /** The template of {@code key}, reserved by the caller, is {@code template}. */
  void built(Key key, NamespaceTemplate template) {
    namespaces.put(template.namespace(), key.catalog());
    templates.get(key).complete(template);
  }

  /** The template of {@code key}, reserved by the caller, cannot be built: {@code failure}. */
  void failed(Key key, RuntimeException failure) {
    templates.get(key).completeExceptionally(failure);
  }

  /**
   * Forgets the template of {@code key} in {@code namespace}, which a test damaged: the next class
   * to ask builds one anew. The damaged one is dropped when the run ends.
   */
  void forget(Key key, String namespace) {
    templates.computeIfPresent(
        key, (k, found) -> namespace.equals(namespaceOf(found)) ? null : found);
  }

  private static String namespaceOf(CompletableFuture<NamespaceTemplate> found) {
    return found.isDone() && !found.isCompletedExceptionally() ? found.join().namespace() : null;
  }

  @Override
  public void close() {
    templates.clear();
    namespaces.forEach(
        (namespace, catalog) -> {
          try {
            Namespaces.drop(catalog, namespace);
          } catch (RuntimeException e) {
            // an environment started after the templates was closed first, with its tables
            LOG.info("Cannot drop the run's template {}: {}", namespace, e.toString());
          }
        });
    namespaces.clear();
  }
}
