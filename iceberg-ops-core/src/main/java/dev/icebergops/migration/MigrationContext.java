package dev.icebergops.migration;

import dev.icebergops.schema.EnforceOptions;
import dev.icebergops.schema.IcebergTypes;
import dev.icebergops.schema.SchemaContract;
import dev.icebergops.schema.SchemaContractViolation;
import dev.icebergops.schema.SchemaEvolutionHelper;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.Schema;
import org.apache.iceberg.SortDirection;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableOperations;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.NoSuchTableException;
import org.apache.iceberg.exceptions.NoSuchViewException;
import org.apache.iceberg.exceptions.ValidationException;
import org.apache.iceberg.expressions.Literal;
import org.apache.iceberg.rest.RESTCatalog;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.view.View;

/**
 * What a {@link Migration} uses to change tables: one catalog and the namespace the runner was
 * given. Bare table names ({@code "orders"}) are qualified with that namespace, so one migration
 * serves every namespace; a dotted name ({@code "sales.orders"}) is used unchanged and pins the
 * migration to that table.
 *
 * <pre>{@code
 * public class V0001__CreateEvents extends BaseMigration {
 *   @Override public void upgrade(MigrationContext ctx) {
 *     Schema schema = new Schema(
 *         Types.NestedField.required(1, "id", Types.LongType.get()),
 *         Types.NestedField.optional(2, "ts", Types.TimestampType.withZone()));
 *     ctx.createTableIfNotExists("events", schema);
 *     ctx.enforceColumn("events", "region", "string");
 *     ctx.updatePartitionSpec("events", List.of(PartitionFieldSpec.day("ts")), null);
 *     ctx.replaceSortOrder("events", List.of(SortColumn.asc("ts")));
 *     ctx.setSnapshotRetention("events", 10, Duration.ofDays(7));
 *   }
 *   @Override public void downgrade(MigrationContext ctx) {
 *     ctx.dropTableIfExists("events");
 *   }
 * }
 * }</pre>
 *
 * <p>Each helper is its own Iceberg commit, so a migration is not atomic: when {@code upgrade}
 * fails half-way, the earlier steps stay committed. Keep upgrades idempotent; prefer {@link
 * #createTableIfNotExists}, {@link #enforceColumn} and {@link #enforceRename} over their one-shot
 * counterparts. Every change is logged at INFO.
 *
 * <p>Inside a run the runner gives each migration its own context; outside one (a test, a tool),
 * {@link MigrationContexts#of(Catalog, String)} makes one.
 */
public interface MigrationContext {

  /**
   * The catalog this context changes tables in. Inside a {@code MigrationRunner} run it is the
   * runner's fenced view of your catalog: a change through it, or through a table loaded from it,
   * is refused once another run has taken the namespace's lease over (see "Fenced commits" in
   * docs/operating-the-runner.md).
   */
  Catalog catalog();

  /** The namespace bare table names are qualified with, for example {@code "sales.eu"}. */
  String namespace();

  // --- table names ------------------------------------------------------------------------------

  /**
   * Qualifies a table name with this context's namespace.
   *
   * @param name a bare table name ({@code "orders"}), or a dotted one ({@code "sales.orders"})
   * @return {@code "<namespace>.<name>"} for a bare name; a dotted name unchanged
   * @throws IllegalArgumentException if the name is null or blank or has an empty part
   */
  String qualified(String name);

  /**
   * The identifier of a table, qualified as {@link #qualified} does.
   *
   * @param name a bare or dotted table name
   * @return the identifier; every dot but the last separates namespace levels
   * @throws IllegalArgumentException if the name is null or blank
   */
  default TableIdentifier identifier(String name) {
    return TableIdentifier.parse(qualified(name));
  }

  // --- table lifecycle --------------------------------------------------------------------------

  /**
   * Creates an unpartitioned, unsorted table, or returns the existing one unchanged.
   *
   * @param table a bare or dotted table name
   * @param schema the table's schema
   * @return the created or existing table
   * @throws IllegalArgumentException if the schema is null, or the namespace is missing and the
   *     catalog cannot create namespaces
   */
  default Table createTableIfNotExists(String table, Schema schema) {
    return createTableIfNotExists(table, schema, TableOptions.defaults());
  }

  /**
   * Creates a table with a partition spec, sort order, properties and location, or returns the
   * existing one unchanged: the options apply only when the table is created. Missing namespaces
   * are created level by level ({@code sales}, then {@code sales.eu}); a table or namespace that a
   * concurrent run creates first is used as it is.
   *
   * @param table a bare or dotted table name
   * @param schema the table's schema; the options' spec and sort order must be built against it
   * @param options the settings used on create
   * @return the created or existing table
   * @throws IllegalArgumentException if the schema or options are null, or the namespace is missing
   *     and the catalog does not implement {@link SupportsNamespaces}
   */
  Table createTableIfNotExists(String table, Schema schema, TableOptions options);

  /**
   * Drops a table and purges its data and metadata files, if it exists. This cannot be undone: the
   * files are deleted, so not even time travel reaches the old rows.
   *
   * @param table a bare or dotted table name
   * @return whether the table existed
   */
  boolean dropTableIfExists(String table);

  /**
   * Loads a table.
   *
   * @param table a bare or dotted table name
   * @return the table, freshly loaded from the catalog
   * @throws NoSuchTableException if the table does not exist
   */
  Table loadTable(String table);

  // --- views ------------------------------------------------------------------------------------

  /**
   * Creates a view that reads one SQL query, its default namespace the view's own, or returns the
   * existing view unchanged. Its downgrade is {@link #dropViewIfExists}.
   *
   * <pre>{@code
   * ctx.createViewIfNotExists("recent_orders", schema, "spark",
   *     "SELECT id, total FROM orders WHERE ts > current_date() - INTERVAL 7 DAYS");
   * }</pre>
   *
   * @param view a bare or dotted view name
   * @param schema the columns the query answers
   * @param dialect the query's SQL dialect, for example {@code spark} or {@code trino}
   * @param sql the query
   * @return the created or existing view
   * @throws IllegalArgumentException if the schema, dialect or query is empty, or the catalog does
   *     not implement {@link org.apache.iceberg.catalog.ViewCatalog}
   */
  View createViewIfNotExists(String view, Schema schema, String dialect, String sql);

  /**
   * Creates a view that answers the columns of a table under the names they had before a rename:
   * every top-level column of the table as it is now, each renamed one under its old name, in
   * Spark's and Trino's SQL (the table by its bare name when it is in the view's namespace, which
   * is the view's default namespace); or returns the existing view unchanged. Readers that still
   * use the old names switch to the view until they move on; the downgrade drops it ({@link
   * #dropViewIfExists}) before renaming back.
   *
   * <pre>{@code
   * ctx.enforceRename("orders", "total", "amount");                       // in upgrade()
   * ctx.createCompatibilityView("orders", "orders_v1", Map.of("total", "amount"));
   * ctx.dropViewIfExists("orders_v1");                                     // in downgrade()
   * ctx.enforceRename("orders", "amount", "total");
   * }</pre>
   *
   * @param table a bare or dotted table name
   * @param view a bare or dotted view name
   * @param renamed each renamed top-level column's old name to its new name
   * @return the created or existing view
   * @throws IllegalArgumentException if the table has no top-level column of a new name, or still
   *     has a column of an old name, or the catalog does not implement {@link
   *     org.apache.iceberg.catalog.ViewCatalog}
   * @throws NoSuchTableException if the table does not exist
   */
  View createCompatibilityView(String table, String view, Map<String, String> renamed);

  /**
   * Makes a view read another query: a new view version, its only query {@code sql}, unless the
   * current version already reads exactly that with that schema (then nothing changes). In a
   * version's upgrade, the version it replaced is recorded in the view (property {@code
   * iceberg-ops.view-version-before-upgrade.<version>}, not part of the view's shape), for {@link
   * #restoreViewBeforeUpgrade} in the downgrade.
   *
   * @param view a bare or dotted view name
   * @param schema the columns the new query answers
   * @param dialect the query's SQL dialect
   * @param sql the new query
   * @return the view
   * @throws IllegalArgumentException as {@link #createViewIfNotExists} does
   * @throws NoSuchViewException if the view does not exist
   */
  View replaceView(String view, Schema schema, String dialect, String sql);

  /**
   * Drops a view, if it exists. Its data is its tables': nothing is purged.
   *
   * @param view a bare or dotted view name
   * @return whether the view existed
   * @throws IllegalArgumentException if the catalog does not implement {@link
   *     org.apache.iceberg.catalog.ViewCatalog}
   */
  boolean dropViewIfExists(String view);

  /**
   * In a downgrade, makes the view version from before this version's {@link #replaceView} current
   * again (that version itself, by its id) and removes the record; a view without the record (this
   * downgrade restored it already, or the upgrade did not replace it) is left as it is.
   *
   * <pre>{@code
   * ctx.replaceView("recent_orders", schema, "spark", newSql);   // in upgrade()
   * ctx.restoreViewBeforeUpgrade("recent_orders");               // in downgrade()
   * }</pre>
   *
   * @param view a bare or dotted view name
   * @throws IllegalArgumentException if the context runs no version (outside a runner)
   * @throws NoSuchViewException if the view does not exist
   */
  void restoreViewBeforeUpgrade(String view);

  // --- columns ----------------------------------------------------------------------------------

  /**
   * Adds a new optional column.
   *
   * @param table a bare or dotted table name
   * @param column the column; a dotted path ({@code "address.zip"}) adds a field to an existing
   *     struct
   * @param type the column's type
   * @throws IllegalArgumentException if the column already exists, the type is null, a part of a
   *     dotted path is empty, or the parent struct of a dotted path does not exist
   * @throws NoSuchTableException if the table does not exist
   */
  default void addColumn(String table, String column, Type type) {
    addColumn(table, column, type, null);
  }

  /**
   * Adds a new optional column with a doc.
   *
   * @param table a bare or dotted table name
   * @param column the column; a dotted path adds a field to an existing struct
   * @param type the column's type
   * @param doc the column's description, or null
   * @throws IllegalArgumentException if the column already exists, the type is null, a part of a
   *     dotted path is empty, or the parent struct of a dotted path does not exist
   * @throws NoSuchTableException if the table does not exist
   */
  default void addColumn(String table, String column, Type type, String doc) {
    addColumn(table, column, type, doc, null, null);
  }

  /**
   * Adds a new optional column with defaults (format version 3 and later): the rows written before
   * read its initial default instead of null, and a writer that leaves the column out writes its
   * write default. No data file is rewritten.
   *
   * <pre>{@code
   * ctx.addColumn("orders", "channel", Types.StringType.get(), "Sales channel",
   *     Expressions.lit("store"), Expressions.lit("web")); // old rows: store; new rows: web
   * }</pre>
   *
   * @param table a bare or dotted table name
   * @param column the column; a dotted path adds a field to an existing struct
   * @param type the column's type
   * @param doc the column's description, or null
   * @param initialDefault what the rows written before read, or null
   * @param writeDefault what a writer that leaves the column out writes, or null
   * @throws IllegalArgumentException if the column already exists, the type is null, a default
   *     cannot be cast to the type, a part of a dotted path is empty, the parent struct of a dotted
   *     path does not exist, or a default is given for a table of format version 1 or 2 (upgrade it
   *     first with {@link #upgradeFormatVersion}); the table is untouched
   * @throws NoSuchTableException if the table does not exist
   */
  void addColumn(
      String table,
      String column,
      Type type,
      String doc,
      Literal<?> initialDefault,
      Literal<?> writeDefault);

  /**
   * Adds a new required column (format version 3 and later) without rewriting data: the rows
   * written before read its initial default, which is therefore needed.
   *
   * <pre>{@code
   * ctx.addRequiredColumn("orders", "status", Types.StringType.get(), null,
   *     Expressions.lit("legacy"), Expressions.lit("new"));
   * }</pre>
   *
   * @param table a bare or dotted table name
   * @param column the column; a dotted path adds a field to an existing struct
   * @param type the column's type
   * @param doc the column's description, or null
   * @param initialDefault what the rows written before read; not null
   * @param writeDefault what a writer that leaves the column out writes, or null
   * @throws IllegalArgumentException if the initial default is null, or as {@link
   *     #addColumn(String, String, Type, String, Literal, Literal)} refuses; the table is untouched
   * @throws NoSuchTableException if the table does not exist
   */
  void addRequiredColumn(
      String table,
      String column,
      Type type,
      String doc,
      Literal<?> initialDefault,
      Literal<?> writeDefault);

  /**
   * Adds a new optional column whose type is given as a string.
   *
   * @param table a bare or dotted table name
   * @param column the column; a dotted path adds a field to an existing struct
   * @param type a primitive type string, for example {@code "decimal(10,2)"} (see {@link
   *     IcebergTypes#parse})
   * @throws IllegalArgumentException if the type string is invalid, the column already exists, a
   *     part of a dotted path is empty, or the parent struct of a dotted path does not exist
   * @throws NoSuchTableException if the table does not exist
   */
  default void addColumn(String table, String column, String type) {
    addColumn(table, column, type, null);
  }

  /**
   * Adds a new optional column whose type is given as a string, with a doc.
   *
   * <pre>{@code
   * ctx.addColumn("orders", "amount_cents", "long", "Gross amount in euro cents");
   * }</pre>
   *
   * @param table a bare or dotted table name
   * @param column the column; a dotted path adds a field to an existing struct
   * @param type a primitive type string, for example {@code "decimal(10,2)"} (see {@link
   *     IcebergTypes#parse})
   * @param doc the column's description, or null
   * @throws IllegalArgumentException if the type string is invalid, the column already exists, a
   *     part of a dotted path is empty, or the parent struct of a dotted path does not exist
   * @throws NoSuchTableException if the table does not exist
   */
  default void addColumn(String table, String column, String type, String doc) {
    addColumn(table, column, IcebergTypes.parse(type), doc);
  }

  /**
   * Ensures a column exists with a type: adds it, promotes it in place, or does nothing (see {@link
   * SchemaEvolutionHelper#enforceColumn(String, Type, EnforceOptions)}).
   *
   * @param table a bare or dotted table name
   * @param column the column; a dotted path for a field of a nested struct
   * @param type the type it must have
   * @throws ValidationException if the column has an incompatible type; the table is untouched
   * @throws IllegalArgumentException if the parent struct of a dotted path does not exist
   * @throws NoSuchTableException if the table does not exist
   */
  default void enforceColumn(String table, String column, Type type) {
    enforceColumn(table, column, type, EnforceOptions.defaults());
  }

  /**
   * Ensures a column exists with a type given as a string.
   *
   * @param table a bare or dotted table name
   * @param column the column; a dotted path for a field of a nested struct
   * @param type a primitive type string (see {@link IcebergTypes#parse})
   * @throws ValidationException if the column has an incompatible type; the table is untouched
   * @throws IllegalArgumentException if the type string is invalid or the parent struct does not
   *     exist
   * @throws NoSuchTableException if the table does not exist
   */
  default void enforceColumn(String table, String column, String type) {
    enforceColumn(table, column, IcebergTypes.parse(type), EnforceOptions.defaults());
  }

  /**
   * Ensures a column exists with a type given as a string, with a doc, a contract or legacy
   * archival.
   *
   * @param table a bare or dotted table name
   * @param column the column; a dotted path for a field of a nested struct
   * @param type a primitive type string (see {@link IcebergTypes#parse})
   * @param options doc, contract and legacy archival
   * @throws ValidationException if the type is incompatible and archival is off; table untouched
   * @throws IllegalArgumentException if the type string is invalid, the parent struct does not
   *     exist, or archival is refused (see {@link SchemaEvolutionHelper#enforceColumn(String, Type,
   *     EnforceOptions)})
   * @throws SchemaContractViolation if a contract is given and the table does not conform
   * @throws NoSuchTableException if the table does not exist
   */
  default void enforceColumn(String table, String column, String type, EnforceOptions options) {
    enforceColumn(table, column, IcebergTypes.parse(type), options);
  }

  /**
   * Ensures a column exists with a type, with a doc, a contract or legacy archival; see {@link
   * SchemaEvolutionHelper#enforceColumn(String, Type, EnforceOptions)} for the behaviour matrix.
   *
   * @param table a bare or dotted table name
   * @param column the column; a dotted path for a field of a nested struct
   * @param type the type it must have
   * @param options doc, contract, legacy archival and defaults ({@link
   *     EnforceOptions#withDefaults})
   * @throws ValidationException if the type is incompatible and archival is off; table untouched
   * @throws IllegalArgumentException if the parent struct does not exist, archival is refused for a
   *     column the partition spec, sort order or identifier fields reference, or a default is
   *     refused (format version 1 or 2, another initial default); the table is untouched
   * @throws IllegalStateException if an archival's second step and its compensation both fail
   * @throws SchemaContractViolation if a contract is given and the table does not conform
   * @throws NoSuchTableException if the table does not exist
   */
  void enforceColumn(String table, String column, Type type, EnforceOptions options);

  /**
   * Renames a column idempotently (see {@link SchemaEvolutionHelper#enforceRename(String, String,
   * String, SchemaContract)}).
   *
   * @param table a bare or dotted table name
   * @param oldName the current name; a dotted path for a nested field
   * @param newName the new name: bare ({@code "postal_code"}), or a path with the same parent
   * @throws IllegalArgumentException if the names do not share a parent, the parent does not exist,
   *     or a colliding new name cannot be archived
   * @throws NoSuchTableException if the table does not exist
   */
  default void enforceRename(String table, String oldName, String newName) {
    enforceRename(table, oldName, newName, null, null);
  }

  /**
   * Renames a column idempotently and sets its doc.
   *
   * @param table a bare or dotted table name
   * @param oldName the current name
   * @param newName the new name: bare ({@code "postal_code"}), or a path with the same parent
   * @param doc the renamed column's description, or null
   * @throws IllegalArgumentException if the names do not share a parent, the parent does not exist,
   *     or a colliding new name cannot be archived
   * @throws NoSuchTableException if the table does not exist
   */
  default void enforceRename(String table, String oldName, String newName, String doc) {
    enforceRename(table, oldName, newName, doc, null);
  }

  /**
   * Renames a column idempotently, sets its doc and checks a contract afterwards.
   *
   * @param table a bare or dotted table name
   * @param oldName the current name
   * @param newName the new name: bare ({@code "postal_code"}), or a path with the same parent
   * @param doc the renamed column's description, or null
   * @param contract a contract checked afterwards, or null
   * @throws IllegalArgumentException if the names do not share a parent, the parent does not exist,
   *     or a colliding new name cannot be archived
   * @throws IllegalStateException if the rename and its compensation both fail
   * @throws SchemaContractViolation if a contract is given and the table does not conform
   * @throws NoSuchTableException if the table does not exist
   */
  void enforceRename(
      String table, String oldName, String newName, String doc, SchemaContract contract);

  /**
   * Sets or clears a column's doc (see {@link SchemaEvolutionHelper#updateColumnDoc}); nothing is
   * committed when the column already has that doc. The way a downgrade takes back a doc its
   * upgrade set: {@code enforceRename("orders", "postal_code", "zip")}, then {@code
   * updateColumnDoc("orders", "zip", null)}.
   *
   * @param table a bare or dotted table name
   * @param column the column; a dotted path for a field of a nested struct
   * @param doc the new doc, or null to clear it
   * @throws IllegalArgumentException if the column or the parent struct of a dotted path does not
   *     exist
   * @throws NoSuchTableException if the table does not exist
   */
  void updateColumnDoc(String table, String column, String doc);

  /**
   * Deletes a column from the schema. Metadata only: data files keep the values, which stay
   * reachable by time travel; re-adding the column later creates a new, empty column.
   *
   * @param table a bare or dotted table name
   * @param column the column; a dotted path for a field of a nested struct
   * @throws IllegalArgumentException if the column does not exist
   * @throws NoSuchTableException if the table does not exist
   */
  void deleteColumn(String table, String column);

  // --- layout -----------------------------------------------------------------------------------

  /**
   * Adds and removes partition fields in one commit, idempotently: a field that already exists with
   * the same name, source column and transform is not added again, and a field to remove that is
   * not there is left alone, so running the same call twice changes nothing the second time.
   * Nothing is committed when there is nothing left to do. To change a field's transform, remove
   * and add it in the same call.
   *
   * <pre>{@code
   * ctx.updatePartitionSpec("payments", List.of(PartitionFieldSpec.bucket("account_id", 16)), null);
   * ctx.updatePartitionSpec("payments", null, List.of("account_id_bucket")); // in downgrade()
   * }</pre>
   *
   * @param table a bare or dotted table name
   * @param addFields the partition fields to add, or null for none
   * @param removeFields the names of partition fields to remove, or null for none
   * @throws IllegalArgumentException if an entry is null, a source column does not exist, a field
   *     to add has the name of an existing field with another source or transform (and the call
   *     does not remove it), or the table is already partitioned by the same source and transform
   *     under another name
   * @throws NoSuchTableException if the table does not exist
   */
  void updatePartitionSpec(
      String table, List<PartitionFieldSpec> addFields, List<String> removeFields);

  /**
   * Replaces the sort order; ascending columns sort nulls first, descending nulls last. Nothing is
   * committed when the table already has that order, so running it twice is harmless.
   *
   * @param table a bare or dotted table name
   * @param sortColumns the new sort order, first column first; null or empty for unsorted
   * @throws IllegalArgumentException if an entry is null or a column does not exist
   * @throws NoSuchTableException if the table does not exist
   */
  void replaceSortOrder(String table, List<SortColumn> sortColumns);

  /**
   * Sets the sort order to ascending (nulls first) on the given columns, the same as {@link
   * #replaceSortOrder} with {@link SortColumn#asc} for each. Writes no other properties.
   *
   * @param table a bare or dotted table name
   * @param columns the clustering columns, first column first; null or empty for unsorted
   * @throws IllegalArgumentException if a column is blank or does not exist
   * @throws NoSuchTableException if the table does not exist
   */
  default void setClusteringKeys(String table, List<String> columns) {
    setClusteringKeys(table, columns, SortDirection.ASC);
  }

  /**
   * Sets the sort order to one direction on the given columns, the same as {@link
   * #replaceSortOrder} with that direction for every column. Writes no other properties.
   *
   * @param table a bare or dotted table name
   * @param columns the clustering columns, first column first; null or empty for unsorted
   * @param direction the direction of every column; ascending sorts nulls first, descending last
   * @throws IllegalArgumentException if the direction is null, or a column is blank or does not
   *     exist
   * @throws NoSuchTableException if the table does not exist
   */
  default void setClusteringKeys(String table, List<String> columns, SortDirection direction) {
    if (direction == null) {
      throw new IllegalArgumentException(
          "Cannot set clustering keys of "
              + (table == null || table.isBlank() ? table : qualified(table))
              + ": the direction is null");
    }
    replaceSortOrder(
        table,
        columns == null
            ? List.of()
            : columns.stream().map(column -> new SortColumn(column, direction)).toList());
  }

  // --- properties -------------------------------------------------------------------------------

  /**
   * Sets table properties in one commit. Nothing is committed for an empty map. A {@code
   * format-version} among them is upgraded first, as {@link #upgradeFormatVersion} does: its own
   * step, which makes the version irreversible.
   *
   * @param table a bare or dotted table name
   * @param properties the properties to set
   * @throws IllegalArgumentException if the map is null or holds a null key or value, or a {@code
   *     format-version} lower than the table's or not a number
   * @throws NoSuchTableException if the table does not exist
   */
  void setTableProperties(String table, Map<String, String> properties);

  /**
   * Removes table properties in one commit. Keys the table does not have are ignored; nothing is
   * committed when none of the keys is present.
   *
   * @param table a bare or dotted table name
   * @param keys the property keys to remove
   * @throws IllegalArgumentException if the collection is null or holds a null key
   * @throws NoSuchTableException if the table does not exist
   */
  void unsetTableProperties(String table, Collection<String> keys);

  /**
   * Sets the target data file size that writers aim for, {@code write.target-file-size-bytes}.
   *
   * @param table a bare or dotted table name
   * @param targetMb the target size in MiB ({@code targetMb * 1024 * 1024} bytes)
   * @throws IllegalArgumentException if {@code targetMb} is not positive or too large
   * @throws NoSuchTableException if the table does not exist
   */
  void setCompactionTargetSize(String table, long targetMb);

  /**
   * Sets the snapshot retention that snapshot expiry reads when not told otherwise: {@code
   * history.expire.min-snapshots-to-keep} and {@code history.expire.max-snapshot-age-ms}, in one
   * commit. Do not use it on AWS S3 Tables, which manages snapshot retention itself: a warning is
   * logged when the catalog looks configured for S3 Tables (a {@link RESTCatalog} whose {@code
   * rest.signing-name} is {@code s3tables} or whose {@code uri} contains {@code s3tables}, or a
   * catalog class whose name contains {@code S3Tables}).
   *
   * @param table a bare or dotted table name
   * @param minSnapshots the number of snapshots always kept, or null to leave it alone
   * @param maxSnapshotAge the age after which snapshots may expire, or null to leave it alone
   * @throws IllegalArgumentException if both are null, or a value is not positive
   * @throws NoSuchTableException if the table does not exist
   */
  void setSnapshotRetention(String table, Integer minSnapshots, Duration maxSnapshotAge);

  /**
   * Upgrades a table's format version, for example to 3 for column defaults; nothing is committed
   * when the table already has it. Irreversible: Iceberg never lowers a format version, so the
   * runner refuses to roll back a version whose upgrade called this (the step is in its history
   * row), as if its downgrade threw {@link IrreversibleMigrationException} as its first statement;
   * list the version in the toolkit's {@code irreversible}.
   *
   * <pre>{@code
   * ctx.upgradeFormatVersion("orders", 3);
   * ctx.addRequiredColumn("orders", "status", Types.StringType.get(), null,
   *     Expressions.lit("legacy"), Expressions.lit("new"));
   * }</pre>
   *
   * @param table a bare or dotted table name
   * @param formatVersion the format version the table must have
   * @throws IllegalArgumentException if the table has a later format version, or Iceberg does not
   *     support this one
   * @throws NoSuchTableException if the table does not exist
   */
  void upgradeFormatVersion(String table, int formatVersion);

  // --- helpers ----------------------------------------------------------------------------------

  /**
   * A schema evolution helper for the table's lower-level primitives.
   *
   * @param table a bare or dotted table name
   * @return a helper bound to the freshly loaded table, which its first change reads as loaded
   * @throws NoSuchTableException if the table does not exist
   */
  SchemaEvolutionHelper getHelper(String table);

  /**
   * Makes an earlier schema of the table current again, preserving every field ID: Iceberg's
   * set-current-schema update, the field-ID-preserving way to undo schema changes. Opt-in and
   * beyond the spec; use it in a {@code downgrade()} only when it is safe.
   *
   * <p>It is the exact inverse of the additive, rename and doc changes made since {@code schemaId}:
   * names, docs and order return to what they were, and the columns keep their field IDs. Know what
   * it means for everything else:
   *
   * <ul>
   *   <li>Columns added since {@code schemaId} disappear from reads. Their values stay in the data
   *       files written meanwhile, and making the later schema current again brings them back; but
   *       adding a column of that name with {@link #addColumn} creates a new field ID (the table's
   *       last column ID never goes down).
   *   <li>Columns deleted since {@code schemaId} reappear with their old field ID; rows written
   *       after the delete read them as null.
   *   <li>A type promoted since {@code schemaId} (int to long, float to double, wider decimal) goes
   *       back to the narrower type. Only safe if no data has been written since the promotion:
   *       files written with the wider type cannot be read as the narrower one.
   *   <li>An optional column made required since, or the reverse, gets its old nullability back;
   *       making a column required again is only safe if no nulls were written meanwhile.
   *   <li>The identifier fields become those of {@code schemaId}.
   *   <li>Data, partition spec, sort order and properties are not touched.
   * </ul>
   *
   * <p>Refused, with the table untouched, when the current partition spec, sort order or identifier
   * fields reference a column that schema {@code schemaId} lacks. Does nothing when {@code
   * schemaId} is already current.
   *
   * <p>In a downgrade, {@link #restoreSchemaBeforeUpgrade} finds the schema to restore itself; do
   * not take the largest id that has some column for it, since Iceberg gives a schema equal to an
   * earlier one that earlier id back.
   *
   * @param table a bare or dotted table name
   * @param schemaId the id of one of the table's schemas ({@code table.schemas()})
   * @throws IllegalArgumentException if the table has no schema with that id, or the current
   *     partition spec, sort order or identifier fields reference a column the schema lacks, or the
   *     catalog's tables do not expose their {@link TableOperations}
   * @throws NoSuchTableException if the table does not exist
   */
  void restoreSchema(String table, int schemaId);

  /**
   * In a downgrade, makes the schema the table had before this version's upgrade current again, as
   * {@link #restoreSchema} does with its id: the runner records that schema in the table (property
   * {@code iceberg-ops.schema-before-upgrade.<version>}, not part of the table's shape) with the
   * upgrade's first commit to it, and this removes the record. Schema ids need not be picked: the
   * largest id is not the newest schema once a downgrade and a second upgrade made Iceberg reuse an
   * earlier id.
   *
   * <pre>{@code
   * ctx.deleteColumn("orders", "coupon_code");          // in upgrade()
   * ctx.restoreSchemaBeforeUpgrade("orders");           // in downgrade(): the column is back
   * }</pre>
   *
   * @param table a bare or dotted table name
   * @throws IllegalArgumentException if the context runs no version (outside a runner), or the
   *     table holds no record of that schema (the upgrade did not change it through the run's
   *     context, or ran before this release), or as {@link #restoreSchema} refuses
   * @throws NoSuchTableException if the table does not exist
   */
  void restoreSchemaBeforeUpgrade(String table);

  /**
   * Commits this version's changes so far, so that another engine (Spark, Trino, a catalog client
   * of its own) sees them before a step that reads or writes the tables through it. On a REST
   * catalog the runner holds a version's table changes back and commits them with the version's
   * history row in one commit when it ends; this commits what it holds now, with a running row that
   * names the steps done, and the rest of the version commits change by change, as on other
   * catalogs. Where nothing is held, it does nothing.
   *
   * <pre>{@code
   * ctx.enforceColumn("orders", "order_ref", "string", EnforceOptions.legacyArchival());
   * ctx.publishChanges();                               // Spark now sees order_ref
   * spark.sql("UPDATE ... SET order_ref = ...");
   * }</pre>
   *
   * @throws org.apache.iceberg.exceptions.CommitFailedException if the catalog refused the commit;
   *     nothing of the version was committed then
   */
  void publishChanges();

  /**
   * Writes a data step on a branch of one table, audits it there, and publishes it onto main in one
   * commit: readers of main see the table as it was until the publish, then all of the step at
   * once. What the version holds is committed first (as {@link #publishChanges} does), so a column
   * the step fills, added just before, is there. The branch, {@code
   * stage_<namespace>_<version>_<table>}, is made at main's head (at an empty snapshot of its own
   * on a table with none yet, whose main the publish creates); the write commits to it; the audits
   * run on it; an audited head is tagged {@code <branch>_audited}; one commit then fast-forwards
   * main onto it (through the run's catalog, so the run lease fences it), and the branch and its
   * tag are removed. Widen the schema before the step and tighten it (drop the old column, make the
   * new one required) in a later version: a schema is per table, not per branch.
   *
   * <pre>{@code
   * ctx.addColumn("payments", "amount_cents", "long");
   * ctx.stageData("payments", StagedData.write(branch -> {
   *       DataFile file = writeWithCents(branch.table(), branch.mainRows());
   *       branch.table().newOverwrite().deleteFile(old).addFile(file)
   *           .toBranch(branch.name()).commit();
   *     })
   *     .auditRowCountKept()
   *     .auditNoNulls("amount_cents")
   *     .audit("cents match euros", branch -> centsMatchEuros(branch.rows())));
   * }</pre>
   *
   * <p>When another writer commits to main while the step is staged, the step fails naming that
   * writer's snapshot, or, with {@link StagedData.MainMoved#RESTAGE}, is staged again on the new
   * main. A second run that finds the version's branch already published removes it without writing
   * again. Outside a run ({@link MigrationContexts#of}) the same happens, with no lease and no
   * history.
   *
   * @param table a bare or dotted table name
   * @param step what the step writes and how it is audited
   * @throws IllegalArgumentException if the step is null
   * @throws IllegalStateException if an audit fails (main is untouched and the branch is kept for
   *     inspection), main moved while the step was staged and it is not to be staged again (the
   *     branch is kept for inspection), or an earlier run left the branch unpublished (repair
   *     publishes or drops it)
   * @throws NoSuchTableException if the table does not exist
   */
  void stageData(String table, StagedData step);
}
