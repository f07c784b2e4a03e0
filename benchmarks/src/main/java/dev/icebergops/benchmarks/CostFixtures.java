package dev.icebergops.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The chains and JUnit fixture classes of issue 38's measures ({@link CostMeasures}): for each
 * length of {@link ScaleFixtures#LENGTHS}, a chain {@code bench.f<n>} that no other measure's class
 * uses (so that no class of another measure has built its template in the same JVM) with two
 * classes of tests at its head; a 16-version chain {@code bench.i16} whose version {@value
 * #IRREVERSIBLE} cannot be undone, with a MigrationSuite class that allows it; and a warm-up class
 * at head of the 11-chain, which no measured class shares.
 */
final class CostFixtures {

  /** The length of the chain with an irreversible version in the middle. */
  static final int SET = 16;

  /** The version of {@link #SET}'s chain whose downgrade throws. */
  static final String IRREVERSIBLE = "0008";

  private static final String FIXTURES = "bench.fixtures.";

  /** A warm-up class at head of the 11-chain: it starts the environment, and shares no template. */
  static final String WARM_UP = FIXTURES + "CostWarmUpTest";

  /** The MigrationSuite class of the 16-version set that allows {@link #IRREVERSIBLE}. */
  static final String IRREVERSIBLE_SUITE = FIXTURES + "IrreversibleSuite16Test";

  private CostFixtures() {}

  /** The location of the chain of length n that only the second-class measure uses. */
  static String freshLocation(int n) {
    return "classpath:bench/f" + n;
  }

  /** The location of the 16-version set. */
  static String setLocation() {
    return "classpath:bench/i" + SET;
  }

  /** Class {@code which} (0, then 1) of tests at head of the fresh chain n. */
  static String atHead(int n, int which) {
    return FIXTURES + "FreshHead" + n + "Test" + which;
  }

  /** Writes the chains and the classes under {@code sources}. */
  static List<Path> write(Path sources) throws IOException {
    List<Path> files = new ArrayList<>();
    Path fixtures = sources.resolve("bench/fixtures");
    for (int n : ScaleFixtures.LENGTHS) {
      files.addAll(chain(sources, "bench.f" + n, n, null));
      for (int which = 0; which < 2; which++) {
        String name = ScaleFixtures.simple(atHead(n, which));
        files.add(
            Chains.write(
                fixtures, name, ScaleFixtures.testsAt(name, freshLocation(n), n, false, "")));
      }
    }
    files.addAll(chain(sources, "bench.i" + SET, SET, IRREVERSIBLE));
    String warmUp = ScaleFixtures.simple(WARM_UP);
    files.add(
        Chains.write(
            fixtures, warmUp, ScaleFixtures.testsAt(warmUp, Chains.location(11), 11, false, "")));
    String suite = ScaleFixtures.simple(IRREVERSIBLE_SUITE);
    files.add(
        Chains.write(
            fixtures,
            suite,
            ScaleFixtures.suiteClass(
                suite, setLocation(), ", irreversible = \"" + IRREVERSIBLE + "\"")));
    return files;
  }

  /** Chain n in {@code packageName}; the downgrade of {@code irreversible}, if any, throws. */
  private static List<Path> chain(Path sources, String packageName, int n, String irreversible)
      throws IOException {
    Path dir = Files.createDirectories(sources.resolve(packageName.replace('.', '/')));
    List<Path> files = new ArrayList<>();
    for (int k = 1; k <= n; k++) {
      String source = Chains.migration(packageName, k);
      if (Chains.version(k).equals(irreversible)) {
        source =
            source.replace(
                "ctx.deleteColumn(\"items\", \"c" + k + "\");",
                "throw new dev.icebergops.migration.IrreversibleMigrationException(\"c"
                    + k
                    + " stays\");");
      }
      files.add(Chains.write(dir, Chains.className(k), source));
    }
    return files;
  }
}
