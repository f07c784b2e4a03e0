package dev.icebergops.test.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.FaultProxy;
import dev.icebergops.testing.HeldWorkerPool;
import dev.icebergops.testing.ProxiedClients;
import dev.icebergops.testing.SharedEnvironment;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.rest.RESTCatalog;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Rows appended as Parquet files on the real REST catalog and S3 store, through a proxy that logs
 * each catalog request.
 */
@ExtendWith(SharedEnvironment.class)
class RowFilesTest {

  private static final Schema SCHEMA =
      new Schema(Types.NestedField.required(1, "id", Types.LongType.get()));

  private FaultProxy proxy;
  private RESTCatalog client;
  private TableIdentifier id;

  @BeforeEach
  void setUp(IcebergTestEnvironment env) throws Exception {
    proxy = FaultProxy.start(env.catalogProperties().get("uri"), Duration.ofSeconds(5));
    client = ProxiedClients.catalogThrough(env, proxy);
    String namespace = SharedEnvironment.freshName("rows");
    env.catalog().createNamespace(Namespace.of(namespace));
    id = TableIdentifier.of(namespace, "items");
    env.catalog().createTable(id, SCHEMA);
  }

  @AfterEach
  void tearDown() throws Exception {
    client.close();
    proxy.close();
  }

  @Test
  void anAppendRightAfterLoadingCommitsWithoutReadingTheTableAgain() {
    Table items = client.loadTable(id);
    proxy.clearLog();

    RowFiles.append(items, List.of(row(1)));

    assertThat(tableRequests())
        .as("catalog requests of the append")
        .singleElement()
        .asString()
        .startsWith("POST ");
    assertThat(ids(client.loadTable(id))).containsExactly(1L);
    assertThat(items.currentSnapshot()).as("the table's snapshot after its append").isNotNull();
  }

  @Test
  void anAppendFromATableAnotherWriterChangedIsRefusedThenAppliedOnTheTableReadAnew() {
    Table first = client.loadTable(id);
    Table second = client.loadTable(id);
    RowFiles.append(first, List.of(row(1)));
    proxy.clearLog();

    RowFiles.append(second, List.of(row(2)));

    assertThat(tableRequests())
        .as("catalog requests of the append from the older table")
        .satisfiesExactly(
            refused -> assertThat(refused).startsWith("POST "),
            read -> assertThat(read).startsWith("GET "),
            landed -> assertThat(landed).startsWith("POST "));
    assertThat(ids(client.loadTable(id))).containsExactlyInAnyOrder(1L, 2L);
  }

  @Test
  @Timeout(value = 5, unit = TimeUnit.MINUTES) // only an append that waits for the pool gets there
  void anAppendDoesItsManifestWorkWithoutIcebergsWorkerPool() throws Exception {
    Table items = client.loadTable(id);
    try (HeldWorkerPool held = HeldWorkerPool.hold()) {
      RowFiles.append(items, List.of(row(1), row(2)));
    }

    assertThat(ids(client.loadTable(id))).containsExactlyInAnyOrder(1L, 2L);
  }

  @Test
  void filesOfTwoPartitionSpecsLandInOneAppend() {
    Table items = client.loadTable(id);
    List<DataFile> files = new ArrayList<>(RowFiles.write(items, List.of(row(1))));
    items.updateSpec().addField(Expressions.bucket("id", 4)).commit();
    files.addAll(RowFiles.write(items, List.of(row(2), row(3))));

    RowFiles.commit(items, items.newFastAppend(), files);

    Table read = client.loadTable(id);
    assertThat(specIds(read)).as("the spec of each file").containsExactlyInAnyOrder(0, 1, 1);
    assertThat(ids(read)).containsExactlyInAnyOrder(1L, 2L, 3L);
  }

  @Test
  void anAppendToAFormatOneTableAddsItsFilesAsTheyAre() {
    TableIdentifier v1 = TableIdentifier.of(id.namespace(), "items_v1");
    Table items =
        client.createTable(
            v1, SCHEMA, PartitionSpec.unpartitioned(), Map.of(TableProperties.FORMAT_VERSION, "1"));

    RowFiles.append(items, List.of(row(1)));

    assertThat(ids(client.loadTable(v1))).containsExactly(1L);
  }

  private List<String> tableRequests() {
    return proxy.requests().stream()
        .filter(r -> r.matches("[A-Z]+ /v1/namespaces/[^/]+/tables/items[ ?].*"))
        .toList();
  }

  private static Record row(long value) {
    Record record = GenericRecord.create(SCHEMA);
    record.setField("id", value);
    return record;
  }

  private static List<Integer> specIds(Table table) {
    List<Integer> specs = new ArrayList<>();
    try (CloseableIterable<FileScanTask> tasks = table.newScan().planFiles()) {
      tasks.forEach(task -> specs.add(task.file().specId()));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return specs;
  }

  private static List<Long> ids(Table table) {
    List<Long> ids = new ArrayList<>();
    try (CloseableIterable<Record> rows = IcebergGenerics.read(table).build()) {
      rows.forEach(r -> ids.add((Long) r.getField("id")));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return ids;
  }
}
