package dev.icebergops.migration;

import dev.icebergops.migration.internal.ClasspathMigrationSource;
import dev.icebergops.migration.internal.ExplicitMigrationSource;
import java.util.Arrays;
import java.util.List;

/**
 * Where migrations come from: a package on the class path or an explicit list of classes; a
 * directory of source files, compiled when resolved, is {@code
 * dev.icebergops.tooling.FilesystemMigrationSource} in {@code iceberg-ops-tooling}.
 *
 * <pre>{@code
 * MigrationSource.classpath("classpath:com/acme/sales/db/iceberg");
 * MigrationSource.of(V0001__CreateOrders.class, V0002__AddRegion.class);
 * }</pre>
 *
 * <p>In a class path location, classes named {@code V<NNNN>__<Description>} that implement {@link
 * Migration} are the migrations; other names are ignored, and a class named like a migration that
 * is not one is skipped with a warning. When the location has a subpackage named after the runner's
 * namespace ({@code sales.eu} maps to {@code sales/eu}), only that subpackage is used. A migration
 * class in a package near the location, most likely a typo ({@code db.icebreg} for {@code
 * db.iceberg}), is reported when the set is resolved: logged at WARN and listed by {@link
 * #skipped(String)}. Near means the location's parent package itself, or a sibling whose last
 * segment is at most two edits from the location's (and fewer than half its length, so {@code us}
 * is not near {@code eu}); a package that is a location of another source of this JVM, or that
 * holds a whole chain of its own (versions without a gap from 0001 or from one of its baselines),
 * is another set, not a typo, and is not reported.
 *
 * <p><b>Baselines.</b> A class named {@code B<NNNN>__<Description>} (in every kind of source; in an
 * explicit list only that name makes a class a baseline) is a baseline migration: its upgrade
 * builds the state of version {@code NNNN} directly, and a runner applies it instead of the
 * versions up to {@code NNNN} in a namespace that has no history yet. Each version has at most one
 * baseline, and a baseline's version must also have a {@code V<NNNN>__} migration, whose chain it
 * stands for.
 *
 * <p><b>Trust model.</b> Migrations are code, and resolving a source runs it: loading a class runs
 * its static initialisers, and creating a migration runs its constructor, in this JVM with the
 * caller's catalog credentials and file-system rights. Every runner operation that resolves the
 * source ({@code plan}, {@code status}, {@code migrate}, {@code rollback}, {@code stamp}) does so
 * before it prints or changes anything, so even {@code plan} and {@code status}, which write
 * nothing to the catalog, are not safe on classes you have not reviewed. Review migration classes,
 * and the locations a cloned project's configuration names, as you would any other code; do not run
 * them from an untrusted branch with production credentials (for example in a CI job triggered by
 * {@code pull_request_target}).
 */
public interface MigrationSource {

  /**
   * A package on the class path, scanned with ClassGraph (directories and jars alike).
   *
   * @param location {@code classpath:db/iceberg}, {@code db/iceberg} or {@code db.iceberg}
   * @return the source
   * @throws IllegalArgumentException if the location is blank or does not name a package (an empty
   *     package, {@code ..} or anything else that would scan the whole class path)
   */
  static MigrationSource classpath(String location) {
    return new ClasspathMigrationSource(location, null);
  }

  /**
   * A package on the class path of a given class loader.
   *
   * @param location {@code classpath:db/iceberg}, {@code db/iceberg} or {@code db.iceberg}
   * @param classLoader the loader to scan and load from
   * @return the source
   * @throws IllegalArgumentException if the location is blank or does not name a package
   */
  static MigrationSource classpath(String location, ClassLoader classLoader) {
    return new ClasspathMigrationSource(location, classLoader);
  }

  /**
   * An explicit list of migration classes, the same for every namespace. Their names need not
   * follow the {@code V<NNNN>__} rule; when they do, {@code version()} must agree with it.
   *
   * @param types the migration classes
   * @return the source
   * @throws IllegalArgumentException if a class is null or does not implement {@link Migration}
   */
  @SafeVarargs
  static MigrationSource of(Class<? extends Migration>... types) {
    return of(types == null ? null : Arrays.asList(types));
  }

  /**
   * An explicit list of migration classes.
   *
   * @param types the migration classes
   * @return the source
   * @throws IllegalArgumentException if the list is null, or a class is null or does not implement
   *     {@link Migration}
   */
  static MigrationSource of(List<Class<? extends Migration>> types) {
    return new ExplicitMigrationSource(types);
  }

  /**
   * Finds, loads and instantiates the migrations for a namespace, checking the set's rules.
   *
   * @param namespace the runner's namespace, which may select a subpackage
   * @param factory creates the instances
   * @return the migrations in version order, each baseline ({@link ResolvedMigration#isBaseline()})
   *     right after the versioned migration of its version
   * @throws IllegalArgumentException if the location does not exist, a class name is malformed, a
   *     class's {@code version()} or {@code description()} fails (as {@link BaseMigration}'s do for
   *     a class not named {@code V<NNNN>__<Description>}) or gives no four-digit version, a version
   *     does not match its class name, two classes share a version (two versioned migrations, or
   *     two baselines), a baseline has no versioned migration of its version, or a class cannot be
   *     instantiated; the message names the classes concerned
   */
  List<ResolvedMigration> resolve(String namespace, MigrationFactory factory);

  /**
   * The classes and files that look like migrations but that this source leaves out for a
   * namespace, each with the reason; {@link #resolve} logs each at WARN. A class path source
   * reports the migration classes in a package near its location (see {@link #classpath(String)});
   * a directory source reports each {@code .java} file it does not take as a migration although its
   * name or content says it is meant to be one (see {@code
   * dev.icebergops.tooling.FilesystemMigrationSource}).
   *
   * <pre>{@code
   * source.skipped("sales").forEach(s -> log.warn("{}", s)); // name: reason
   * }</pre>
   *
   * @param namespace the runner's namespace, which may select a subpackage or subdirectory
   * @return the skipped classes and files, sorted by name; empty when there is none, and for an
   *     explicit list of classes
   * @throws IllegalArgumentException if a directory source's directory does not exist, or its
   *     source files do not compile
   */
  default List<SkippedMigration> skipped(String namespace) {
    return List.of();
  }

  /** Where the migrations come from, for messages, e.g. {@code classpath:db/iceberg}. */
  String location();
}
