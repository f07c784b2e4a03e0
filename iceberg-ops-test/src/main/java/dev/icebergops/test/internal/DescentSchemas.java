package dev.icebergops.test.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.icebergops.migration.TableNames;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableMetadataParser;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.io.PositionOutputStream;
import org.apache.iceberg.util.JsonUtil;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps a journey's tables small on its way down. Every schema a table ever had stays in its
 * metadata, which every load and commit reads and writes whole: at the bottom of a walk down a
 * chain of N versions, each of the N downgrades, its checks and its second upgrade and downgrade
 * work on metadata that holds every schema of the walk up and every schema the second upgrades
 * added. Once the walk down has passed a version, the schemas added since the state before that
 * version (by its upgrade, the versions above it and the checks' second upgrades) are left out of
 * the table's metadata, the current one always kept: each version below then works on the schemas
 * it had on the way up.
 *
 * <p>A downgrade can only restore a schema that existed before its upgrade ({@code
 * MigrationContext#restoreSchema} with the id its upgrade recorded), and no check compares the list
 * of schemas, so the checks' verdicts and messages stay those of a walk without this. A table is
 * trimmed when what would be left out holds at least half as many columns as what stays (and no
 * fewer than {@link #LEAST_COLUMNS}), so a short chain is never trimmed and a long one a few times
 * per halving of its length.
 *
 * <p>The trimmed metadata is written as a new metadata file (the table's uuid, snapshots, logs and
 * properties kept) and the table registered again with it, as a per-test copy puts back the schemas
 * it left out.
 */
final class DescentSchemas {

  private static final Logger LOG = LoggerFactory.getLogger(DescentSchemas.class);

  /** The fewest columns, over the schemas left out, that are worth a trim. */
  static final int LEAST_COLUMNS = 100;

  /** Per version, the highest schema id of each table (by uuid) just before its upgrade. */
  private final Map<String, Map<String, Integer>> highestBefore = new HashMap<>();

  /** Whether every table is trimmed whenever a schema can be left out, whatever it holds. */
  private final boolean always;

  private int trims;

  private DescentSchemas(boolean always) {
    this.always = always;
  }

  /** Trims when it is worth it: the schemas left out hold enough columns. */
  static DescentSchemas whenWorthIt() {
    return new DescentSchemas(false);
  }

  /** Trims whenever a schema can be left out, for tests on short chains. */
  static DescentSchemas always() {
    return new DescentSchemas(true);
  }

  /** How many times a table was trimmed. */
  int trims() {
    return trims;
  }

  /**
   * Records the tables as they are just before {@code version}'s upgrade.
   *
   * @param tables the namespace's tables, as just loaded
   */
  void before(String version, Map<String, Table> tables) {
    Map<String, Integer> highest = new HashMap<>();
    tables.values().forEach(t -> highest.put(t.uuid().toString(), highestId(t.schemas())));
    highestBefore.put(version, highest);
  }

  /**
   * After the walk down has passed {@code version}: leaves out of each table the schemas added
   * since just before its upgrade, when that is worth it.
   *
   * @param tables the namespace's tables, as just loaded
   * @return the tables trimmed, by name
   * @throws RuntimeException when a table could not be registered again
   */
  Set<String> trimAbove(
      String version, Catalog catalog, String namespace, Map<String, Table> tables) {
    Map<String, Integer> highest = highestBefore.getOrDefault(version, Map.of());
    Set<String> trimmed = new TreeSet<>();
    tables.forEach(
        (name, table) -> {
          Integer keepUpTo = highest.get(table.uuid().toString());
          if (keepUpTo != null && trim(catalog, namespace, name, table, keepUpTo)) {
            trimmed.add(name);
            trims++;
          }
        });
    return trimmed;
  }

  private boolean trim(Catalog catalog, String namespace, String name, Table table, int keepUpTo) {
    if (!(table instanceof HasTableOperations ops)) {
      return false;
    }
    TableMetadata current = ops.operations().current();
    int kept = 0;
    int left = 0;
    Set<Integer> leftOut = new TreeSet<>();
    for (Schema schema : current.schemas()) {
      int columns = schema.columns().size();
      if (schema.schemaId() > keepUpTo && schema.schemaId() != current.currentSchemaId()) {
        leftOut.add(schema.schemaId());
        left += columns;
      } else {
        kept += columns;
      }
    }
    boolean worthIt = left >= LEAST_COLUMNS && 2 * left >= kept;
    if (leftOut.isEmpty() || !(always || worthIt)) {
      return false;
    }
    String file = nextFile(current);
    try (PositionOutputStream out = table.io().newOutputFile(file).create()) {
      ObjectNode json =
          (ObjectNode) JsonUtil.mapper().readTree(TableMetadataParser.toJson(current));
      ArrayNode schemas = JsonUtil.mapper().createArrayNode();
      for (JsonNode schema : json.withArray("schemas")) {
        if (!leftOut.contains(schema.path("schema-id").asInt(-1))) {
          schemas.add(schema);
        }
      }
      json.set("schemas", schemas);
      out.write(JsonUtil.mapper().writeValueAsBytes(json));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot trim the schemas of " + name + ": " + e, e);
    }
    TableIdentifier id = TableIdentifier.of(TableNames.namespace(namespace), name);
    catalog.dropTable(id, false);
    catalog.registerTable(id, file);
    try {
      table.io().deleteFile(current.metadataFileLocation()); // no later metadata lists it
    } catch (RuntimeException e) {
      LOG.debug("Cannot delete {}: {}", current.metadataFileLocation(), e.toString());
    }
    LOG.debug("Left {} schemas out of {} on the way down", leftOut.size(), id);
    return true;
  }

  /** The next metadata file, named as a commit names it (so the catalog reads its version). */
  private static String nextFile(TableMetadata current) {
    String name = current.metadataFileLocation();
    name = name == null ? "" : name.substring(name.lastIndexOf('/') + 1);
    int dash = name.indexOf('-');
    int version = 0;
    if (dash > 0 && name.substring(0, dash).chars().allMatch(Character::isDigit)) {
      version = Integer.parseInt(name.substring(0, dash)) + 1;
    }
    return String.format(
        Locale.ROOT,
        "%s/metadata/%05d-%s.metadata.json",
        current.location(),
        version,
        UUID.randomUUID());
  }

  private static int highestId(Map<Integer, Schema> schemas) {
    return schemas.keySet().stream().mapToInt(Integer::intValue).max().orElse(-1);
  }
}
