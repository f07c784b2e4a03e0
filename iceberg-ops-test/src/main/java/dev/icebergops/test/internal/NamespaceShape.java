package dev.icebergops.test.internal;

import dev.icebergops.migration.TableNames;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.BiConsumer;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.NoSuchNamespaceException;
import org.apache.iceberg.exceptions.NoSuchTableException;

/**
 * The comparable shape of every table in a namespace, captured to prove that a downgrade restored
 * what its upgrade changed.
 *
 * <p>Per table: the columns by full dotted path with type, required flag, doc and order; the
 * partition spec (source column, transform, name; void fields, Iceberg's v1 way of dropping one,
 * are left out); the sort order (column, direction, null order); and the properties minus those
 * Iceberg sets on its own (the reserved ones such as {@code format-version}, and {@code
 * write.parquet.compression-codec} while it holds the {@code zstd} that every new table gets). Kept
 * aside and not part of the shape: the field ids by path, and the current metadata file location,
 * which shows commits that changed nothing visible.
 *
 * <pre>{@code
 * NamespaceShape before = NamespaceShape.capture(catalog, "sales");
 * runner.migrate("0004");
 * runner.rollbackTo("0003");
 * ShapeDiff diff = before.diff(NamespaceShape.capture(catalog, "sales"));
 * }</pre>
 */
public final class NamespaceShape {

  private final String namespace;
  private final SortedMap<String, TableShape> tables;

  private NamespaceShape(String namespace, Map<String, TableShape> tables) {
    this.namespace = namespace;
    this.tables = Collections.unmodifiableSortedMap(new TreeMap<>(tables));
  }

  /**
   * Captures the shape of a namespace; a namespace that does not exist has no tables.
   *
   * @param catalog the catalog
   * @param namespace the namespace, dotted for nested ones
   * @return the shape
   */
  public static NamespaceShape capture(Catalog catalog, String namespace) {
    return capture(catalog, namespace, (name, table) -> {});
  }

  /**
   * Captures the shape of a namespace and hands each table it loaded to {@code loaded}.
   *
   * @param loaded told the name (without namespace) and the table of each table captured
   */
  static NamespaceShape capture(
      Catalog catalog, String namespace, BiConsumer<String, Table> loaded) {
    Objects.requireNonNull(catalog, "catalog");
    Objects.requireNonNull(namespace, "namespace");
    Namespace ns = TableNames.namespace(namespace);
    Map<String, TableShape> tables = new TreeMap<>();
    List<TableIdentifier> ids;
    try {
      ids = catalog.listTables(ns);
    } catch (NoSuchNamespaceException e) {
      return new NamespaceShape(namespace, tables);
    }
    for (TableIdentifier id : ids) {
      try {
        Table table = catalog.loadTable(id);
        tables.put(id.name(), TableShape.of(id.name(), table));
        loaded.accept(id.name(), table);
      } catch (NoSuchTableException e) {
        // dropped between listing and loading: not part of the shape
      }
    }
    return new NamespaceShape(namespace, tables);
  }

  /** The namespace captured. */
  public String namespace() {
    return namespace;
  }

  /**
   * Whether a commit to any of its tables shows as a new metadata location: true when every table
   * exposes its location.
   */
  boolean showsCommits() {
    return tables.values().stream().allMatch(t -> t.metadataLocation() != null);
  }

  /** The table names, without namespace, sorted. */
  public Set<String> tables() {
    return tables.keySet();
  }

  /**
   * The field ids of one table by column path.
   *
   * @param table the table name without namespace
   * @return the ids by full dotted path, sorted by path; empty when the table is not there
   */
  public Map<String, Integer> fieldIds(String table) {
    TableShape shape = tables.get(table);
    return shape == null ? Map.of() : shape.fieldIds();
  }

  /**
   * The current metadata file of one table.
   *
   * @param table the table name without namespace
   * @return the location, or null when the table is not there or does not expose it
   */
  public String metadataLocation(String table) {
    TableShape shape = tables.get(table);
    return shape == null ? null : shape.metadataLocation();
  }

  /**
   * What identifies one table's rows: its uuid and current snapshot id.
   *
   * @param table the table name without namespace
   * @return {@code <uuid>@<snapshot id>} ({@code none} before the first snapshot), or null when the
   *     table is not there
   */
  public String rows(String table) {
    TableShape shape = tables.get(table);
    return shape == null ? null : shape.rows();
  }

  /**
   * What changed from this shape to {@code later}.
   *
   * @param later a later capture of the same namespace, or of a copy of it (the differences then
   *     name the copy's tables)
   * @return the differences
   */
  public ShapeDiff diff(NamespaceShape later) {
    Objects.requireNonNull(later, "later");
    return ShapeDiff.between(later.namespace, tables, later.tables);
  }

  /**
   * What changed from this shape to {@code other}, a capture of another namespace, the tables named
   * as in {@code namespace}.
   */
  ShapeDiff diffAs(String namespace, NamespaceShape other) {
    Objects.requireNonNull(other, "other");
    return ShapeDiff.between(namespace, tables, other.tables);
  }

  @Override
  public String toString() {
    return "NamespaceShape{" + namespace + ", tables=" + tables.keySet() + "}";
  }
}
