package dev.icebergops.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.history.MigrationHistory;
import dev.icebergops.runner.PreviewFixtures.V0001__CreateOrders;
import dev.icebergops.runner.PreviewFixtures.V0003__AddRegion;
import dev.icebergops.runner.PreviewFixtures.V0006__PartitionByRegion;
import dev.icebergops.snapshot.ShapeSnapshot;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.SharedEnvironment;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A snapshot of a drifted namespace on the real REST catalog + S3, exported to files and registered
 * in another namespace: the field ids, spec, sort order and safe properties come back as they were,
 * the history rows make the same versions pending, and no secret reaches the files.
 */
@ExtendWith(SharedEnvironment.class)
class ShapeSnapshotTest {

  private static final String SECRET = "wJalrXUtnFEMI-K7MDENG-bPxRfiCYEXAMPLEKEY";
  private static final String SIGNED =
      "https://bucket.s3.amazonaws.com/a?X-Amz-Credential=AKIA&X-Amz-Signature=abcdef123456";

  private IcebergTestEnvironment environment;
  private OwnHistory own;
  private Table orders;

  @BeforeEach
  void setUp(IcebergTestEnvironment environment) {
    this.environment = environment;
    own = OwnHistory.create(environment, "snap");
    own.runner(V0001__CreateOrders.class, V0003__AddRegion.class).migrate();
    orders = own.catalog().loadTable(TableIdentifier.of(own.namespace(), "orders"));
    // production's drift: a column added and another dropped by hand, so ids are no longer dense
    orders.updateSchema().addColumn("added_by_hand", Types.StringType.get()).commit();
    orders.updateSchema().deleteColumn("note").commit();
    orders.replaceSortOrder().asc("id").commit();
    orders
        .updateProperties()
        .set("s3.secret-access-key", SECRET)
        .set("audit.callback", SIGNED)
        .set("owner.url", "https://alice:hunter2pass@wiki.example.com/sales")
        .set("commit.retry.num-retries", "3")
        .commit();
    orders.refresh();
  }

  @Test
  void theFilesHoldTheShapeAndHistoryButNoSecretOrSignedUrl(@TempDir Path dir) throws IOException {
    ShapeSnapshot.export(own.catalog(), own.namespace(), history()).writeTo(dir);

    String all = allText(dir);
    assertThat(all).doesNotContain(SECRET, "X-Amz-Signature", "hunter2pass", "s3://");
    assertThat(dir.resolve("tables/orders.json")).exists();
    assertThat(Files.readString(dir.resolve("snapshot.json")))
        .contains("\"version\" : \"0003\"")
        .contains("orders.s3.secret-access-key", "orders.audit.callback");
    assertThat(Files.readString(dir.resolve("tables/orders.json")))
        .contains("\"added_by_hand\"", "https://****@wiki.example.com/sales")
        .doesNotContain("\"snapshots\"", "\"metadata-log\"", "\"location\"");
    assertThat(Files.readString(dir.resolve("history.json"))).contains("\"0001\"", "\"0003\"");
  }

  @Test
  void aRegisteredSnapshotKeepsFieldIdsSpecSortOrderAndPendingVersions(@TempDir Path dir) {
    ShapeSnapshot.export(own.catalog(), own.namespace(), history()).writeTo(dir);
    OwnHistory copy = OwnHistory.create(environment, "copy");

    MigrationRunner runner =
        copy.runner(
            V0001__CreateOrders.class, V0003__AddRegion.class, V0006__PartitionByRegion.class);
    ShapeSnapshot.read(dir.toString()).registerIn(runner);

    Table registered = copy.catalog().loadTable(TableIdentifier.of(copy.namespace(), "orders"));
    assertThat(registered.schema().asStruct()).isEqualTo(orders.schema().asStruct());
    assertThat(registered.schema().highestFieldId()).isEqualTo(orders.schema().highestFieldId());
    assertThat(registered.spec().fields()).isEqualTo(orders.spec().fields());
    assertThat(registered.sortOrder().fields()).isEqualTo(orders.sortOrder().fields());
    assertThat(registered.properties())
        .containsEntry("commit.retry.num-retries", "3")
        .doesNotContainKeys("s3.secret-access-key", "audit.callback");
    assertThat(registered.currentSnapshot()).isNull();
    assertThat(registered.location()).doesNotStartWith(orders.location());
    assertThat(runner.current()).contains("0003");
    assertThat(runner.migrate().versions()).containsExactly("0006");
  }

  private MigrationHistory history() {
    return new MigrationHistory(own.catalog(), own.meta());
  }

  private static String allText(Path dir) throws IOException {
    StringBuilder text = new StringBuilder();
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path file : files.filter(Files::isRegularFile).toList()) {
        text.append(Files.readString(file));
      }
    }
    return text.toString();
  }
}
