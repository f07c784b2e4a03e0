package dev.icebergops.migration;

import dev.icebergops.schema.ColumnSpec;
import dev.icebergops.schema.SchemaContract;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types.NestedField;

/**
 * What a staged data step writes and how it is audited before it is published (see {@link
 * MigrationContext#stageData}). Immutable: each method returns a new step.
 *
 * <pre>{@code
 * StagedData.write(branch -> backfillAmountCents(branch.table(), branch.name()))
 *     .contract(contract)
 *     .auditRowCountKept()
 *     .auditNoNulls("amount_cents")
 *     .audit("cents match euros", branch -> centsMatchEuros(branch.rows()))
 *     .onMainMoved(StagedData.MainMoved.RESTAGE);
 * }</pre>
 */
public final class StagedData {

  /** What a staged step does when another writer committed to main while it was staged. */
  public enum MainMoved {
    /** Fail, naming the other writer's snapshot; nothing of the step is published. */
    FAIL,
    /** Drop the branch and stage the step again on the new main (write and audits again). */
    RESTAGE
  }

  /** An audit: its description and why it failed on a branch, or null when it passed. */
  private record Audit(String description, Function<StagedBranch, String> failure) {}

  /** The types {@link #auditSumKept} sums. */
  private static final Set<Type.TypeID> NUMERIC =
      Set.of(
          Type.TypeID.INTEGER,
          Type.TypeID.LONG,
          Type.TypeID.FLOAT,
          Type.TypeID.DOUBLE,
          Type.TypeID.DECIMAL);

  private final Consumer<StagedBranch> write;
  private final List<Audit> audits;
  private final MainMoved mainMoved;

  private StagedData(Consumer<StagedBranch> write, List<Audit> audits, MainMoved mainMoved) {
    this.write = write;
    this.audits = List.copyOf(audits);
    this.mainMoved = mainMoved;
  }

  /**
   * A staged step that writes with {@code write}, audited by nothing yet, failing if main moves.
   *
   * @param write writes the step's data: every commit with {@code toBranch(branch.name())}
   * @throws IllegalArgumentException if the write is null
   */
  public static StagedData write(Consumer<StagedBranch> write) {
    require(write, "write");
    return new StagedData(write, List.of(), MainMoved.FAIL);
  }

  /**
   * Audits the branch against the table's contract: its schema validates, and no row has a null in
   * a column the contract declares required (the schema may still hold it optional, to be made
   * required in a later version).
   *
   * @throws IllegalArgumentException if the contract is null
   */
  public StagedData contract(SchemaContract contract) {
    require(contract, "contract");
    return with("contract", branch -> contractAudit(contract, branch));
  }

  /** Audits that the branch has as many rows as main had when the branch was made. */
  public StagedData auditRowCountKept() {
    return with("row count kept", StagedData::rowCountKept);
  }

  /**
   * Audits that no row of the branch has a null in a column.
   *
   * @param column the column; a dotted path for a field of a struct
   * @throws IllegalArgumentException if the column is null or blank
   */
  public StagedData auditNoNulls(String column) {
    return with("no null in " + column(column), branch -> noNulls(column, branch));
  }

  /**
   * Audits that the sum of a numeric column on the branch is the sum on main when it was made.
   *
   * @param column the column; a dotted path for a field of a struct
   * @throws IllegalArgumentException if the column is null or blank
   */
  public StagedData auditSumKept(String column) {
    return with("sum of " + column(column) + " kept", branch -> sumKept(column, branch));
  }

  /**
   * Audits the branch with the migration's own check.
   *
   * @param description what it checks, for messages
   * @param passes whether the branch passes; an exception it throws fails the audit
   * @throws IllegalArgumentException if the description is blank or the check is null
   */
  public StagedData audit(String description, Predicate<StagedBranch> passes) {
    if (description == null || description.isBlank()) {
      throw new IllegalArgumentException("Cannot add audit: the description is empty");
    }
    require(passes, "audit");
    return with(description, branch -> passes.test(branch) ? null : "it returned false");
  }

  /**
   * Sets what the step does when another writer committed to main while it was staged.
   *
   * @throws IllegalArgumentException if the policy is null
   */
  public StagedData onMainMoved(MainMoved policy) {
    require(policy, "policy");
    return new StagedData(write, audits, policy);
  }

  /** Runs the write on a branch. */
  public void writeOn(StagedBranch branch) {
    write.accept(branch);
  }

  /** The audits' descriptions, in the order they run. */
  public List<String> audits() {
    return audits.stream().map(Audit::description).toList();
  }

  /** What the step does when main moved while it was staged. */
  public MainMoved mainMoved() {
    return mainMoved;
  }

  /**
   * Runs the audits on a branch, in order, up to the first that fails.
   *
   * @return {@code audit "<description>" failed on branch <name>: <why>}, empty when all pass
   */
  public Optional<String> failedAudit(StagedBranch branch) {
    for (Audit audit : audits) {
      String why;
      try {
        why = audit.failure().apply(branch);
      } catch (RuntimeException e) {
        why = "it threw " + e;
      }
      if (why != null) {
        return Optional.of(
            "audit \"" + audit.description() + "\" failed on branch " + branch.name() + ": " + why);
      }
    }
    return Optional.empty();
  }

  private StagedData with(String description, Function<StagedBranch, String> failure) {
    List<Audit> more = new ArrayList<>(audits);
    more.add(new Audit(description, failure));
    return new StagedData(write, more, mainMoved);
  }

  private static String column(String column) {
    if (column == null || column.isBlank()) {
      throw new IllegalArgumentException("Cannot add audit: the column is empty");
    }
    return column;
  }

  private static void require(Object value, String what) {
    if (value == null) {
      throw new IllegalArgumentException("Cannot stage data: the " + what + " is null");
    }
  }

  // the audits offered: each says why a branch failed it, or null
  private static String contractAudit(SchemaContract contract, StagedBranch branch) {
    List<String> violations = contract.validate(branch.table().schema());
    if (!violations.isEmpty()) {
      return String.join("; ", violations);
    }
    for (ColumnSpec column : contract.columns()) {
      String nulls = column.required() ? noNulls(column.name(), branch) : null;
      if (nulls != null) {
        return nulls + ", a column the contract requires";
      }
    }
    return null;
  }

  private static String rowCountKept(StagedBranch branch) {
    int rows = branch.rows().size();
    int before = branch.mainRows().size();
    return rows == before
        ? null
        : "the branch has %s %s, main had %s when it was staged"
            .formatted(rows, rows == 1 ? "row" : "rows", before);
  }

  private static String noNulls(String column, StagedBranch branch) {
    if (field(column, branch) == null) {
      return missing(column);
    }
    List<Record> rows = branch.rows();
    long nulls = rows.stream().filter(row -> value(row, column) == null).count();
    return nulls == 0 ? null : nulls + " of " + rows.size() + " rows have a null " + column;
  }

  private static String sumKept(String column, StagedBranch branch) {
    NestedField field = field(column, branch);
    if (field == null) {
      return missing(column);
    }
    if (!NUMERIC.contains(field.type().typeId())) {
      return "column " + column + " is a " + field.type() + ", not a number";
    }
    BigDecimal sum = sum(branch.rows(), column);
    BigDecimal before = sum(branch.mainRows(), column);
    return sum.compareTo(before) == 0
        ? null
        : "the sum on the branch is %s, main's was %s when it was staged"
            .formatted(sum.toPlainString(), before.toPlainString());
  }

  private static NestedField field(String column, StagedBranch branch) {
    return branch.table().schema().findField(column);
  }

  private static String missing(String column) {
    return "column " + column + " does not exist";
  }

  private static BigDecimal sum(List<Record> rows, String column) {
    return rows.stream()
        .map(row -> value(row, column))
        .filter(Objects::nonNull)
        .map(value -> new BigDecimal(value.toString()))
        .reduce(BigDecimal.ZERO, BigDecimal::add);
  }

  /** A column's value in a row; a dotted path walks into structs; null where a struct is null. */
  private static Object value(Record row, String column) {
    Object value = row;
    for (String part : column.split("\\.")) {
      if (!(value instanceof Record struct)) {
        return null;
      }
      value = struct.getField(part);
    }
    return value;
  }
}
