package dev.icebergops.test.assertj;

import dev.icebergops.schema.IcebergTypes;
import java.util.Objects;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types.NestedField;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on one column of a schema or table, reached through {@code hasColumn(path)}; every
 * failure shows the whole schema the column belongs to.
 *
 * <pre>{@code
 * assertThat(table)
 *     .hasColumn("amount").ofType("decimal(10,2)").isRequired().hasDoc("order total")
 *     .and()
 *     .hasProperty("owner", "sales-team");
 * }</pre>
 *
 * @param <PARENT> the assertion {@link #and()} returns to
 */
public class ColumnAssert<PARENT> extends AbstractAssert<ColumnAssert<PARENT>, NestedField> {

  private PARENT parent;
  private String path;
  private String owner;
  private boolean alreadyReported;

  /**
   * Creates the assertion on a bare field; prefer {@code hasColumn(path)}, which also sets the
   * schema shown in failures and the parent of {@link #and()}.
   *
   * @param actual the field under test
   */
  public ColumnAssert(NestedField actual) {
    super(actual, ColumnAssert.class);
    this.path = actual == null ? null : actual.name();
    this.owner = actual == null ? "(no field)" : String.valueOf(actual);
  }

  /** Attaches the column to the assertion it was reached from. */
  void within(PARENT from, String columnPath, String schemaText, boolean missing) {
    this.parent = from;
    this.path = columnPath;
    this.owner = schemaText;
    this.alreadyReported = missing;
  }

  /** Verifies that the column has the given type (field ids and nested docs are ignored). */
  public ColumnAssert<PARENT> ofType(Type type) {
    Objects.requireNonNull(type, "type");
    if (checkable() && !IcebergTypes.structurallyEqual(actual.type(), type)) {
      fail("to have type", IcebergTypes.format(type), IcebergTypes.format(actual.type()));
    }
    return myself;
  }

  /** Verifies that the column has the type named by a contract type string, e.g. {@code long}. */
  public ColumnAssert<PARENT> ofType(String type) {
    return ofType(IcebergTypes.parse(type));
  }

  /** Verifies that the column is required (not nullable). */
  public ColumnAssert<PARENT> isRequired() {
    if (checkable() && !actual.isRequired()) {
      fail("to be", "required", "optional");
    }
    return myself;
  }

  /** Verifies that the column is optional (nullable). */
  public ColumnAssert<PARENT> isOptional() {
    if (checkable() && !actual.isOptional()) {
      fail("to be", "optional", "required");
    }
    return myself;
  }

  /** Verifies the column's doc; {@code null} means the column has no doc. */
  public ColumnAssert<PARENT> hasDoc(String doc) {
    if (checkable() && !Objects.equals(actual.doc(), doc)) {
      fail("to have doc", doc(doc), doc(actual.doc()));
    }
    return myself;
  }

  /** Verifies the column's Iceberg field id. */
  public ColumnAssert<PARENT> hasFieldId(int fieldId) {
    if (checkable() && actual.fieldId() != fieldId) {
      fail("to have field id", String.valueOf(fieldId), String.valueOf(actual.fieldId()));
    }
    return myself;
  }

  /** Returns to the schema or table assertion this column was reached from. */
  public PARENT and() {
    if (parent == null) {
      throw new IllegalStateException(
          "Cannot return to a parent assertion: this column assertion was not reached through"
              + " hasColumn(path)");
    }
    return parent;
  }

  /** False when hasColumn already reported the column missing (soft assertions go on). */
  private boolean checkable() {
    if (alreadyReported) {
      return false;
    }
    isNotNull();
    return true;
  }

  private void fail(String expectation, String expected, String was) {
    throwAssertionError(
        Failure.of(
            "%nExpecting column %s of:%n%s%n" + expectation + ":%n  %s%nbut was:%n  %s",
            path,
            Failure.block(owner),
            Failure.text(expected),
            Failure.text(was)));
  }

  private static String doc(String doc) {
    return doc == null ? "(no doc)" : "\"" + doc + "\"";
  }
}
