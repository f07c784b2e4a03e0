package dev.icebergops.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.icebergops.history.HistoryRecord.Status;
import dev.icebergops.history.internal.HistoryFiles;
import dev.icebergops.migration.Migration;
import dev.icebergops.migration.MigrationSource;
import dev.icebergops.runner.FailureFixtures.V0001__CreateT;
import dev.icebergops.runner.FailureFixtures.V0002__AddA;
import dev.icebergops.runner.FailureFixtures.V0003__AddB;
import dev.icebergops.runner.MigrationRunner;
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
import java.util.stream.Collectors;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.expressions.Expressions;
import org.junit.jupiter.api.AfterAll;
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

  /**
   * What a class path lacks that holds iceberg-ops-core and the jars the generic reader's remedy
   * used to name (iceberg-orc, hadoop-common, hadoop-mapreduce-client-core), but not parquet-avro.
   */
  private static final Pattern NOT_IN_CORE_WITH_HADOOP =
      Pattern.compile("(parquet-avro|parquet-variant)[^/]*\\.jar");

  /**
   * The class's lean class loaders, one per set of absent jars: each loads Iceberg, Parquet and the
   * S3 client anew, seconds of a test's time.
   */
  private static final Map<Pattern, URLClassLoader> LOADERS = new HashMap<>();

  private IcebergTestEnvironment environment;
  private Catalog catalog;
  private String meta;

  @BeforeEach
  void setUp(IcebergTestEnvironment environment) {
    this.environment = environment;
    catalog = environment.catalog();
    meta = "_ops_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
  }

  @AfterAll
  static void closeLoaders() throws IOException {
    for (URLClassLoader loader : LOADERS.values()) {
      loader.close();
    }
  }

  @Test
  void theClassLoaderHasParquetButLacksHadoopOrcAndTheCodecs() {
    ClassLoader lean = leanClassLoader(NOT_IN_CORE);
    try {
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
    assertThat(table.properties()).containsEntry(HistoryFiles.LAYOUT_VERSION_PROPERTY, "6");
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
  void aPositionDeleteFileOfAnotherEngineIsAppliedWithoutHadoop() throws Exception {
    Table table = historyOf("0001", "0002");
    DataFile second = fileOf(table, "0002");
    table.newRowDelta().addDeletes(AnotherEngine.positionDelete(table, second, 0)).commit();

    assertThat(probe(Map.of())).isEqualTo("0001 applied");
    // the next write rewrites the namespace's rows, the deleted one left out
    assertThat(probe(Map.of(LeanClassPathProbe.RECORD, "0003")))
        .isEqualTo("0001 applied, 0003 applied");
    table.refresh();
    assertThat(AnotherEngine.readAll(table))
        .extracting(row -> row.getField("version"))
        .containsExactlyInAnyOrder("0001", "0003");
  }

  @Test
  void statusAndValidateReadTheRowsAnotherEnginesDeleteLeaves() throws Exception {
    String namespace = "lean_" + meta.substring("_ops_".length());
    List<Class<? extends Migration>> chain =
        List.of(V0001__CreateT.class, V0002__AddA.class, V0003__AddB.class);
    MigrationRunner.builder(catalog)
        .namespace(namespace)
        .metaNamespace(meta)
        .source(MigrationSource.of(chain))
        .build()
        .migrate();
    // a merge-on-read DELETE of 0003's row, as Spark's: a position delete file
    Table table = catalog.loadTable(new MigrationHistory(catalog, meta).tableIdentifier());
    for (DataFile file : AnotherEngine.dataFiles(table)) {
      List<Record> rows = AnotherEngine.readFile(table, file);
      for (int position = 0; position < rows.size(); position++) {
        if ("0003".equals(rows.get(position).getField("version"))) {
          table
              .newRowDelta()
              .addDeletes(AnotherEngine.positionDelete(table, file, position))
              .commit();
        }
      }
    }

    assertThat(
            probe(
                Map.of(
                    LeanClassPathProbe.NAMESPACE,
                    namespace,
                    LeanClassPathProbe.MIGRATIONS,
                    chain.stream().map(Class::getName).collect(Collectors.joining(",")))))
        .isEqualTo("0001 applied, 0002 applied, 0003 pending; valid");
  }

  @Test
  void aPositionDeleteFileIsAppliedWithTheJarsTheGenericReaderWasSaidToNeed() throws Exception {
    Table table = historyOf("0001", "0002");
    DataFile first = fileOf(table, "0001");
    table.newRowDelta().addDeletes(AnotherEngine.positionDelete(table, first, 0)).commit();

    // Hadoop and ORC there, parquet-avro not: the generic reader failed on AvroReadSupport
    assertThat(probe(Map.of(), NOT_IN_CORE_WITH_HADOOP)).isEqualTo("0002 applied");
  }

  @Test
  void anEqualityDeleteFileOfAnotherEngineIsAppliedWithoutHadoop() throws Exception {
    Table table = historyOf("0001", "0002", "0003");
    Record second = AnotherEngine.readFile(table, fileOf(table, "0002")).get(0);
    table
        .newRowDelta()
        .addDeletes(AnotherEngine.equalityDelete(table, second, "namespace", "version"))
        .commit();

    assertThat(probe(Map.of())).isEqualTo("0001 applied, 0003 applied");
  }

  @Test
  void aDeletionVectorOfAnotherEngineIsAppliedWithoutHadoop() throws Exception {
    Table table = historyOf("0001", "0002");
    table.updateProperties().set(TableProperties.FORMAT_VERSION, "3").commit();
    DataFile first = fileOf(table, "0001");
    DeleteFile vector = AnotherEngine.deletionVector(table, first.location(), 0);
    assertThat(vector.format()).isEqualTo(FileFormat.PUFFIN);
    table.newRowDelta().addDeletes(vector).commit();

    assertThat(probe(Map.of())).isEqualTo("0002 applied");
  }

  @Test
  void aPositionDeleteOnAnAvroEraFileIsAppliedWithoutHadoop() throws Exception {
    MigrationHistory history = new MigrationHistory(catalog, meta);
    Table table = AvroEraHistory.create(catalog, history.tableIdentifier());
    DataFile avro =
        AvroEraHistory.append(
            table,
            "sales",
            List.of(
                new HistoryRecord(
                    "0001", "sales", "v", Status.APPLIED, null, "s", Instant.EPOCH, 1L),
                new HistoryRecord(
                    "0002", "sales", "v", Status.APPLIED, null, "s", Instant.EPOCH, 1L)),
            null);
    // the engine follows the table's codec, as on a table of this release's layout
    table.updateProperties().set(TableProperties.PARQUET_COMPRESSION, "uncompressed").commit();
    table.newRowDelta().addDeletes(AnotherEngine.positionDelete(table, avro, 0)).commit();

    assertThat(probe(Map.of())).isEqualTo("0002 applied");
  }

  @Test
  void aCompressedDeleteFileIsReportedNamingItAndItsCodecWithoutHadoop() throws Exception {
    Table table = historyOf("0001", "0002");
    // another engine writes its delete files with its own codec
    table.updateProperties().set(TableProperties.DELETE_PARQUET_COMPRESSION, "zstd").commit();
    DeleteFile zstd = AnotherEngine.positionDelete(table, fileOf(table, "0001"), 0);
    table.newRowDelta().addDeletes(zstd).commit();

    assertThat(probe(Map.of()))
        .isEqualTo(
            "java.lang.IllegalStateException: Cannot read migration history "
                + new MigrationHistory(catalog, meta).tableIdentifier()
                + ": delete file "
                + zstd.location()
                + " is Parquet compressed with ZSTD, which parquet-java decompresses through"
                + " Hadoop's codec classes; add org.apache.hadoop:hadoop-common to the class path");
  }

  @Test
  void aFileOnlyTheGenericReaderReadsNamesTheMissingClassAndItsJar() throws Exception {
    Table table = historyOf("0001");
    DataFile orc = AnotherEngine.declaredOrc(table, fileOf(table, "0001"));
    table
        .newOverwrite()
        .overwriteByRowFilter(Expressions.equal("namespace", "sales"))
        .addFile(orc)
        .commit();

    assertThat(probe(Map.of()))
        .isEqualTo(
            "java.lang.IllegalStateException: Cannot read migration history "
                + new MigrationHistory(catalog, meta).tableIdentifier()
                + ": data file "
                + orc.location()
                + " is ORC and needs Iceberg's generic reader, which needs class"
                + " org.apache.orc.TypeDescription: add org.apache.orc:orc-core to the class path");
  }

  /** A history of namespace sales holding one applied row per version, each in its own file. */
  private Table historyOf(String... versions) {
    MigrationHistory history = new MigrationHistory(catalog, meta);
    for (String version : versions) {
      TestWrites.record(
          history,
          new HistoryRecord(version, "sales", "v", Status.APPLIED, null, "sum", Instant.EPOCH, 1L),
          null);
    }
    return catalog.loadTable(history.tableIdentifier());
  }

  /** The data file that holds a version's row (the one file a write of that version added). */
  private static DataFile fileOf(Table table, String version) throws IOException {
    for (DataFile file : AnotherEngine.dataFiles(table)) {
      List<Record> rows = AnotherEngine.readFile(table, file);
      if (rows.size() == 1 && rows.get(0).getField("version").equals(version)) {
        return file;
      }
    }
    throw new AssertionError("No data file holds only version " + version);
  }

  /** Runs {@link LeanClassPathProbe} in the lean class loader with the catalog's properties. */
  private String probe(Map<String, String> arguments) throws Exception {
    return probe(arguments, NOT_IN_CORE);
  }

  /** Runs {@link LeanClassPathProbe} in a class loader without the jars {@code absent} matches. */
  private String probe(Map<String, String> arguments, Pattern absent) throws Exception {
    Map<String, String> all = new HashMap<>(environment.catalogProperties());
    all.putAll(arguments);
    all.put(LeanClassPathProbe.META, meta);
    Thread thread = Thread.currentThread();
    ClassLoader previous = thread.getContextClassLoader();
    ClassLoader lean = leanClassLoader(absent);
    try {
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

  /**
   * This test's class path without the jars {@code absent} matches, over the JDK's platform
   * classes; made once per class.
   */
  private static synchronized ClassLoader leanClassLoader(Pattern absent) {
    return LOADERS.computeIfAbsent(
        absent,
        pattern -> {
          List<URL> urls = new ArrayList<>();
          for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (!entry.isBlank() && !pattern.matcher(Path.of(entry).getFileName() + "").matches()) {
              urls.add(url(entry));
            }
          }
          return new URLClassLoader(
              "iceberg-ops-core-only",
              urls.toArray(URL[]::new),
              ClassLoader.getPlatformClassLoader());
        });
  }

  private static URL url(String classPathEntry) {
    try {
      return Path.of(classPathEntry).toUri().toURL();
    } catch (MalformedURLException e) {
      throw new IllegalStateException(e);
    }
  }
}
