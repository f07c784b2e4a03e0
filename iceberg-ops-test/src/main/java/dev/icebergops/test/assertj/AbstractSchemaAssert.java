package dev.icebergops.test.assertj;

import dev.icebergops.schema.SchemaContract;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.TypeUtil;
import org.apache.iceberg.types.Types.NestedField;
import org.assertj.core.api.AbstractAssert;
import org.assertj.core.api.SoftAssertionsProvider;

/**
 * The schema assertions shared by {@link SchemaAssert} and {@link TableAssert}. Column paths are
 * full dotted names ({@code address.city}), matched case-sensitively.
 *
 * @param <SELF> the concrete assertion type
 * @param <ACTUAL> the object under test
 */
public abstract class AbstractSchemaAssert<SELF extends AbstractSchemaAssert<SELF, ACTUAL>, ACTUAL>
    extends AbstractAssert<SELF, ACTUAL> {

  private static final Pattern ANY_LEGACY = Pattern.compile(".+__legacy_\\d+");

  /** Set by {@link IcebergOpsSoftAssertions}, so that column navigation stays soft. */
  SoftAssertionsProvider softly;

  /**
   * Creates the assertion.
   *
   * @param actual the object under test
   * @param selfType the concrete assertion class
   */
  protected AbstractSchemaAssert(ACTUAL actual, Class<?> selfType) {
    super(actual, selfType);
  }

  /** The schema under test; only called once {@code actual} is known not to be null. */
  abstract Schema schema();

  /** The actual value as the failure messages show it: a header and one line per column. */
  abstract String actualText();

  /**
   * Verifies that the schema conforms to a contract; the failure lists every violated contract
   * line.
   */
  public SELF conformsTo(SchemaContract contract) {
    Objects.requireNonNull(contract, "contract");
    isNotNull();
    List<String> violations = contract.validate(schema());
    if (!violations.isEmpty()) {
      List<String> lines =
          new ArrayList<>(contract.columns().stream().map(Object::toString).toList());
      if (contract.strict()) {
        lines.add("(strict: no other column)");
      }
      String count =
          violations.size() + (violations.size() == 1 ? " contract line" : " contract lines");
      throwAssertionError(
          Failure.expecting(
              actualText(),
              "to conform to contract:%n%s%nbut it violates %s:%n%s",
              Failure.lines(lines),
              Failure.text(count),
              Failure.block(Failure.bullets(violations))));
    }
    return myself;
  }

  /**
   * Verifies that the column at {@code path} exists, and returns an assertion on it; {@link
   * ColumnAssert#and()} comes back here.
   */
  public ColumnAssert<SELF> hasColumn(String path) {
    Objects.requireNonNull(path, "path");
    isNotNull();
    NestedField field = schema().findField(path);
    boolean missing = field == null;
    if (missing) {
      AssertionError error =
          assertionError(
              Failure.expecting(actualText(), "to have column:%n  %s%nbut it does not", path));
      if (softly == null) {
        throw error;
      }
      softly.collectAssertionError(error); // reported once; the column's own checks are skipped
    }
    @SuppressWarnings("unchecked")
    ColumnAssert<SELF> column =
        softly == null
            ? new ColumnAssert<>(field)
            : softly.proxy(ColumnAssert.class, NestedField.class, field);
    column.within(myself, path, actualText(), missing);
    if (info.description() != null) {
      column.describedAs(info.description());
    }
    return column;
  }

  /** Verifies that no column exists at {@code path}. */
  public SELF doesNotHaveColumn(String path) {
    Objects.requireNonNull(path, "path");
    isNotNull();
    if (schema().findField(path) != null) {
      throwAssertionError(
          Failure.expecting(actualText(), "not to have column:%n  %s%nbut it does", path));
    }
    return myself;
  }

  /**
   * Verifies that {@code column} has an archived sibling {@code <leaf>__legacy_<N>} (any N), as
   * left by legacy archival.
   */
  public SELF hasLegacyColumn(String column) {
    return hasLegacy(column, null);
  }

  /** Verifies that {@code column} has the archived sibling {@code <leaf>__legacy_<n>}. */
  public SELF hasLegacyColumn(String column, int n) {
    return hasLegacy(column, column + "__legacy_" + n);
  }

  /** Verifies that no column, at any depth, is named {@code <name>__legacy_<N>}. */
  public SELF hasNoLegacyColumns() {
    isNotNull();
    List<String> legacy =
        new TreeMap<>(TypeUtil.indexNameById(schema().asStruct()))
            .values().stream()
                .filter(
                    name -> ANY_LEGACY.matcher(name.substring(name.lastIndexOf('.') + 1)).matches())
                .toList();
    if (!legacy.isEmpty()) {
      throwAssertionError(
          Failure.expecting(
              actualText(),
              "to have no legacy columns (<column>__legacy_<N>)%nbut it has:%n%s",
              Failure.lines(legacy)));
    }
    return myself;
  }

  /** The check of {@link #hasLegacyColumn}: {@code expected} among the siblings, or any (null). */
  private SELF hasLegacy(String column, String expected) {
    isNotNull();
    List<String> legacy = legacySiblings(column);
    if (expected == null ? legacy.isEmpty() : !legacy.contains(expected)) {
      throwAssertionError(
          Failure.expecting(
              actualText(),
              legacy.isEmpty()
                  ? "to have legacy column:%n  %s%nbut it has none"
                  : "to have legacy column:%n  %s%nbut it only has:%n%s",
              Failure.text(Objects.requireNonNullElse(expected, column + "__legacy_<N>")),
              Failure.lines(legacy)));
    }
    return myself;
  }

  /** Full paths of the {@code <leaf>__legacy_<N>} siblings of a column, in schema order. */
  private List<String> legacySiblings(String column) {
    Objects.requireNonNull(column, "column");
    int dot = column.lastIndexOf('.');
    String prefix = dot < 0 ? "" : column.substring(0, dot + 1);
    Pattern legacy = Pattern.compile(Pattern.quote(column.substring(dot + 1)) + "__legacy_\\d+");
    List<NestedField> siblings = schema().columns();
    if (dot >= 0) {
      NestedField parent = schema().findField(column.substring(0, dot));
      siblings =
          parent != null && parent.type().isStructType()
              ? parent.type().asStructType().fields()
              : List.of();
    }
    return siblings.stream()
        .map(NestedField::name)
        .filter(name -> legacy.matcher(name).matches())
        .map(name -> prefix + name)
        .toList();
  }
}
