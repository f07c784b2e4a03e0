package dev.icebergops.migration;

import dev.icebergops.internal.Quoting;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

/** Instantiates migration classes and checks the set's rules: versions valid, unique, matching. */
final class MigrationSet {

  private MigrationSet() {}

  static List<ResolvedMigration> resolve(
      List<Class<? extends Migration>> types, MigrationFactory factory, String location) {
    Map<String, ResolvedMigration> byVersion = new TreeMap<>();
    for (Class<? extends Migration> type : types) {
      Migration migration = create(type, factory);
      String version = ask(type, "version()", migration::version);
      if (!MigrationName.isValidVersion(version)) {
        throw new IllegalArgumentException(
            "Cannot load migration "
                + type.getName()
                + ": version() returned "
                + (version == null ? "null" : Quoting.quote(version))
                + "; it must be four digits such as 0001");
      }
      MigrationName name = MigrationName.parse(type.getSimpleName());
      if (name != null && !name.version().equals(version)) {
        throw new IllegalArgumentException(
            "Cannot load migration "
                + type.getName()
                + ": version() returns "
                + version
                + " but the class name says "
                + name.version());
      }
      ResolvedMigration resolved =
          new ResolvedMigration(version, describe(type, migration), migration, checksum(type));
      ResolvedMigration previous = byVersion.put(version, resolved);
      if (previous != null) {
        String[] both = {previous.className(), type.getName()};
        java.util.Arrays.sort(both);
        throw new IllegalArgumentException(
            "Cannot load migrations from "
                + location
                + ": version "
                + version
                + " is declared by both "
                + both[0]
                + " and "
                + both[1]);
      }
    }
    List<ResolvedMigration> sorted = new ArrayList<>(byVersion.values());
    sorted.sort(Comparator.comparing(ResolvedMigration::version));
    return List.copyOf(sorted);
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

  private static String describe(Class<? extends Migration> type, Migration migration) {
    String description = ask(type, "description()", migration::description);
    return description == null ? "" : description;
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

  /**
   * A SHA-256 fingerprint of the class's bytecode and that of its nested and anonymous classes, so
   * that an edit to an applied migration shows up in status.
   */
  static String checksum(Class<?> type) {
    try {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      digestClass(type, digest);
      for (Class<?> nested : type.getDeclaredClasses()) {
        digestClass(nested, digest);
      }
      String prefix = type.getName() + "$";
      for (int i = 1; ; i++) {
        if (!digestResource(type, prefix + i, digest)) {
          break;
        }
      }
      return HexFormat.of().formatHex(digest.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("Cannot compute checksum: SHA-256 is unavailable", e);
    }
  }

  private static void digestClass(Class<?> type, MessageDigest digest) {
    if (!digestResource(type, type.getName(), digest)) {
      digest.update(type.getName().getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
  }

  private static boolean digestResource(Class<?> anchor, String className, MessageDigest digest) {
    ClassLoader loader = anchor.getClassLoader();
    String resource = className.replace('.', '/') + ".class";
    try (InputStream in =
        loader == null
            ? ClassLoader.getSystemResourceAsStream(resource)
            : loader.getResourceAsStream(resource)) {
      if (in == null) {
        return false;
      }
      digest.update(in.readAllBytes());
      return true;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read class file " + resource, e);
    }
  }
}
