package dev.icebergops.autogen;

import dev.icebergops.schema.ColumnSpec;
import dev.icebergops.schema.SchemaContract;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableUtil;

/**
 * Writes the migration that makes a live table conform to a target: a {@link SchemaContract} or a
 * complete {@link Schema}. The generated code is conservative:
 *
 * <ul>
 *   <li>missing columns are added with their docs, always as optional (never a NOT NULL column on
 *       an existing table);
 *   <li>a type change is written as {@code enforceColumn} only when it is an Iceberg promotion; any
 *       other makes the generated {@code upgrade()} throw {@link
 *       dev.icebergops.migration.IrreversibleMigrationException} before any step, the calls kept as
 *       comments;
 *   <li>renames come only from hints, never guessed;
 *   <li>columns are dropped only for a strict contract or a schema target;
 *   <li>{@code downgrade()} undoes additions and renames, and throws first when the revision drops
 *       a column or changes a type;
 *   <li>a format-version 3 type is refused for a table at an older format version.
 * </ul>
 *
 * <pre>{@code
 * Optional<Revision> revision = RevisionGenerator.forTable("orders", catalog.loadTable(id))
 *     .withRenameHints(Map.of("amount", "gross_amount"))
 *     .against(SchemaContract.fromYaml(Path.of("contracts/orders.yaml")));
 * }</pre>
 */
public final class RevisionGenerator {

  private final String tableName;
  private final Table table;
  private final Map<String, String> renameHints;

  private RevisionGenerator(String tableName, Table table, Map<String, String> renameHints) {
    this.tableName = tableName;
    this.table = table;
    this.renameHints = renameHints;
  }

  /**
   * Starts a generator for one table.
   *
   * @param tableName the name the generated code uses, usually bare ({@code "orders"}) so the
   *     runner's namespace qualifies it
   * @param table the live table
   * @return the generator
   */
  public static RevisionGenerator forTable(String tableName, Table table) {
    if (tableName == null || tableName.isBlank()) {
      throw new IllegalArgumentException("Cannot autogenerate a revision: the table name is empty");
    }
    return new RevisionGenerator(tableName, Objects.requireNonNull(table, "table"), Map.of());
  }

  /**
   * This generator with rename hints: each entry renames a live column (key) to a target one
   * (value), full dotted paths with the same parent.
   *
   * @param oldToNew the hints
   * @return a new generator
   */
  public RevisionGenerator withRenameHints(Map<String, String> oldToNew) {
    return new RevisionGenerator(tableName, table, Map.copyOf(new LinkedHashMap<>(oldToNew)));
  }

  /**
   * Diffs the table against a contract.
   *
   * @param contract the contract; columns it does not list are dropped only when it is strict
   * @return the revision, or empty when the table already conforms
   * @throws IllegalArgumentException if a rename hint does not fit the table or the contract, or a
   *     column needs a newer table format version
   */
  public Optional<Revision> against(SchemaContract contract) {
    return generate(
        contract.columns(),
        contract.strict(),
        (contract.strict() ? "a strict" : "a") + " contract");
  }

  /**
   * Diffs the table against a complete schema (by column name, not field id): columns it lacks are
   * dropped.
   *
   * @param target the schema the table must have
   * @return the revision, or empty when the table already has that shape
   * @throws IllegalArgumentException as for {@link #against(SchemaContract)}
   */
  public Optional<Revision> against(Schema target) {
    return generate(TargetDiff.children(target.asStruct()), true, "a schema");
  }

  private Optional<Revision> generate(List<ColumnSpec> columns, boolean strict, String origin) {
    table.refresh();
    TargetDiff diff =
        new TargetDiff(
            tableName, table.schema(), TableUtil.formatVersion(table), strict, renameHints);
    List<Step> steps = diff.steps(columns);
    return steps.isEmpty() ? Optional.empty() : Optional.of(new Revision(tableName, origin, steps));
  }
}
