package dev.icebergops.benchmarks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * Writes and compiles the benchmarks' migration chains and JUnit fixture classes: chain {@code n}
 * is the package {@code bench.c<n>} whose first migration creates {@code items (id long)} and whose
 * every later migration adds one long column {@code c<k>}. The package {@link Baselines#PACKAGE}
 * holds the 300-chain again with a baseline, {@code B0290__Baseline}, that creates the table of
 * 0290 directly ({@link Baselines}); the chain-scale fixtures are {@link ScaleFixtures}', those of
 * issue 38's measures {@link CostFixtures}'.
 */
final class Chains {

  /** The chain lengths the measurements use. */
  static final int[] LENGTHS = {10, 11, 50, 100, 300, 1001};

  /** How many copies of each fixture class run; the first of each kind is a warm-up. */
  static final int FIXTURE_COPIES = 4;

  private Chains() {}

  /** The class path location of chain {@code n}. */
  static String location(int n) {
    return "classpath:bench/c" + n;
  }

  /** The class path location of the 300-chain that has a baseline at {@link Baselines#VERSION}. */
  static String baselineLocation() {
    return "classpath:" + Baselines.PACKAGE.replace('.', '/');
  }

  /** The table every chain migrates. */
  static final String TABLE = "items";

  /** The version of migration {@code k} (1-based). */
  static String version(int k) {
    return String.format(Locale.ROOT, "%04d", k);
  }

  /**
   * Writes every chain and fixture under {@code sources} and compiles them into {@code classes}
   * against this JVM's class path.
   *
   * @throws IllegalStateException if the compiler reports an error
   */
  static void generate(Path sources, Path classes) throws IOException {
    List<Path> files = new ArrayList<>();
    for (int n : LENGTHS) {
      Path dir = Files.createDirectories(sources.resolve("bench/c" + n));
      for (int k = 1; k <= n; k++) {
        Path file = dir.resolve(className(k) + ".java");
        Files.writeString(file, migration(n, k), StandardCharsets.UTF_8);
        files.add(file);
      }
    }
    Path based = Files.createDirectories(sources.resolve(Baselines.PACKAGE.replace('.', '/')));
    for (int k = 1; k <= Baselines.CHAIN; k++) {
      files.add(write(based, className(k), migration(Baselines.PACKAGE, k)));
    }
    files.add(write(based, Baselines.CLASS_NAME, Baselines.source()));
    Path fixtures = Files.createDirectories(sources.resolve("bench/fixtures"));
    for (int copy = 0; copy < FIXTURE_COPIES; copy++) {
      files.add(write(fixtures, "HeadTest" + copy, headTest(copy)));
      files.add(write(fixtures, "Suite10Test" + copy, suiteTest(10, copy)));
      files.add(write(fixtures, "Suite50Test" + copy, suiteTest(50, copy)));
    }
    files.addAll(ScaleFixtures.write(fixtures));
    files.addAll(CostFixtures.write(sources));
    Files.createDirectories(classes);
    JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
    List<String> args = new ArrayList<>();
    args.addAll(
        List.of(
            "-d",
            classes.toString(),
            "-classpath",
            System.getProperty("java.class.path"),
            "--release",
            "17",
            "-proc:none",
            "-nowarn"));
    files.forEach(f -> args.add(f.toString()));
    int status = compiler.run(null, null, System.err, args.toArray(String[]::new));
    if (status != 0) {
      throw new IllegalStateException(
          "Cannot compile the benchmark chains: javac exited " + status);
    }
  }

  static Path write(Path dir, String name, String text) throws IOException {
    Path file = dir.resolve(name + ".java");
    Files.writeString(file, text, StandardCharsets.UTF_8);
    return file;
  }

  static String className(int k) {
    return "V" + version(k) + (k == 1 ? "__CreateItems" : "__AddC" + k);
  }

  private static String migration(int n, int k) {
    return migration("bench.c" + n, k);
  }

  /** Migration {@code k} of a chain, in {@code packageName}. */
  static String migration(String packageName, int k) {
    String body =
        k == 1
            ? """
              @Override public void upgrade(MigrationContext ctx) {
                ctx.createTableIfNotExists("items", new Schema(
                    Types.NestedField.required(1, "id", Types.LongType.get())));
              }
              @Override public void downgrade(MigrationContext ctx) {
                ctx.dropTableIfExists("items");
              }
            """
            : """
              @Override public void upgrade(MigrationContext ctx) {
                ctx.enforceColumn("items", "c%1$d", Types.LongType.get());
              }
              @Override public void downgrade(MigrationContext ctx) {
                ctx.deleteColumn("items", "c%1$d");
              }
            """
                .formatted(k);
    return """
        package %s;

        import dev.icebergops.migration.BaseMigration;
        import dev.icebergops.migration.MigrationContext;
        import org.apache.iceberg.Schema;
        import org.apache.iceberg.types.Types;

        public class %s extends BaseMigration {
        %s}
        """
        .formatted(packageName, className(k), body);
  }

  private static String headTest(int copy) {
    return """
        package bench.fixtures;

        import dev.icebergops.runner.MigrationRunner;
        import dev.icebergops.test.IcebergMigrations;
        import org.junit.jupiter.api.Test;

        @IcebergMigrations(locations = "%s")
        public class HeadTest%d {
          @Test
          void atHead(MigrationRunner runner) {
            String current = runner.current().orElse("none");
            if (!current.equals("%s")) {
              throw new AssertionError("Expecting the namespace at head %s but was at " + current);
            }
          }
        }
        """
        .formatted(location(10), copy, version(10), version(10));
  }

  private static String suiteTest(int n, int copy) {
    return """
        package bench.fixtures;

        import dev.icebergops.test.IcebergMigrations;
        import dev.icebergops.test.MigrationSuite;

        @IcebergMigrations(locations = "%s")
        public class Suite%dTest%d implements MigrationSuite {}
        """
        .formatted(location(n), n, copy);
  }
}
