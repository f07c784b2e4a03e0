package dev.icebergops.test;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.snapshot.ShapeSnapshot;
import dev.icebergops.test.fixtures.SnapshotFixtures;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The snapshot fixtures under {@code src/test/resources/snapshots} are what {@code iceberg-ops
 * snapshot export} writes: each test builds the namespace with the chain up to the snapshots'
 * version (plus, for the drifted one, the column production added by hand) on the real REST
 * catalog, exports it with {@link ShapeSnapshot}, and compares with the committed files. What a
 * re-export always changes (the namespace's name, the rows' times, durations, run ids and bytecode
 * checksums) is fixed first. With {@code -Dsnapshots.update=true} the committed files are rewritten
 * instead.
 */
@IcebergMigrations(
    classes = {
      SnapshotFixtures.V0001__CreateOrders.class,
      dev.icebergops.test.fixtures.Sales.V0002__AddRegion.class
    },
    checkDowngrade = false)
class SnapshotFixtureFilesTest {

  private static final Logger LOG = LoggerFactory.getLogger(SnapshotFixtureFilesTest.class);
  private static final Path SNAPSHOTS = Path.of("src", "test", "resources", "snapshots");
  private static final String UPDATE = "snapshots.update";

  @Test
  @MigrateTo("0000")
  void theCleanSnapshotIsTheExportersOutput(MigrationRunner runner, @TempDir Path exported)
      throws IOException {
    runner.migrate("0002");

    matchesExport(runner, exported, SNAPSHOTS.resolve("clean/sales"));
  }

  @Test
  @MigrateTo("0000")
  void theDriftedSnapshotIsTheExportersOutputWithAColumnAddedByHand(
      Catalog catalog, MigrationRunner runner, @TempDir Path exported) throws IOException {
    runner.migrate("0002");
    Table orders = catalog.loadTable(TableIdentifier.of(runner.namespace(), "orders"));
    orders
        .updateSchema()
        .addColumn("discount", Types.StringType.get(), "added by hand in production")
        .commit();

    matchesExport(runner, exported, SNAPSHOTS.resolve("drifted/sales"));
  }

  private static void matchesExport(MigrationRunner runner, Path exported, Path committed)
      throws IOException {
    ShapeSnapshot.export(runner.catalog(), runner.namespace(), runner.historyTable())
        .writeTo(exported);
    Map<String, String> actual = normalized(files(exported), runner.namespace());
    if (Boolean.getBoolean(UPDATE)) {
      rewrite(committed, actual);
      return;
    }
    Map<String, String> expected = files(committed);
    List<String> differences = new ArrayList<>();
    for (String file : union(expected, actual)) {
      String diff = diff(expected.getOrDefault(file, ""), actual.getOrDefault(file, ""));
      if (!diff.isEmpty()) {
        differences.add(file + ":\n" + diff);
      }
    }
    if (!differences.isEmpty()) {
      throw new AssertionFailedError(
          "Expecting the snapshot fixture "
              + committed
              + " to be the exporter's output, but (- committed, + exported):\n"
              + String.join("\n", differences)
              + "\nRun the test with -D"
              + UPDATE
              + "=true to rewrite the fixture, and review the diff");
    }
    assertThat(actual).containsOnlyKeys(expected.keySet());
  }

  /** The files of a directory, by path relative to it, with Unix separators. */
  private static Map<String, String> files(Path dir) throws IOException {
    Map<String, String> files = new TreeMap<>();
    if (!Files.isDirectory(dir)) {
      return files;
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path file : walk.filter(Files::isRegularFile).toList()) {
        files.put(dir.relativize(file).toString().replace('\\', '/'), Files.readString(file));
      }
    }
    return files;
  }

  /** Fixes what every export changes: the namespace, times, durations, run ids, checksums. */
  private static Map<String, String> normalized(Map<String, String> files, String namespace) {
    Map<String, String> fixed = new TreeMap<>();
    files.forEach(
        (file, text) ->
            fixed.put(
                file,
                text.replace(namespace, "sales")
                    .replaceAll(
                        "\"updated_at\" : \"[^\"]*\"", "\"updated_at\" : \"2026-11-02T09:15:00Z\"")
                    .replaceAll("\"duration_ms\" : \\d+", "\"duration_ms\" : 100")
                    .replaceAll("\"run_id\" : \"[^\"]*\"", "\"run_id\" : null")
                    .replaceAll("\"checksum\" : \"[^\"]*\"", "\"checksum\" : null")));
    return fixed;
  }

  private static void rewrite(Path committed, Map<String, String> files) {
    try {
      if (Files.isDirectory(committed)) {
        try (Stream<Path> walk = Files.walk(committed)) {
          for (Path file : walk.filter(Files::isRegularFile).toList()) {
            Files.delete(file);
          }
        }
      }
      for (Map.Entry<String, String> file : files.entrySet()) {
        Path target = committed.resolve(file.getKey());
        Files.createDirectories(target.getParent());
        Files.writeString(target, file.getValue());
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot rewrite the snapshot fixture " + committed, e);
    }
    LOG.warn("Rewrote the snapshot fixture {} from the exporter's output", committed);
  }

  private static List<String> union(Map<String, String> a, Map<String, String> b) {
    TreeMap<String, String> all = new TreeMap<>(a);
    all.putAll(b);
    return List.copyOf(all.keySet());
  }

  /** A line diff (longest common subsequence): "- line" committed only, "+ line" exported only. */
  static String diff(String expected, String actual) {
    String[] a = expected.isEmpty() ? new String[0] : expected.split("\n", -1);
    String[] b = actual.isEmpty() ? new String[0] : actual.split("\n", -1);
    int[][] common = new int[a.length + 1][b.length + 1];
    for (int i = a.length - 1; i >= 0; i--) {
      for (int j = b.length - 1; j >= 0; j--) {
        common[i][j] =
            a[i].equals(b[j])
                ? common[i + 1][j + 1] + 1
                : Math.max(common[i + 1][j], common[i][j + 1]);
      }
    }
    StringBuilder out = new StringBuilder();
    int i = 0;
    int j = 0;
    while (i < a.length || j < b.length) {
      if (i < a.length && j < b.length && a[i].equals(b[j])) {
        i++;
        j++;
      } else if (j < b.length && (i == a.length || common[i][j + 1] >= common[i + 1][j])) {
        out.append("  + ").append(b[j++]).append('\n');
      } else {
        out.append("  - ").append(a[i++]).append('\n');
      }
    }
    return out.toString();
  }
}
