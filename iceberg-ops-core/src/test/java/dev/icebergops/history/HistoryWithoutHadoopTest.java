package dev.icebergops.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.icebergops.history.HistoryRecord.Status;
import dev.icebergops.history.internal.HistoryFiles;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.SharedEnvironment;
import java.io.File;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.catalog.Catalog;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The history on the class path a user's deploy job gets from iceberg-ops-core alone: Parquet
 * without Hadoop, no ORC. The code runs in a class loader over this test's class path without those
 * jars ({@link LeanClassPathProbe}), against the same catalog and store as the test.
 */
@ExtendWith(SharedEnvironment.class)
class HistoryWithoutHadoopTest {

  /** The jars a user's class path lacks when it holds iceberg-ops-core and its dependencies. */
  private static final Pattern NOT_IN_CORE =
      Pattern.compile("(iceberg-orc|orc-|hadoop-|parquet-avro|parquet-variant)" + "[^/]*\\.jar");

  private IcebergTestEnvironment environment;
  private Catalog catalog;
  private String meta;

  @BeforeEach
  void setUp(IcebergTestEnvironment environment) {
    this.environment = environment;
    catalog = environment.catalog();
    meta = "_ops_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
  }

  @Test
  void theClassLoaderHasParquetButLacksHadoopOrcAndTheCodecs() throws IOException {
    try (URLClassLoader lean = leanClassLoader()) {
      for (String name :
          List.of(
              "org.apache.orc.TypeDescription",
              "org.apache.iceberg.orc.ORC",
              "org.apache.hadoop.conf.Configuration",
              "org.apache.parquet.avro.AvroReadSupport")) {
        assertThatThrownBy(() -> Class.forName(name, false, lean))
            .as(name)
            .isInstanceOf(ClassNotFoundException.class);
      }
      for (String name :
          List.of(
              "org.apache.iceberg.avro.Avro",
              "org.apache.iceberg.parquet.ParquetReader",
              "org.apache.parquet.hadoop.ParquetFileWriter")) {
        assertThat(Class.forName(name, false, lean).getClassLoader()).as(name).isSameAs(lean);
      }
    } catch (ClassNotFoundException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void historyIsWrittenInParquetAndReadWithoutHadoop() throws Exception {
    assertThat(probe(Map.of(LeanClassPathProbe.RECORD, "0001"))).isEqualTo("0001 applied");
    assertThat(probe(Map.of(LeanClassPathProbe.RECORD, "0002")))
        .isEqualTo("0001 applied, 0002 applied");

    // any engine with the usual readers reads the same rows from the Parquet files
    Table table = catalog.loadTable(new MigrationHistory(catalog, meta).tableIdentifier());
    assertThat(AnotherEngine.dataFiles(table))
        .extracting(DataFile::format)
        .containsOnly(FileFormat.PARQUET);
    assertThat(AnotherEngine.readAll(table))
        .extracting(row -> row.getField("version"))
        .containsExactlyInAnyOrder("0001", "0002");
  }

  @Test
  void anAvroEraTableIsReadAndUpgradedWithoutHadoop() throws Exception {
    MigrationHistory history = new MigrationHistory(catalog, meta);
    Table old = AvroEraHistory.create(catalog, history.tableIdentifier());
    AvroEraHistory.append(
        old,
        "sales",
        List.of(
            new HistoryRecord(
                "0001", "sales", "first", Status.APPLIED, null, "sum", Instant.EPOCH, 1L)),
        null);
    assertThat(probe(Map.of())).isEqualTo("0001 applied");

    assertThat(probe(Map.of(LeanClassPathProbe.RECORD, "0002")))
        .isEqualTo("0001 applied, 0002 applied");

    Table table = catalog.loadTable(history.tableIdentifier());
    assertThat(table.properties()).containsEntry(HistoryFiles.LAYOUT_VERSION_PROPERTY, "4");
    assertThat(AnotherEngine.dataFiles(table))
        .extracting(DataFile::format)
        .containsOnly(FileFormat.PARQUET);
  }

  @Test
  void aCompressedParquetFileIsReadWithHadoopAndReportedWithoutIt() throws Exception {
    MigrationHistory history = new MigrationHistory(catalog, meta);
    TestWrites.record(
        history,
        new HistoryRecord("0001", "sales", "first", Status.APPLIED, null, "sum", Instant.EPOCH, 1L),
        null);
    Table table = catalog.loadTable(history.tableIdentifier());
    // another engine rewrites the partition with its own codec, ignoring the table's property
    table.updateProperties().set(TableProperties.PARQUET_COMPRESSION, "zstd").commit();
    DataFile zstd = AnotherEngine.overwritePartition(table, AnotherEngine.readAll(table));

    assertThat(history.read("sales")).extracting(HistoryRecord::version).containsExactly("0001");
    assertThat(probe(Map.of()))
        .isEqualTo(
            "java.lang.IllegalStateException: Cannot read migration history "
                + history.tableIdentifier()
                + ": data file "
                + zstd.location()
                + " is Parquet compressed with ZSTD, which parquet-java decompresses through"
                + " Hadoop's codec classes; add org.apache.hadoop:hadoop-common to the class path");
  }

  @Test
  void aDeleteFileIsReadWithTheGenericReaderAndReportedWithoutIt() throws Exception {
    MigrationHistory history = new MigrationHistory(catalog, meta);
    for (String version : List.of("0001", "0002")) {
      TestWrites.record(
          history,
          new HistoryRecord(version, "sales", "v", Status.APPLIED, null, "sum", Instant.EPOCH, 1L),
          null);
    }
    Table table = catalog.loadTable(history.tableIdentifier());
    DataFile first = AnotherEngine.dataFiles(table).get(0);
    DeleteFile deletes = AnotherEngine.positionDelete(table, first.location(), 0);
    table.newRowDelta().addDeletes(deletes).commit();

    assertThat(history.read("sales")).hasSize(1);
    assertThat(probe(Map.of()))
        .isEqualTo(
            "java.lang.IllegalStateException: Cannot read migration history "
                + history.tableIdentifier()
                + ": delete file "
                + deletes.location()
                + " is PARQUET and needs Iceberg's generic reader; add"
                + " org.apache.iceberg:iceberg-orc, org.apache.hadoop:hadoop-common and"
                + " org.apache.hadoop:hadoop-mapreduce-client-core to the class path");
  }

  /** Runs {@link LeanClassPathProbe} in the lean class loader with the catalog's properties. */
  private String probe(Map<String, String> arguments) throws Exception {
    Map<String, String> all = new HashMap<>(environment.catalogProperties());
    all.putAll(arguments);
    all.put(LeanClassPathProbe.META, meta);
    Thread thread = Thread.currentThread();
    ClassLoader previous = thread.getContextClassLoader();
    try (URLClassLoader lean = leanClassLoader()) {
      thread.setContextClassLoader(lean);
      @SuppressWarnings("unchecked")
      Function<Map<String, String>, String> probe =
          (Function<Map<String, String>, String>)
              Class.forName(LeanClassPathProbe.class.getName(), true, lean)
                  .getConstructor()
                  .newInstance();
      return probe.apply(all);
    } finally {
      thread.setContextClassLoader(previous);
    }
  }

  /** This test's class path without Parquet, ORC and Hadoop, over the JDK's platform classes. */
  private static URLClassLoader leanClassLoader() throws MalformedURLException {
    List<URL> urls = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      if (!entry.isBlank() && !NOT_IN_CORE.matcher(Path.of(entry).getFileName() + "").matches()) {
        urls.add(Path.of(entry).toUri().toURL());
      }
    }
    return new URLClassLoader(
        "iceberg-ops-core-only", urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
  }
}
