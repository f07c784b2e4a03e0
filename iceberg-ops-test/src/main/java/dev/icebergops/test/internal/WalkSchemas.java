package dev.icebergops.test.internal;

import static java.util.stream.Collectors.partitioningBy;
import static java.util.stream.Collectors.summingInt;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.icebergops.migration.TableNames;
import dev.icebergops.runner.RunEvent;
import dev.icebergops.state.MetadataCopy;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableMetadataParser;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.util.JsonUtil;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps a journey's tables small, so that its walk costs in proportion to its length. Every schema
 * a table ever had stays in its metadata, which every load and commit reads and writes whole: on a
 * chain of N versions each of the walk's commits would write up to N schemas, about N² in all.
 * After each version of the walk up, and each version the walk down has passed, a table keeps only
 * the schemas a coming step can use: its current one, the one of the highest id (so that a schema
 * added later gets the id it would get in the table), and the one the runner recorded before the
 * upgrade of the next version to go down ({@code iceberg-ops.schema-before-upgrade.<version>},
 * which that downgrade restores): left out when the walk up passed it, it is put back before the
 * walk down needs it. The others are kept here, by table and id.
 *
 * <p>A downgrade restores the schema its upgrade recorded ({@code
 * MigrationContext#restoreSchemaBeforeUpgrade}) and no check compares the list of schemas or their
 * ids, so the checks' verdicts and messages stay those of a walk without this. What may differ is a
 * failure: a migration that makes another earlier schema current finds it gone, and the data check
 * cannot read a table as of a snapshot whose schema is left out. So every check that fails on a
 * walk that left a schema out is confirmed by its own pass ({@link #leftOutAny}), which keeps them
 * all.
 *
 * <p>A table is trimmed when what would be left out holds at least twice as many columns as what
 * stays (and no fewer than {@link #LEAST_COLUMNS}), so a short chain is never trimmed and a long
 * one every few versions; a schema put back comes with those the next downgrades restore, as many
 * as hold no more columns than what stays. The trimmed metadata is written as a new metadata file
 * (the table's uuid, snapshots, logs and properties kept) and the table registered again with it.
 */
public final class WalkSchemas {

  private static final Logger LOG = LoggerFactory.getLogger(WalkSchemas.class);

  /** The fewest columns, over the schemas left out, that are worth a trim. */
  static final int LEAST_COLUMNS = 100;

  /** How many versions a walk up goes between two looks at its tables. */
  static final int EVERY = 8;

  /**
   * The prefix of the table property in which the runner records the schema before a version's
   * upgrade, as {@code MigrationContext#restoreSchemaBeforeUpgrade} documents it.
   */
  private static final String BEFORE_UPGRADE = "iceberg-ops.schema-before-upgrade.";

  /** The schemas left out of each table (by uuid), by id, as the metadata's JSON holds them. */
  private final Map<String, Map<Integer, JsonNode>> leftOut = new HashMap<>();

  /** Whether every table is trimmed whenever a schema can be left out, whatever it holds. */
  private final boolean always;

  private int trims;

  /** The versions {@link #keepAfter} was told of. */
  private int steps;

  private WalkSchemas(boolean always) {
    this.always = always;
  }

  /** Trims when it is worth it: the schemas left out hold enough columns. */
  public static WalkSchemas whenWorthIt() {
    return new WalkSchemas(false);
  }

  /** Trims whenever a schema can be left out, for tests on short chains. */
  static WalkSchemas always() {
    return new WalkSchemas(true);
  }

  /** How many times a table was trimmed. */
  int trims() {
    return trims;
  }

  /** The schemas left out of the table whose uuid is {@code uuid}, by id. */
  public Map<Integer, JsonNode> leftOut(String uuid) {
    return leftOut.getOrDefault(uuid, Map.of());
  }

  /**
   * For a walk that only goes up (a template's): after every {@value #EVERY}th version a runner
   * reports done, keeps in the tables of {@code namespace} the schemas the steps from there can
   * use.
   */
  public void keepAfter(RunEvent event, Catalog catalog, String namespace) {
    if (event instanceof RunEvent.StepDone done && ++steps % EVERY == 0) {
      keepFor(done.step().version(), catalog, namespace, CheckRun.tables(catalog, namespace));
    }
  }

  /** Whether a schema was left out of a table, which a failure may have missed. */
  boolean leftOutAny() {
    return !leftOut.isEmpty();
  }

  /**
   * Keeps in each table the schemas the steps from {@code version} down can use, putting back the
   * one the downgrade of the highest version at or below it restores, and leaving the others out
   * when that is worth it.
   *
   * @param tables the namespace's tables, as just loaded
   * @throws RuntimeException when a table could not be registered again
   */
  void keepFor(String version, Catalog catalog, String namespace, Map<String, Table> tables) {
    Namespace parsed = TableNames.namespace(namespace);
    tables.forEach(
        (name, table) -> keep(catalog, TableIdentifier.of(parsed, name), table, version));
  }

  private void keep(Catalog catalog, TableIdentifier id, Table table, String version) {
    if (!(table instanceof HasTableOperations ops)) {
      return;
    }
    TableMetadata current = ops.operations().current();
    Map<Integer, JsonNode> stash = leftOut.getOrDefault(current.uuid(), Map.of());
    List<Integer> restored = restoredAtOrBelow(current, version);
    Set<Integer> keep = new TreeSet<>(List.of(current.currentSchemaId(), highestId(current)));
    restored.stream().limit(1).forEach(keep::add);
    Map<Boolean, Integer> columns =
        current.schemas().stream()
            .collect(
                partitioningBy(
                    s -> keep.contains(s.schemaId()), summingInt(s -> s.columns().size())));
    int kept = columns.get(true);
    int left = columns.get(false);
    boolean worthIt = left > 0 && (always || (left >= LEAST_COLUMNS && left >= 2 * kept));
    Map<Integer, JsonNode> putBack = new TreeMap<>();
    boolean missing =
        !restored.isEmpty()
            && stash.containsKey(restored.get(0))
            && !current.schemasById().containsKey(restored.get(0));
    if (missing) {
      // with the schemas the next downgrades restore, while they hold no more columns than what
      // stays: one rewrite for several versions down
      int added = 0;
      for (Integer schemaId : restored) {
        JsonNode schema = stash.get(schemaId);
        if (schema != null && !current.schemasById().containsKey(schemaId)) {
          added += schema.path("fields").size();
          if (!putBack.isEmpty() && added > kept) {
            break;
          }
          putBack.put(schemaId, schema);
        }
      }
    }
    if (worthIt || missing) {
      rewrite(catalog, id, table, current, worthIt ? keep : null, putBack);
      trims++;
    }
  }

  /**
   * Registers the table again with {@code current} less the schemas not in {@code keep} (null: keep
   * all), which are remembered, and plus {@code putBack}.
   */
  private void rewrite(
      Catalog catalog,
      TableIdentifier id,
      Table table,
      TableMetadata current,
      Set<Integer> keep,
      Map<Integer, JsonNode> putBack) {
    Map<Integer, JsonNode> stash = leftOut.computeIfAbsent(current.uuid(), u -> new HashMap<>());
    String metadata;
    try {
      ObjectNode json =
          (ObjectNode) JsonUtil.mapper().readTree(TableMetadataParser.toJson(current));
      stash.putAll(keepSchemas(json, keep, putBack));
      metadata = JsonUtil.mapper().writeValueAsString(json);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot trim the schemas of " + id + ": " + e, e);
    }
    MetadataCopy.reregister(
        catalog, id, table.io(), current.location(), current.metadataFileLocation(), metadata);
    try {
      table.io().deleteFile(current.metadataFileLocation()); // no later metadata lists it
    } catch (RuntimeException e) {
      LOG.debug("Cannot delete {}: {}", current.metadataFileLocation(), e.toString());
    }
    LOG.debug("Kept schemas {} of {}", keep == null ? "all" : keep, id);
  }

  /**
   * Keeps in {@code metadata}, a table metadata file's JSON, the schemas of {@code keep} (null:
   * every one), adds those of {@code add} it lacks, in the order of their ids.
   *
   * @return the schemas left out, by id
   */
  public static Map<Integer, JsonNode> keepSchemas(
      ObjectNode metadata, Set<Integer> keep, Map<Integer, JsonNode> add) {
    Map<Integer, JsonNode> kept = new TreeMap<>();
    Map<Integer, JsonNode> left = new TreeMap<>();
    for (JsonNode schema : metadata.withArray("schemas")) {
      int id = schema.path("schema-id").asInt(-1);
      (keep == null || keep.contains(id) ? kept : left).put(id, schema);
    }
    add.forEach(kept::putIfAbsent);
    metadata.set("schemas", JsonUtil.mapper().createArrayNode().addAll(kept.values()));
    return left;
  }

  /**
   * The schemas the runner recorded before the upgrades of the versions at or below {@code version}
   * that recorded one in the table, by version, highest first.
   */
  private static List<Integer> restoredAtOrBelow(TableMetadata current, String version) {
    TreeMap<String, Integer> recorded = new TreeMap<>();
    current
        .properties()
        .forEach(
            (key, id) -> {
              String at =
                  key.startsWith(BEFORE_UPGRADE) ? key.substring(BEFORE_UPGRADE.length()) : "";
              if (!at.isEmpty() && at.compareTo(version) <= 0 && id.matches("\\d+")) {
                recorded.put(at, Integer.valueOf(id));
              }
            });
    return List.copyOf(recorded.descendingMap().values());
  }

  private static int highestId(TableMetadata current) {
    return current.schemasById().keySet().stream().mapToInt(Integer::intValue).max().orElse(-1);
  }
}
