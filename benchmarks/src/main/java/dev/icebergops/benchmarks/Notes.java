package dev.icebergops.benchmarks;

/** The fixed text of BENCHMARKS.md: what each measure covers, and why heavy jars remain. */
final class Notes {

  private Notes() {}

  static final String TEXT =
      """

      ## What each measure covers

      - B1: a fresh JVM per start, timed from `main` to the first answered `listNamespaces()`,
        five starts of each kind alternating. The anchor serves Iceberg's `RESTCatalogServlet`
        over a `RESTCatalogAdapter` and a JDBC catalog on in-memory SQLite with a local
        warehouse, the way Iceberg's REST fixture image does, behind Jetty.
      - B2: the duration JUnit reports for one test method (its before and after callbacks
        included: namespace, migrate to head, rollback, no-trace check, drop) of a class
        annotated `@IcebergMigrations`, warm (the environment started by an earlier class).
      - B3: `migrate()` of a fresh namespace, its migrations resolved beforehand, divided by N;
        the anchor creates the table and adds the N - 1 columns with one `updateSchema()`
        commit each, divided by N.
        Each repetition has a history table of its own (a first deploy's), so that it does not
        measure the snapshots earlier repetitions left behind; B4 and B5's anchor likewise.
      - B4: `status()`, `plan()` and `migrate()` of one pending version, after `stamp` recorded
        10 or 1,000 applied versions.
      - B5: the duration of a whole test class that implements `MigrationSuite`, warm;
        `headConformsToContracts` is skipped as the chains have no contracts.
      - B6: median of 20 calls after 20 warm-up calls.
      - B7: used heap after three `System.gc()` calls, after the start minus before it.
      """;

  /** Why a heavy jar is on the core's runtime class path. */
  static String why(String jar) {
    if (jar.startsWith("iceberg-")) {
      return "Apache Iceberg itself: the table API, REST client and metadata (iceberg-core,"
          + " iceberg-api, bundled Guava), Parquet data files (iceberg-parquet), the generic"
          + " reader that applies other engines' delete files to the history table (iceberg-data,"
          + " required by issue 7), and iceberg-orc, which iceberg-data's readers link in 1.11.0";
    }
    if (jar.startsWith("parquet-")) {
      return "the history table's data files are Parquet, which every engine reads";
    }
    if (jar.startsWith("hadoop-") || jar.startsWith("woodstox") || jar.startsWith("commons-coll")) {
      return "parquet-hadoop, which iceberg-parquet writes and reads through, links Hadoop's"
          + " Configuration and mapreduce classes; the rest of Hadoop's tree is excluded";
    }
    if (jar.startsWith("orc-") || jar.startsWith("hive-storage") || jar.startsWith("protobuf")) {
      return "ORC, linked by iceberg-data's generic readers (which read other engines' ORC"
          + " delete files)";
    }
    if (jar.startsWith("avro")) {
      return "Iceberg's manifests and manifest lists are Avro";
    }
    if (jar.startsWith("zstd") || jar.startsWith("snappy") || jar.startsWith("aircompressor")) {
      return "compression codecs of Parquet, ORC and Avro files (zstd is Iceberg's default"
          + " Parquet codec)";
    }
    if (jar.startsWith("jackson")) {
      return "Iceberg's JSON: table metadata and the REST protocol";
    }
    if (jar.startsWith("classgraph")) {
      return "finds migration classes in class path locations";
    }
    if (jar.startsWith("jts-")) {
      return "geometry types (Iceberg v3 geometry and geography), linked by Iceberg's type and"
          + " Parquet code";
    }
    if (jar.startsWith("caffeine")) {
      return "Iceberg's caches (manifest and catalog caching)";
    }
    if (jar.startsWith("commons-")) {
      return "Apache Commons, needed by Avro (commons-compress) and ORC (commons-lang3)";
    }
    if (jar.startsWith("httpclient") || jar.startsWith("httpcore")) {
      return "the HTTP client of Iceberg's REST catalog client";
    }
    return "transitive dependency of Iceberg";
  }
}
