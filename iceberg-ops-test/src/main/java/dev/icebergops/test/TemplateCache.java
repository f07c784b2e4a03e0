package dev.icebergops.test;

import static dev.icebergops.test.SuiteLog.LOG;

import dev.icebergops.history.HistoryRecord;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.IcebergBuild;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableMetadataParser;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.rest.RESTCatalog;
import org.apache.iceberg.view.ViewMetadata;
import org.apache.iceberg.view.ViewMetadataParser;

/**
 * Templates kept on disk between runs, so that a class whose chain did not change since the last
 * run copies its template instead of walking the chain: each entry holds a template's tables (their
 * metadata with the current schema, their earlier schemas kept apart and parsed only when a copy
 * needs them, and their data files), its views' metadata (every version, made again in order by
 * {@link ViewCopies}) and its history rows, under a directory named by the hash of what determines
 * them (each migration up to the version with its checksum, the toolkit's and Iceberg's versions,
 * the backend and the catalog's table defaults). An entry that cannot be read whole (a file missing
 * or cut short) is a miss, said in one warning line.
 *
 * @param dir the directory the entries are in
 * @param library the toolkit's version, which built the templates
 */
record TemplateCache(Path dir, String library) {

  /** The configuration parameter or system property: a directory, or {@code off}. */
  static final String PROPERTY = "iceberg-ops.template-cache";

  /** The environment variable of {@link #PROPERTY}. */
  static final String ENV = "ICEBERG_OPS_TEMPLATE_CACHE";

  /** Where entries go when {@link #PROPERTY} is not set: under the build's output. */
  static final String DEFAULT = "target/iceberg-ops-templates";

  private static final String ENTRY = "template.bin";

  /** The cache {@link #PROPERTY} names (by default {@link #DEFAULT}), or null when it is off. */
  static TemplateCache configured(Optional<String> setting) {
    String value = setting.orElse(DEFAULT).trim();
    return value.equalsIgnoreCase("off") || value.equalsIgnoreCase("false")
        ? null
        : new TemplateCache(Path.of(value), libraryVersion());
  }

  /**
   * What is stored of one template: its history rows, its tables' metadata and data files, its
   * views' metadata.
   */
  private record Entry(
      String version,
      List<HistoryRecord> rows,
      Map<String, Stored> tables,
      Map<String, String> views)
      implements Serializable {}

  /**
   * What is stored of one table: a lean copy's metadata (the current schema only), the schemas it
   * left out, and its data files, whose copies are {@code <table>-<index>} beside the entry.
   */
  private record Stored(String metadata, EarlierSchemas earlier, List<DataFile> files)
      implements Serializable {}

  /**
   * The name of the entry of a template at {@code chain} (the migrations up to its version with
   * their checksums) on {@code catalog}, built in {@code backend}.
   */
  String entryName(String chain, Catalog catalog, String backend) {
    Map<String, String> defaults = new TreeMap<>();
    if (catalog instanceof RESTCatalog rest) {
      rest.properties().entrySet().stream()
          .filter(
              p ->
                  p.getKey().startsWith("table-default.")
                      || p.getKey().startsWith("table-override."))
          .forEach(p -> defaults.put(p.getKey(), p.getValue()));
    }
    String text =
        String.join(
            "\n", chain, library, IcebergBuild.version(), backend, defaults.toString(), "5");
    try {
      byte[] hash =
          MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(hash);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * Writes {@code template} as the entry {@code name}, unless one is there: in a directory of its
   * own first, moved into place whole, so that no run reads half an entry.
   */
  void store(String name, Catalog catalog, NamespaceTemplate template) {
    Path target = dir.resolve(name);
    if (Files.exists(target)) {
      return;
    }
    Path staging = dir.resolve(name + "." + UUID.randomUUID() + ".tmp");
    try {
      Files.createDirectories(staging);
      Map<String, Stored> tables = new LinkedHashMap<>();
      for (String table : template.tables().keySet()) {
        TableIdentifier id = Namespaces.table(template.namespace(), table);
        // a lean copy's state: its metadata with the current schema, the others left out
        TableCopy lean = TableCopy.of(id, catalog.loadTable(id), false, Map.of());
        List<DataFile> stored = lean.dataFiles();
        for (int i = 0; i < stored.size(); i++) {
          try (InputStream in = lean.io().newInputFile(stored.get(i).location()).newStream()) {
            Files.copy(in, staging.resolve(table + "-" + i));
          }
        }
        tables.put(table, new Stored(lean.metadata(), EarlierSchemas.of(lean.omitted()), stored));
      }
      Map<String, String> views = new LinkedHashMap<>();
      template.views().forEach((view, made) -> views.put(view, ViewMetadataParser.toJson(made)));
      try (ObjectOutputStream out =
          new ObjectOutputStream(
              new BufferedOutputStream(Files.newOutputStream(staging.resolve(ENTRY))))) {
        out.writeObject(new Entry(template.version(), template.rows(), tables, views));
      }
      Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException | RuntimeException e) {
      LOG.warn("Cannot store the template at {} in {}: {}", template.version(), dir, e.toString());
      delete(staging);
    }
  }

  /**
   * The template of the entry {@code name}, in {@code catalog} as the new namespace {@code
   * namespace}: its views are made there, its tables never registered (each copy is registered from
   * the entry's metadata, its data files uploaded from the entry's). Empty when there is no entry,
   * or it cannot be read whole (one warning line, and the namespace dropped).
   */
  Optional<NamespaceTemplate> load(
      String name, Catalog catalog, String namespace, boolean earlierSchemas) {
    Path entryDir = dir.resolve(name);
    if (!Files.isDirectory(entryDir)) {
      return Optional.empty();
    }
    try {
      Entry entry;
      // buffered: an object stream reads an object's fields a few bytes at a time
      try (ObjectInputStream in =
          new ObjectInputStream(
              new BufferedInputStream(Files.newInputStream(entryDir.resolve(ENTRY))))) {
        entry = (Entry) in.readObject();
      }
      checkFiles(entryDir, entry);
      Namespaces.create(catalog, namespace);
      Map<String, TableCopy> tables = new LinkedHashMap<>();
      Map<String, TableMetadata> made = new LinkedHashMap<>();
      for (Map.Entry<String, Stored> table : entry.tables().entrySet()) {
        TableIdentifier id = Namespaces.table(namespace, table.getKey());
        Stored stored = table.getValue();
        tables.put(id.name(), copyOf(catalog, id, stored, entryDir, earlierSchemas, made));
      }
      Map<String, ViewMetadata> views = new LinkedHashMap<>();
      entry.views().forEach((view, json) -> views.put(view, ViewMetadataParser.fromJson(json)));
      Map<String, ViewMetadata> madeViews = ViewCopies.copyTo(catalog, views, namespace);
      return Optional.of(
          NamespaceTemplate.made(
              namespace, entry.version(), entry.rows(), tables, made, madeViews));
    } catch (IOException | ClassNotFoundException | RuntimeException e) {
      LOG.warn(
          "Cannot use the cached template {}: {}; the class builds its template anew",
          entryDir,
          e.toString());
      Namespaces.drop(catalog, namespace);
      delete(entryDir); // the next class to build this template stores it anew
      return Optional.empty();
    }
  }

  /**
   * The copy of the entry's table {@code id} (its lean metadata {@code json}), its data files the
   * entry's own; its metadata, parsed once, put in {@code made}. The catalog is asked only where it
   * would put the table, and its store: the copies go beside it.
   */
  private static TableCopy copyOf(
      Catalog catalog,
      TableIdentifier id,
      Stored stored,
      Path entryDir,
      boolean earlierSchemas,
      Map<String, TableMetadata> made) {
    Table staged = catalog.newCreateTableTransaction(id, new Schema()).table();
    String json = stored.metadata();
    TableMetadata metadata = TableMetadataParser.fromJson(TableCopy.owned(json, staged.location()));
    made.put(id.name(), metadata);
    List<DataFile> files = new ArrayList<>();
    for (DataFile file : stored.files()) {
      String local = entryDir.resolve(id.name() + "-" + files.size()).toUri().toString();
      files.add(DataFiles.builder(metadata.spec(file.specId())).copy(file).withPath(local).build());
    }
    EarlierSchemas earlier = stored.earlier();
    // the entry's metadata is already a lean copy's: made again only to keep every schema
    return earlierSchemas
        ? TableCopy.of(id, id.toString(), metadata, files, staged.io(), true, earlier)
        : new TableCopy(
            id.toString(),
            id,
            metadata.schema(),
            json,
            earlier,
            false,
            metadata.location(),
            files,
            staged.io());
  }

  private static void delete(Path tree) {
    try (java.util.stream.Stream<Path> paths = Files.walk(tree)) {
      paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException | UncheckedIOException e) {
      LOG.debug("Cannot delete {}: {}", tree, e.toString());
    }
  }

  /** Every data file of {@code entry} is in {@code entryDir}, with its size. */
  private static void checkFiles(Path entryDir, Entry entry) throws IOException {
    for (Map.Entry<String, Stored> table : entry.tables().entrySet()) {
      for (int i = 0; i < table.getValue().files().size(); i++) {
        Path local = entryDir.resolve(table.getKey() + "-" + i);
        long size = table.getValue().files().get(i).fileSizeInBytes();
        if (!Files.exists(local) || Files.size(local) != size) {
          throw new IOException(
              "data file " + local.getFileName() + " is missing or not of " + size + " bytes");
        }
      }
    }
  }

  /** The toolkit's version, from its jar; a snapshot's with the jar's time, as it may change. */
  private static String libraryVersion() {
    try (InputStream in =
        TemplateCache.class.getResourceAsStream(
            "/META-INF/maven/dev.icebergops/iceberg-ops-test/pom.properties")) {
      java.util.Properties properties = new java.util.Properties();
      if (in != null) {
        properties.load(in);
      }
      String version = properties.getProperty("version", "unknown");
      Path code =
          Path.of(TemplateCache.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      return version.endsWith("SNAPSHOT") || in == null
          ? version + "@" + Files.getLastModifiedTime(code)
          : version;
    } catch (IOException | java.net.URISyntaxException | RuntimeException e) {
      throw new IllegalStateException("Cannot read the version of iceberg-ops-test: " + e, e);
    }
  }
}
