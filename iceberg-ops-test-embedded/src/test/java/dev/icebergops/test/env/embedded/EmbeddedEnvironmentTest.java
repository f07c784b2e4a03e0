package dev.icebergops.test.env.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.iceberg.CatalogUtil;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.exceptions.CommitFailedException;
import org.apache.iceberg.rest.RESTCatalog;
import org.apache.iceberg.view.View;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Object;

class EmbeddedEnvironmentTest {
  /** The hang bound of docs/reliability.md ("Under load"): it ends a real hang, not a slow run. */
  private static final long HANG_MINUTES = 10;

  private static final AtomicInteger NAMESPACES = new AtomicInteger();
  private static final Schema SCHEMA = ParquetRows.SCHEMA;

  private static EmbeddedEnvironment env;

  @BeforeAll
  static void startEnvironment() {
    env = EmbeddedEnvironment.create();
    env.start();
  }

  @AfterAll
  static void closeEnvironment() {
    env.close();
  }

  @Test
  void startServesARestCatalogThatItsPropertiesAloneConnectTo() throws IOException {
    assertThat(env.catalog()).isInstanceOf(RESTCatalog.class);
    assertThat(env.catalogProperties())
        .containsEntry("type", "rest")
        .containsEntry("io-impl", "org.apache.iceberg.aws.s3.S3FileIO")
        .containsEntry("warehouse", "s3://warehouse/warehouse")
        .containsEntry("s3.endpoint", env.s3Endpoint())
        .containsEntry("s3.path-style-access", "true")
        .containsEntry("rest-metrics-reporting-enabled", "false")
        .containsKeys("s3.access-key-id", "s3.secret-access-key", "client.region")
        .hasEntrySatisfying("uri", uri -> assertThat(uri).startsWith("http://127.0.0.1:"));

    Namespace namespace = newNamespace();
    TableIdentifier id = TableIdentifier.of(namespace, "orders");
    env.catalog().createTable(id, SCHEMA);
    assertThat(env.catalog().listTables(namespace)).containsExactly(id);

    Catalog other = CatalogUtil.buildIcebergCatalog("other", env.catalogProperties(), null);
    try {
      assertThat(other).isInstanceOf(RESTCatalog.class).isNotSameAs(env.catalog());
      Table loaded = other.loadTable(id);
      assertThat(loaded.schema().sameSchema(SCHEMA)).isTrue();
    } finally {
      ((RESTCatalog) other).close();
    }
  }

  @Test
  void restClientCreatesLoadsReplacesAndDropsAView() {
    Namespace namespace = newNamespace();
    TableIdentifier id = TableIdentifier.of(namespace, "recent_orders");
    RESTCatalog catalog = env.catalog();
    catalog
        .buildView(id)
        .withSchema(SCHEMA)
        .withDefaultNamespace(namespace)
        .withQuery("spark", "SELECT * FROM orders")
        .create();

    View replaced =
        env.newCatalogClient("other")
            .buildView(id)
            .withSchema(SCHEMA)
            .withDefaultNamespace(namespace)
            .withQuery("spark", "SELECT * FROM orders WHERE id > 1")
            .replace();

    View loaded = catalog.loadView(id);
    assertThat(loaded.uuid()).isEqualTo(replaced.uuid());
    assertThat(loaded.currentVersion().versionId()).isEqualTo(2);
    assertThat(loaded.sqlFor("spark").sql()).isEqualTo("SELECT * FROM orders WHERE id > 1");
    assertThat(catalog.listViews(namespace)).containsExactly(id);
    assertThat(catalog.dropView(id)).isTrue();
    assertThat(catalog.viewExists(id)).isFalse();
  }

  @Test
  void newCatalogClientIsAnIndependentClientOfTheSameCatalog() {
    Namespace namespace = newNamespace();
    TableIdentifier id = TableIdentifier.of(namespace, "events");
    env.catalog().createTable(id, SCHEMA);

    RESTCatalog client = env.newCatalogClient("writer-2");

    assertThat(client).isNotSameAs(env.catalog());
    assertThat(client.name()).isEqualTo("writer-2");
    assertThat(client.loadTable(id).uuid()).isEqualTo(env.catalog().loadTable(id).uuid());
  }

  @Test
  void independentClientsCommitConcurrentlyWithoutLosingOrInventingChanges() throws Exception {
    Namespace namespace = newNamespace();
    TableIdentifier id = TableIdentifier.of(namespace, "counters");
    env.catalog().createTable(id, SCHEMA);
    int writers = 4;
    ExecutorService pool = Executors.newFixedThreadPool(writers);
    try {
      List<Future<Map<String, Boolean>>> results = new ArrayList<>();
      for (int w = 0; w < writers; w++) {
        RESTCatalog client = env.newCatalogClient("writer-" + w);
        String writer = "w" + w;
        results.add(pool.submit(() -> setProperties(client, id, writer, 5)));
      }
      Map<String, Boolean> committed = new HashMap<>();
      for (Future<Map<String, Boolean>> result : results) {
        committed.putAll(result.get(HANG_MINUTES, TimeUnit.MINUTES));
      }

      Map<String, String> properties = env.catalog().loadTable(id).properties();
      committed.forEach(
          (key, success) -> assertThat(properties.containsKey(key)).as(key).isEqualTo(success));
      assertThat(committed).containsValue(true);
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void writersOnTheirOwnTablesAllCommitAtTheSameTime() throws Exception {
    assertThat(ConcurrentTableWriters.failures(env, newNamespace(), 4, 25))
        .as("writers whose commits the catalog refused")
        .isEmpty();
  }

  @Test
  void dataCommitsReachTheStoreWithoutARetriedRequest() throws IOException {
    Namespace namespace = newNamespace();
    TableIdentifier id = TableIdentifier.of(namespace, "appended");
    Table table = env.newCatalogClient("appender").createTable(id, SCHEMA);
    long[] before = StoreRequestAttempts.snapshot();

    for (long row = 0; row < 20; row++) {
      DataFile file = ParquetRows.write(table, List.of(ParquetRows.row(row, "row " + row)));
      table.newFastAppend().appendFile(file).commit();
    }

    long[] after = StoreRequestAttempts.snapshot();
    long requests = after[0] - before[0];
    assertThat(requests).as("store requests of 20 data commits").isGreaterThanOrEqualTo(60);
    assertThat(after[1] - before[1])
        .as("attempts of those %d requests (a retry is a connection the store dropped)", requests)
        .isEqualTo(requests);
  }

  @Test
  void tableMetadataLivesInTheBucket() {
    Namespace namespace = newNamespace();
    Table table = env.catalog().createTable(TableIdentifier.of(namespace, "customers"), SCHEMA);
    String location = "warehouse/" + namespace + "/customers";
    assertThat(table.location()).isEqualTo("s3://" + env.bucket() + "/" + location);
    String prefix = location + "/";

    List<String> keys = listKeys(prefix);

    String metadataFile =
        ((HasTableOperations) table).operations().current().metadataFileLocation();
    String metadataKey = metadataFile.substring(("s3://" + env.bucket() + "/").length());
    assertThat(keys).contains(metadataKey);
    assertThat(keys).allMatch(key -> key.startsWith(prefix + "metadata/"));
  }

  @Test
  void parquetDataWrittenThroughS3FileIoReadsBack() throws IOException {
    Namespace namespace = newNamespace();
    Table table = env.catalog().createTable(TableIdentifier.of(namespace, "payments"), SCHEMA);
    List<Record> rows =
        List.of(
            ParquetRows.row(1L, "alice"), ParquetRows.row(2L, "bob"), ParquetRows.row(3L, null));

    DataFile dataFile = ParquetRows.write(table, rows);
    table.newAppend().appendFile(dataFile).commit();

    assertThat(dataFile.format()).isEqualTo(FileFormat.PARQUET);
    assertThat(dataFile.location()).startsWith(table.location() + "/data/").endsWith(".parquet");
    assertThat(dataFile.recordCount()).isEqualTo(3);
    try (InputStream in = table.io().newInputFile(dataFile.location()).newStream()) {
      assertThat(in.readNBytes(4)).asString().isEqualTo("PAR1");
    }

    Table reloaded =
        env.newCatalogClient("reader").loadTable(TableIdentifier.of(namespace, "payments"));
    assertThat(ParquetRows.readAll(reloaded)).containsExactlyInAnyOrderElementsOf(rows);
  }

  @Test
  void closeStopsBothServers() throws IOException {
    EmbeddedEnvironment own = EmbeddedEnvironment.create().withBucket("closing");
    own.start();
    RESTCatalog catalog = own.catalog();
    own.start();
    assertThat(own.catalog()).as("start() is idempotent").isSameAs(catalog);
    int catalogPort = URI.create(own.catalogProperties().get("uri")).getPort();
    int s3Port = URI.create(own.s3Endpoint()).getPort();
    assertThat(accepts(catalogPort)).isTrue();
    assertThat(accepts(s3Port)).isTrue();

    own.close();

    assertThat(accepts(catalogPort)).as("catalog port after close").isFalse();
    assertThat(accepts(s3Port)).as("S3 port after close").isFalse();
    assertThatThrownBy(own::catalog)
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("Cannot use catalog: environment closed");
    assertThatThrownBy(own::start)
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("Cannot start environment: already closed");
    own.close();
  }

  /** Sets {@code count} properties one commit each; returns which commits succeeded. */
  private static Map<String, Boolean> setProperties(
      Catalog client, TableIdentifier id, String prefix, int count) {
    Map<String, Boolean> committed = new HashMap<>();
    for (int i = 0; i < count; i++) {
      String key = prefix + "." + i;
      try {
        client.loadTable(id).updateProperties().set(key, "x").commit();
        committed.put(key, true);
      } catch (CommitFailedException e) {
        committed.put(key, false);
      }
    }
    return committed;
  }

  private static Namespace newNamespace() {
    Namespace namespace = Namespace.of("ns_" + NAMESPACES.incrementAndGet());
    env.catalog().createNamespace(namespace, new HashMap<>());
    return namespace;
  }

  private static List<String> listKeys(String prefix) {
    try (S3Client s3 =
        S3Client.builder()
            .endpointOverride(URI.create(env.s3Endpoint()))
            .forcePathStyle(true)
            .region(Region.of(EmbeddedEnvironment.REGION))
            .credentialsProvider(
                StaticCredentialsProvider.create(
                    AwsBasicCredentials.create(
                        EmbeddedEnvironment.ACCESS_KEY, EmbeddedEnvironment.SECRET_KEY)))
            .httpClientBuilder(ApacheHttpClient.builder())
            .build()) {
      return s3
          .listObjectsV2Paginator(r -> r.bucket(env.bucket()).prefix(prefix))
          .contents()
          .stream()
          .map(S3Object::key)
          .toList();
    }
  }

  private static boolean accepts(int port) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", port), 1000);
      return true;
    } catch (ConnectException e) {
      return false;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
