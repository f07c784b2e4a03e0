package dev.icebergops.schema;

import dev.icebergops.internal.ColumnDefaults;
import java.util.Objects;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.UpdateSchema;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.ValidationException;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types.NestedField;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Idempotent column enforcement and renaming for one Iceberg table, with legacy archival for
 * incompatible type changes and a compensating transaction when the second of two commits fails.
 *
 * <pre>{@code
 * SchemaEvolutionHelper helper = SchemaEvolutionHelper.load(catalog, id);
 * helper.enforceColumn("amount", Types.LongType.get());                // add, promote or no-op
 * helper.enforceColumn("duration", Types.StringType.get(), EnforceOptions.legacyArchival());
 * helper.enforceRename("address.zip", "postal_code");             // same as "address.postal_code"
 * helper.updateColumnDoc("address.postal_code", null);                // clears its doc
 * }</pre>
 *
 * <p>Every method refreshes the table first (except the first of a helper that {@link #load} just
 * loaded) and commits each step on its own. Dotted paths reach fields of nested structs; the parent
 * struct must exist.
 */
public final class SchemaEvolutionHelper {

  private static final Logger LOG = LoggerFactory.getLogger(SchemaEvolutionHelper.class);

  private final Table table;
  private final Archival archival;

  /** Whether the table was loaded just now: the first read of its schema needs no refresh. */
  private boolean justLoaded;

  /**
   * Wraps a table.
   *
   * @param table the table to evolve
   */
  public SchemaEvolutionHelper(Table table) {
    this.table = Objects.requireNonNull(table, "table");
    this.archival = new Archival(table);
  }

  /**
   * Loads a table and wraps it. The helper's first read of the schema uses the table as loaded,
   * without refreshing it again; later reads refresh it first.
   *
   * <pre>{@code
   * SchemaEvolutionHelper.load(catalog, TableIdentifier.of("sales", "orders"))
   *     .enforceColumn("region", Types.StringType.get());
   * }</pre>
   *
   * @param catalog the catalog holding the table
   * @param identifier the table
   * @return a helper over the table as just loaded
   * @throws org.apache.iceberg.exceptions.NoSuchTableException if the table does not exist
   */
  public static SchemaEvolutionHelper load(Catalog catalog, TableIdentifier identifier) {
    SchemaEvolutionHelper helper = new SchemaEvolutionHelper(catalog.loadTable(identifier));
    helper.justLoaded = true;
    return helper;
  }

  /** The table this helper evolves. */
  public Table table() {
    return table;
  }

  /**
   * The table's current schema, read after a refresh; the first read of a helper from {@link #load}
   * reads the table as loaded.
   */
  public Schema getIcebergSchema() {
    if (justLoaded) {
      justLoaded = false;
    } else {
      table.refresh();
    }
    return table.schema();
  }

  /**
   * Ensures a column exists with a type: adds it when absent, promotes it in place when the Iceberg
   * spec allows, and does nothing (but write a changed doc) when it already has the type.
   *
   * @param column the column, a dotted path for a field of a nested struct
   * @param type the type it must have
   * @throws ValidationException if the column has an incompatible type; the table is untouched
   * @throws IllegalArgumentException if the parent struct of a dotted path does not exist
   */
  public void enforceColumn(String column, Type type) {
    enforceColumn(column, type, EnforceOptions.defaults());
  }

  /**
   * Ensures a column exists with a type, with a doc, a contract check or legacy archival.
   *
   * <table>
   *   <caption>Behaviour</caption>
   *   <tr><th>State</th><th>Action</th></tr>
   *   <tr><td>absent</td><td>add it, with the options' defaults</td></tr>
   *   <tr><td>equivalent type</td><td>no-op; only a changed doc or write default is
   *     written</td></tr>
   *   <tr><td>promotable type</td><td>update it in place</td></tr>
   *   <tr><td>incompatible type</td><td>{@link ValidationException}, or with legacy archival:
   *     rename the column to {@code <name>__legacy_N}, make it optional, prefix its doc with
   *     {@code [ARCHIVED]} (step 1), then add the fresh column (step 2); a step-2 failure undoes
   *     step 1 and is rethrown</td></tr>
   * </table>
   *
   * @param column the column, a dotted path for a field of a nested struct
   * @param type the type it must have
   * @param options doc, contract and legacy archival
   * @throws ValidationException if the type is incompatible and archival is off; table untouched
   * @throws IllegalArgumentException if the parent struct does not exist, archival is needed for a
   *     column that the partition spec, sort order or identifier fields reference, a default is
   *     asked of a table of format version 1 or 2, or an existing column has another initial
   *     default; the table is untouched
   * @throws IllegalStateException if step 2 and its compensation both fail; names the stranded
   *     column
   * @throws SchemaContractViolation if a contract is given and the table does not conform
   */
  public void enforceColumn(String column, Type type, EnforceOptions options) {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(options, "options");
    ColumnPath path = ColumnPath.of(column);
    Schema schema = getIcebergSchema();
    checkParent(schema, path, "enforce");
    ColumnDefaults.checkSupported(
        table,
        "enforce column " + table.name() + "." + path,
        options.initialDefault(),
        options.writeDefault());
    NestedField field = schema.findField(path.full());
    if (field == null) {
      addColumn(path, type, options);
    } else if (IcebergTypes.structurallyEqual(field.type(), type)) {
      UpdateSchema update = table.updateSchema();
      if (putDefault(update, path, field, type, options) | putDoc(update, path, field, options)) {
        update.commit();
        LOG.info("Updated column {}.{}: doc or write default", table.name(), path);
      }
    } else if (IcebergTypes.isPromotion(field.type(), type)) {
      var update = table.updateSchema().updateColumn(path.full(), type.asPrimitiveType());
      putDoc(update, path, field, options);
      putDefault(update, path, field, type, options);
      update.commit();
      LOG.info("Promoted column {}.{} from {} to {}", table.name(), path, field.type(), type);
    } else if (!options.isLegacyArchival()) {
      throw new ValidationException(
          "Cannot change column %s.%s from %s to %s: not an allowed type promotion (%s)",
          table.name(),
          path,
          IcebergTypes.format(field.type()),
          IcebergTypes.format(type),
          field.type().isNestedType() || type.isNestedType()
              ? "nested types cannot change in place; evolve their sub-fields with dotted paths"
              : "opt in to EnforceOptions.legacyArchival() to keep the old column and add a new one");
    } else {
      archival.completeOrRestore(schema, path, field, () -> addColumn(path, type, options));
    }
    checkContract(options.contract());
  }

  /**
   * Renames a column idempotently.
   *
   * @param oldName the current name (a dotted path for a nested field)
   * @param newName the new name: a bare name, which keeps the parent struct of {@code oldName} as
   *     Iceberg's {@code renameColumn} does, or a dotted path with the same parent
   * @throws IllegalArgumentException if the names do not share a parent struct, the parent does not
   *     exist, or a colliding {@code newName} is referenced by the partition spec, sort order or
   *     identifier fields; the table is untouched
   */
  public void enforceRename(String oldName, String newName) {
    enforceRename(oldName, newName, null, null);
  }

  /**
   * Renames a column idempotently and sets its doc.
   *
   * @param oldName the current name
   * @param newName the new name: bare, or a dotted path with the same parent
   * @param doc the doc to attach to the renamed column, or null
   * @throws IllegalArgumentException see {@link #enforceRename(String, String, String,
   *     SchemaContract)}
   */
  public void enforceRename(String oldName, String newName, String doc) {
    enforceRename(oldName, newName, doc, null);
  }

  /**
   * Renames a column idempotently, sets its doc and checks a contract afterwards.
   *
   * <table>
   *   <caption>Behaviour</caption>
   *   <tr><th>State</th><th>Action</th></tr>
   *   <tr><td>old name equals new name</td><td>no-op</td></tr>
   *   <tr><td>neither exists</td><td>no-op, warning logged</td></tr>
   *   <tr><td>only the new name exists</td><td>already done; only a changed doc is written</td></tr>
   *   <tr><td>only the old name exists</td><td>rename</td></tr>
   *   <tr><td>both exist</td><td>archive the new name as {@code __legacy_N} (step 1), then rename
   *     (step 2); a step-2 failure undoes step 1 and is rethrown</td></tr>
   * </table>
   *
   * @param oldName the current name
   * @param newName the new name: bare, or a dotted path with the same parent
   * @param doc the doc to attach to the renamed column, or null
   * @param contract a contract checked afterwards, or null
   * @throws IllegalArgumentException if the names do not share a parent struct, the parent does not
   *     exist, or a colliding {@code newName} is referenced by the partition spec, sort order or
   *     identifier fields; the table is untouched
   * @throws IllegalStateException if the rename and its compensation both fail
   * @throws SchemaContractViolation if a contract is given and the table does not conform
   */
  public void enforceRename(String oldName, String newName, String doc, SchemaContract contract) {
    ColumnPath from = ColumnPath.of(oldName);
    ColumnPath named = ColumnPath.of(newName);
    ColumnPath to = named.parent() == null ? from.sibling(named.leaf()) : named;
    if (!Objects.equals(from.parent(), to.parent())) {
      throw new IllegalArgumentException(
          String.format(
              "Cannot rename column %s.%s to %s: both names must share a parent struct",
              table.name(), from, to));
    }
    if (!from.equals(to)) {
      rename(from, to, doc);
    }
    checkContract(contract);
  }

  private void rename(ColumnPath from, ColumnPath to, String doc) {
    Schema schema = getIcebergSchema();
    checkParent(schema, from, "rename");
    NestedField source = schema.findField(from.full());
    NestedField target = schema.findField(to.full());
    if (source == null && target == null) {
      LOG.warn("Cannot rename column {}.{} to {}: neither column exists", table.name(), from, to);
    } else if (source == null) {
      if (doc != null && !doc.equals(target.doc())) {
        table.updateSchema().updateColumnDoc(to.full(), doc).commit();
        LOG.info("Updated doc of column {}.{}", table.name(), to);
      }
    } else if (target == null) {
      renameColumn(from, to, doc);
    } else {
      archival.completeOrRestore(schema, to, target, () -> renameColumn(from, to, doc));
    }
  }

  /**
   * Sets or clears a column's doc; nothing is committed when the column already has that doc.
   *
   * @param column the column, a dotted path for a field of a nested struct
   * @param doc the new doc, or null to clear it
   * @throws IllegalArgumentException if the column or the parent struct of a dotted path does not
   *     exist; the table is untouched
   */
  public void updateColumnDoc(String column, String doc) {
    ColumnPath path = ColumnPath.of(column);
    Schema schema = getIcebergSchema();
    checkParent(schema, path, "update doc of");
    NestedField field = schema.findField(path.full());
    if (field == null) {
      throw new IllegalArgumentException(
          String.format(
              "Cannot update doc of column %s.%s: it does not exist", table.name(), path));
    }
    if (!Objects.equals(doc, field.doc())) {
      table.updateSchema().updateColumnDoc(path.full(), doc).commit();
      LOG.info("{} doc of column {}.{}", doc == null ? "Cleared" : "Updated", table.name(), path);
    }
  }

  private void renameColumn(ColumnPath from, ColumnPath to, String doc) {
    var update = table.updateSchema().renameColumn(from.full(), to.leaf());
    if (doc != null) {
      update.updateColumnDoc(from.full(), doc);
    }
    update.commit();
    LOG.info("Renamed column {}.{} to {}", table.name(), from, to);
  }

  private void addColumn(ColumnPath path, Type type, EnforceOptions options) {
    ColumnDefaults.add(
        table,
        path.parent(),
        path.leaf(),
        type,
        options.doc(),
        false,
        options.initialDefault(),
        options.writeDefault());
    LOG.info("Added column {}.{} ({})", table.name(), path, type);
  }

  private static boolean putDoc(
      UpdateSchema update, ColumnPath path, NestedField field, EnforceOptions options) {
    boolean changed = options.doc() != null && !options.doc().equals(field.doc());
    if (changed) {
      update.updateColumnDoc(path.full(), options.doc());
    }
    return changed;
  }

  /**
   * Puts the options' write default on the update when the column has another one; an initial
   * default other than the column's is refused, since Iceberg never changes one.
   */
  private boolean putDefault(
      UpdateSchema update, ColumnPath path, NestedField field, Type type, EnforceOptions options) {
    Object initial = ColumnDefaults.value(options.initialDefault(), type);
    if (initial != null && !initial.equals(field.initialDefault())) {
      throw new IllegalArgumentException(
          String.format(
              "Cannot enforce column %s.%s with initial default %s: it has %s, and the initial"
                  + " default of an existing column cannot change",
              table.name(),
              path,
              ColumnDefaults.text(type, initial),
              ColumnDefaults.text(field.type(), field.initialDefault())));
    }
    Object write = ColumnDefaults.value(options.writeDefault(), type);
    boolean changed = write != null && !write.equals(field.writeDefault());
    if (changed) {
      update.updateColumnDefault(path.full(), options.writeDefault());
    }
    return changed;
  }

  private void checkParent(Schema schema, ColumnPath path, String verb) {
    String problem = ColumnDefaults.parentProblem(schema, path.parent());
    if (problem != null) {
      throw new IllegalArgumentException(
          String.format("Cannot %s column %s.%s: %s", verb, table.name(), path, problem));
    }
  }

  private void checkContract(SchemaContract contract) {
    if (contract != null) {
      contract.enforce(table);
    }
  }
}
