package dev.icebergops.test.env.containers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.icebergops.test.env.embedded.ConcurrentTableWriters;
import dev.icebergops.test.env.embedded.ParquetRows;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.CatalogUtil;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.rest.RESTCatalog;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.containers.Container.ExecResult;
import org.testcontainers.containers.GenericContainer;

/**
 * The containers environment against a real Docker engine: runs only with {@code -Pcontainers},
 * which passes the images and network mode as the system properties read here.
 */
@Tag("containers")
class ContainersEnvironmentTest {
  private static final Logger LOG = LoggerFactory.getLogger(ContainersEnvironmentTest.class);
  private static final Schema SCHEMA = ParquetRows.SCHEMA;

  private static ContainersEnvironment env;

  /** An environment set up by the properties of the {@code containers} profile. */
  static ContainersEnvironment configured() {
    ContainersEnvironment environment = ContainersEnvironment.create();
    String catalogImage = System.getProperty("iceberg-ops.containers.catalog-image");
    String s3Image = System.getProperty("iceberg-ops.containers.s3-image");
    if (catalogImage != null) {
      environment.withCatalogImage(catalogImage);
    }
    if (s3Image != null) {
      environment.withS3Image(s3Image);
    }
    if ("host".equals(System.getProperty("iceberg-ops.containers.network"))) {
      environment.withHostNetwork();
    }
    if ("never".equals(System.getProperty("iceberg-ops.containers.pull"))) {
      environment.withPull(Pull.NEVER);
    }
    return environment;
  }

  @BeforeAll
  static void startEnvironment() {
    env = configured();
    env.start();
  }

  @AfterAll
  static void closeEnvironment() {
    env.close();
  }

  @Test
  void writersOnTheirOwnTablesAllCommitAtTheSameTime() throws Exception {
    Namespace namespace = Namespace.of("side_by_side");
    env.catalog().createNamespace(namespace, new HashMap<>());
    assertThat(ConcurrentTableWriters.failures(env, namespace, 4, 25))
        .as("writers whose commits the catalog refused")
        .isEmpty();
  }

  @Test
  void theCatalogKeepsItsTablesInASqliteFileInWalMode() throws Exception {
    env.catalog().listNamespaces(); // the catalog has opened its database

    GenericContainer<?> catalog = env.catalogContainer();
    assertThat(catalog.getEnvMap())
        .containsEntry("CATALOG_URI", ContainersEnvironment.FIXTURE_DATABASE);
    ExecResult files = catalog.execInContainer("ls", "/tmp");
    assertThat(files.getStdout().lines()).contains("iceberg_catalog.db", "iceberg_catalog.db-wal");
  }

  @Test
  void theCatalogWritesMetadataAndParquetDataIntoTheStoreContainersBucket() throws Exception {
    Namespace namespace = Namespace.of("in_containers");
    env.catalog().createNamespace(namespace, new HashMap<>());
    Table table = env.catalog().createTable(TableIdentifier.of(namespace, "payments"), SCHEMA);
    List<Record> rows = List.of(ParquetRows.row(1L, "alice"), ParquetRows.row(2L, "bob"));
    table.newAppend().appendFile(ParquetRows.write(table, rows)).commit();

    // what the store keeps, seen from inside its container
    ExecResult files =
        env.storeContainer().execInContainer("find", "/data/" + env.bucket(), "-type", "f");
    LOG.info("Files in the store container's bucket {}:\n{}", env.bucket(), files.getStdout());

    String tableDir = "/data/warehouse/warehouse/in_containers/payments/";
    assertThat(table.location()).isEqualTo("s3://warehouse/warehouse/in_containers/payments");
    assertThat(files.getStdout().lines())
        .anyMatch(f -> f.startsWith(tableDir + "metadata/") && f.endsWith(".metadata.json"))
        .anyMatch(f -> f.startsWith(tableDir + "metadata/snap-") && f.endsWith(".avro"))
        .anyMatch(f -> f.startsWith(tableDir + "data/") && f.endsWith(".parquet"));
    Table reloaded =
        env.newCatalogClient("reader").loadTable(TableIdentifier.of(namespace, "payments"));
    assertThat(ParquetRows.readAll(reloaded)).containsExactlyInAnyOrderElementsOf(rows);
  }

  @Test
  void catalogPropertiesAloneConnectAnotherClientTo127001() {
    Map<String, String> properties = env.catalogProperties();
    assertThat(properties)
        .containsEntry("type", "rest")
        .containsEntry("io-impl", "org.apache.iceberg.aws.s3.S3FileIO")
        .containsEntry("warehouse", "s3://warehouse/warehouse")
        .containsEntry("s3.path-style-access", "true")
        .containsEntry("s3.endpoint", env.s3Endpoint())
        .containsEntry("s3.access-key-id", ContainersEnvironment.DEFAULT_ACCESS_KEY)
        // the fixture's multi-table commit is not atomic: runners commit one table at a time
        .containsEntry("iceberg-ops.multi-table-commits", "false");
    if ("host".equals(System.getProperty("iceberg-ops.containers.network"))) {
      assertThat(properties.get("uri")).startsWith("http://127.0.0.1:");
      assertThat(env.s3Endpoint()).startsWith("http://127.0.0.1:");
    }

    Namespace namespace = Namespace.of("other_client");
    env.catalog().createNamespace(namespace, new HashMap<>());
    TableIdentifier id = TableIdentifier.of(namespace, "orders");
    env.catalog().createTable(id, SCHEMA);
    Catalog other = CatalogUtil.buildIcebergCatalog("other", properties, null);
    try {
      assertThat(other.loadTable(id).schema().sameSchema(SCHEMA)).isTrue();
    } finally {
      closeQuietly((RESTCatalog) other);
    }
  }

  @Test
  void closeStopsBothContainers() {
    ContainersEnvironment own = configured().withBucket("closing");
    own.start();
    var store = own.storeContainer();
    assertThat(store.isRunning()).isTrue();
    assertThat(own.catalog().listNamespaces()).isEmpty();

    own.close();

    assertThat(store.isRunning()).as("store after close").isFalse();
    assertThatThrownBy(own::catalog)
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("Cannot use catalog: environment closed");
  }

  @Test
  void aMissingImageFailsTheStartNamingTheImage() {
    ContainersEnvironment missing =
        configured().withCatalogImage("iceberg-ops/no-such-image:0").withPull(Pull.NEVER);

    assertThatThrownBy(missing::start)
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith(
            "Cannot start containers environment (catalog iceberg-ops/no-such-image:0, S3 ")
        .hasMessageEndingWith(
            ":\n  - iceberg-ops.containers.catalog-image (withCatalogImage) naming an image the"
                + " engine has, or build or load iceberg-ops/no-such-image:0 there: it is not on"
                + " the engine and images are never pulled");
    missing.close();
  }

  private static void closeQuietly(RESTCatalog catalog) {
    try {
      catalog.close();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
