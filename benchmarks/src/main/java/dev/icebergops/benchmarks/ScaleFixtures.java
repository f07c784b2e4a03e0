package dev.icebergops.benchmarks;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The JUnit fixture classes of the chain-scale measures ({@link ScaleMeasures}), in {@code
 * bench.fixtures}: for each chain of {@link #LENGTHS} and each copy, a class of {@value #TESTS}
 * empty tests at head, a class of {@value #TESTS} empty tests at {@code @MigrateTo} of the middle
 * version, and a {@code MigrationSuite} class; and two warm-up classes.
 */
final class ScaleFixtures {

  /** The chain lengths of the chain-scale measures. */
  static final int[] LENGTHS = {10, 100, 300};

  /** How many copies of each class are written: the most a {@link ChainPlan} may ask for. */
  static final int MAX_COPIES = 3;

  /** How many tests each class at head or at the middle version has. */
  static final int TESTS = 8;

  private static final String PACKAGE = "bench.fixtures";

  /**
   * The warm-up class: {@value #TESTS} tests at head of the 11-chain, run first in every session,
   * so that no measured class pays the session's environment start; on a chain no measured class
   * shares, so that no measured class takes its template from it.
   */
  static final String WARM_UP = PACKAGE + ".ScaleWarmUpTest";

  /** A second warm-up class like {@link #WARM_UP}, run once before the first measured session. */
  static final String JIT_WARM_UP = PACKAGE + ".ScaleJitWarmUpTest";

  private ScaleFixtures() {}

  /** The middle version of chain {@code n}, that its {@code @MigrateTo} tests start from. */
  static int middle(int n) {
    return n / 2;
  }

  /** The class of tests at head of chain {@code n}. */
  static String head(int n, int copy) {
    return PACKAGE + ".ScaleHead" + n + "Test" + copy;
  }

  /**
   * The class of tests at head of chain {@code n} whose copies are made with every earlier schema
   * ({@code copySchemaHistory = true}, the default before copies became lean).
   */
  static String headEverySchema(int n, int copy) {
    return PACKAGE + ".ScaleHeadEverySchema" + n + "Test" + copy;
  }

  /** The class of tests at the middle version of chain {@code n}. */
  static String middle(int n, int copy) {
    return PACKAGE + ".ScaleMiddle" + n + "Test" + copy;
  }

  /** The MigrationSuite class of chain {@code n}. */
  static String suite(int n, int copy) {
    return PACKAGE + ".ScaleSuite" + n + "Test" + copy;
  }

  /** Writes every class under {@code dir} (the sources' {@code bench/fixtures}). */
  static List<Path> write(Path dir) throws IOException {
    List<Path> files = new ArrayList<>();
    for (String warmUp : List.of(WARM_UP, JIT_WARM_UP)) {
      files.add(Chains.write(dir, simple(warmUp), testsAt(simple(warmUp), 11, 11, false)));
    }
    for (int n : LENGTHS) {
      for (int copy = 0; copy < MAX_COPIES; copy++) {
        files.add(
            Chains.write(dir, simple(head(n, copy)), testsAt(simple(head(n, copy)), n, n, false)));
        String every = simple(headEverySchema(n, copy));
        files.add(
            Chains.write(dir, every, testsAt(every, n, n, false, ", copySchemaHistory = true")));
        files.add(
            Chains.write(
                dir,
                simple(middle(n, copy)),
                testsAt(simple(middle(n, copy)), n, middle(n), true)));
        files.add(Chains.write(dir, simple(suite(n, copy)), suiteClass(simple(suite(n, copy)), n)));
      }
    }
    return files;
  }

  static String simple(String className) {
    return className.substring(PACKAGE.length() + 1);
  }

  /**
   * A class of {@value #TESTS} tests at {@code version} of chain n: the first checks that it starts
   * there; the following ones, whose median is the per-test cost, are empty (as the tests of issue
   * 19's own measure), since a history read of the test's own is the test's cost, not the
   * toolkit's.
   */
  private static String testsAt(String name, int n, int version, boolean migrateTo) {
    return testsAt(name, n, version, migrateTo, "");
  }

  /** The same, with more attributes of {@code @IcebergMigrations} ({@code ", name = value"}). */
  private static String testsAt(
      String name, int n, int version, boolean migrateTo, String attributes) {
    return testsAt(name, Chains.location(n), version, migrateTo, attributes);
  }

  /** The same, of the chain at {@code location}. */
  static String testsAt(
      String name, String location, int version, boolean migrateTo, String attributes) {
    String expected = Chains.version(version);
    String annotation = migrateTo ? "@MigrateTo(\"" + expected + "\")\n  " : "";
    StringBuilder tests = new StringBuilder();
    for (int t = 1; t <= TESTS; t++) {
      tests.append(
          """
            @Test
            %svoid test%d(MigrationRunner runner) {
              %s
            }

          """
              .formatted(annotation, t, t == 1 ? "startsAt(runner);" : "// empty"));
    }
    return """
        package %1$s;

        import dev.icebergops.runner.MigrationRunner;
        import dev.icebergops.test.IcebergMigrations;
        import dev.icebergops.test.MigrateTo;
        import org.junit.jupiter.api.MethodOrderer;
        import org.junit.jupiter.api.Test;
        import org.junit.jupiter.api.TestMethodOrder;

        @IcebergMigrations(locations = "%2$s"%6$s)
        @TestMethodOrder(MethodOrderer.MethodName.class) // test1, the one that checks, runs first
        public class %3$s {
        %4$s  private static void startsAt(MigrationRunner runner) {
            String current = runner.current().orElse("none");
            if (!current.equals("%5$s")) {
              throw new AssertionError("Expecting the namespace at %5$s but was at " + current);
            }
          }
        }
        """
        .formatted(PACKAGE, location, name, tests, expected, attributes);
  }

  private static String suiteClass(String name, int n) {
    return suiteClass(name, Chains.location(n), "");
  }

  /** A MigrationSuite class of the chain at {@code location}, with more attributes as above. */
  static String suiteClass(String name, String location, String attributes) {
    return """
        package %s;

        import dev.icebergops.test.IcebergMigrations;
        import dev.icebergops.test.MigrationSuite;

        @IcebergMigrations(locations = "%s"%s)
        public class %s implements MigrationSuite {}
        """
        .formatted(PACKAGE, location, attributes, name);
  }
}
