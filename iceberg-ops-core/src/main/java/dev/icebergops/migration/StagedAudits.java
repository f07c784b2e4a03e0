package dev.icebergops.migration;

import dev.icebergops.schema.ColumnSpec;
import dev.icebergops.schema.SchemaContract;
import java.math.BigDecimal;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types.NestedField;

/** The audits {@link StagedData} offers: each says why a branch failed it, or null. */
final class StagedAudits {

  private static final Set<Type.TypeID> NUMERIC =
      Set.of(
          Type.TypeID.INTEGER,
          Type.TypeID.LONG,
          Type.TypeID.FLOAT,
          Type.TypeID.DOUBLE,
          Type.TypeID.DECIMAL);

  private StagedAudits() {}

  static String contract(SchemaContract contract, StagedBranch branch) {
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

  static String rowCountKept(StagedBranch branch) {
    int rows = branch.rows().size();
    int before = branch.mainRows().size();
    return rows == before
        ? null
        : "the branch has %s %s, main had %s when it was staged"
            .formatted(rows, rows == 1 ? "row" : "rows", before);
  }

  static String noNulls(String column, StagedBranch branch) {
    if (field(column, branch) == null) {
      return missing(column);
    }
    List<Record> rows = branch.rows();
    long nulls = rows.stream().filter(row -> value(row, column) == null).count();
    return nulls == 0 ? null : nulls + " of " + rows.size() + " rows have a null " + column;
  }

  static String sumKept(String column, StagedBranch branch) {
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
