package com.acme.sales;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.snapshot.ShapeSnapshot;
import dev.icebergops.test.IcebergMigrations;
import dev.icebergops.test.MigrateTo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The guide's production snapshot ({@code src/test/resources/snapshots/prod/sales}, which {@link
 * SalesOnProductionShapeTest} starts from) is what {@code iceberg-ops snapshot export} writes for
 * sales at 0002: built on the real REST catalog, exported, and compared file by file once the
 * namespace's name and what every export changes (times, durations, run ids, checksums) are fixed.
 * With {@code -Dsnapshots.update=true} the files are rewritten instead.
 */
@IcebergMigrations(locations = "classpath:com/acme/sales/db/iceberg", checkDowngrade = false)
class ProductionSnapshotFilesTest {

  private static final Path COMMITTED = Path.of("src/test/resources/snapshots/prod/sales");

  @Test
  @MigrateTo("0000")
  void theProductionSnapshotIsTheExportersOutputAt0002(
      MigrationRunner runner, @TempDir Path exported) throws IOException {
    runner.migrate("0002");
    ShapeSnapshot.export(runner.catalog(), runner.namespace(), runner.historyTable())
        .writeTo(exported);
    Map<String, String> actual = new TreeMap<>();
    files(exported).forEach((file, text) -> actual.put(file, fixed(text, runner.namespace())));
    if (Boolean.getBoolean("snapshots.update")) {
      for (Map.Entry<String, String> file : actual.entrySet()) {
        Files.createDirectories(COMMITTED.resolve(file.getKey()).getParent());
        Files.writeString(COMMITTED.resolve(file.getKey()), file.getValue());
      }
    }
    assertThat(actual)
        .as("the exporter's output, fixed (rewrite the fixture with -Dsnapshots.update=true)")
        .isEqualTo(files(COMMITTED));
  }

  private static String fixed(String text, String namespace) {
    return text.replace(namespace, "sales")
        .replaceAll("\"updated_at\" : \"[^\"]*\"", "\"updated_at\" : \"2026-11-02T09:15:00Z\"")
        .replaceAll("\"duration_ms\" : \\d+", "\"duration_ms\" : 100")
        .replaceAll("\"(run_id|checksum)\" : \"[^\"]*\"", "\"$1\" : null");
  }

  private static Map<String, String> files(Path dir) throws IOException {
    Map<String, String> files = new TreeMap<>();
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path file : walk.filter(Files::isRegularFile).toList()) {
        files.put(dir.relativize(file).toString().replace('\\', '/'), Files.readString(file));
      }
    }
    return files;
  }
}
