package dev.icebergops.migration;

import dev.icebergops.internal.Quoting;
import dev.icebergops.migration.internal.MigrationName;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * Instantiates migration classes and checks the set's rules: versions valid, unique, matching; at
 * most one baseline per version, and only at a version that has a versioned migration. Public for
 * the {@link MigrationSource} implementations of other modules (the command line's and the Maven
 * plugin's directory of source files, in {@code iceberg-ops-tooling}):
 *
 * <pre>{@code
 * List<ResolvedMigration> resolved = MigrationSet.resolve(classes, factory, location());
 * }</pre>
 */
public final class MigrationSet {

  private MigrationSet() {}

  /**
   * Creates the migrations and checks the set's rules.
   *
   * @param types the migration classes found
   * @param factory creates each migration
   * @param location where they were found, for messages
   * @return the migrations in version order, each version's baseline after it
   * @throws IllegalArgumentException if a class cannot be created or the set breaks a rule
   */
  public static List<ResolvedMigration> resolve(
      List<Class<? extends Migration>> types, MigrationFactory factory, String location) {
    Map<String, ResolvedMigration> byVersion = new TreeMap<>();
    Map<String, ResolvedMigration> baselines = new TreeMap<>();
    for (Class<? extends Migration> type : types) {
      ResolvedMigration resolved = resolve(type, factory);
      String version = resolved.version();
      ResolvedMigration previous =
          (resolved.isBaseline() ? baselines : byVersion).put(version, resolved);
      if (previous != null) {
        String[] both = {previous.className(), type.getName()};
        Arrays.sort(both);
        throw new IllegalArgumentException(
            String.format(
                "Cannot load migrations from %s: %s%s is declared by both %s and %s",
                location,
                resolved.isBaseline() ? "baseline version " : "version ",
                version,
                both[0],
                both[1]));
      }
    }
    List<ResolvedMigration> all = new ArrayList<>();
    for (ResolvedMigration migration : byVersion.values()) { // a TreeMap: in version order
      all.add(migration);
      ResolvedMigration baseline = baselines.remove(migration.version());
      if (baseline != null) {
        all.add(baseline); // right after the versioned migration of its version
      }
    }
    if (!baselines.isEmpty()) {
      ResolvedMigration orphan = baselines.values().iterator().next();
      throw new IllegalArgumentException(
          String.format(
              "Cannot load migrations from %s: baseline %s builds version %s but no V%s__ migration"
                  + " has that version; a baseline must stand for a version of the chain, so that"
                  + " the toolkit can compare the two",
              location, orphan.className(), orphan.version(), orphan.version()));
    }
    return List.copyOf(all);
  }

  /** One class's migration, its version checked against its name. */
  private static ResolvedMigration resolve(
      Class<? extends Migration> type, MigrationFactory factory) {
    Migration migration = create(type, factory);
    String version = ask(type, "version()", migration::version);
    if (!MigrationName.isValidVersion(version)) {
      throw new IllegalArgumentException(
          "Cannot load migration %s: version() returned %s; it must be four digits such as 0001"
              .formatted(type.getName(), version == null ? "null" : Quoting.quote(version)));
    }
    MigrationName name = MigrationName.parse(type.getSimpleName());
    if (name != null && !name.version().equals(version)) {
      throw new IllegalArgumentException(
          "Cannot load migration %s: version() returns %s but the class name says %s"
              .formatted(type.getName(), version, name.version()));
    }
    boolean baseline = name != null && name.baseline();
    String description =
        Objects.requireNonNullElse(ask(type, "description()", migration::description), "");
    return new ResolvedMigration(
        version, description, migration, MigrationChecksum.of(migration), baseline);
  }

  /**
   * Whether a class's simple name follows the rule {@code V<NNNN>__<Description>} or {@code
   * B<NNNN>__<Description>}.
   *
   * @param simpleName a class's simple name, without {@code .java}
   * @return true when the name follows the rule
   */
  public static boolean followsNamingRule(String simpleName) {
    return MigrationName.parse(simpleName) != null;
  }

  private static Migration create(Class<? extends Migration> type, MigrationFactory factory) {
    try {
      Migration migration = factory.create(type);
      if (migration == null) {
        throw new IllegalArgumentException(
            "Cannot create migration " + type.getName() + ": the factory returned null");
      }
      return migration;
    } catch (IllegalArgumentException e) {
      throw e;
    } catch (Exception | LinkageError e) {
      throw new IllegalArgumentException("Cannot create migration " + type.getName() + ": " + e, e);
    }
  }

  /**
   * Calls {@code version()} or {@code description()}: what they throw (a {@link BaseMigration}
   * whose class name breaks the rule throws IllegalStateException) becomes the documented
   * IllegalArgumentException, naming the class.
   */
  private static String ask(Class<? extends Migration> type, String method, Supplier<String> call) {
    try {
      return call.get();
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(
          "Cannot load migration " + type.getName() + ": " + method + " threw " + e, e);
    }
  }
}
