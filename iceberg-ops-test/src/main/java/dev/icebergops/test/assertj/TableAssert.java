package dev.icebergops.test.assertj;

import dev.icebergops.redaction.Redaction;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.iceberg.NullOrder;
import org.apache.iceberg.PartitionField;
import org.apache.iceberg.Schema;
import org.apache.iceberg.SortDirection;
import org.apache.iceberg.SortField;
import org.apache.iceberg.Table;

/**
 * Assertions on an Iceberg {@link Table}: the schema assertions of {@link SchemaAssert} on its
 * current schema, plus its partition spec, sort order and properties. The table is refreshed once,
 * when the assertion is created, so it sees every commit made before.
 *
 * <pre>{@code
 * assertThat(catalog.loadTable(TableIdentifier.of("sales", "orders")))
 *     .hasColumn("ts").ofType("timestamptz")
 *     .and()
 *     .hasPartitionField("ts", "day")
 *     .hasSortOrder("ts asc", "id desc nulls last")
 *     .hasProperty("owner", "sales-team");
 * }</pre>
 */
public class TableAssert extends AbstractSchemaAssert<TableAssert, Table> {

  /**
   * Creates the assertion and refreshes the table; prefer {@link
   * IcebergOpsAssertions#assertThat(Table)}.
   *
   * @param actual the table under test
   */
  public TableAssert(Table actual) {
    super(actual, TableAssert.class);
    if (actual != null) {
      actual.refresh();
    }
  }

  @Override
  Schema schema() {
    return actual.schema();
  }

  @Override
  String actualText() {
    return Failure.schema("table " + actual.name(), actual.schema());
  }

  /**
   * Verifies that the current partition spec has a field over {@code sourceColumn} with the given
   * transform: {@code identity}, {@code year}, {@code month}, {@code day}, {@code hour}, {@code
   * bucket[N]}, {@code truncate[W]} or {@code void} (case-insensitive).
   */
  public TableAssert hasPartitionField(String sourceColumn, String transform) {
    Objects.requireNonNull(sourceColumn, "sourceColumn");
    Objects.requireNonNull(transform, "transform");
    isNotNull();
    String wanted = normalizeTransform(transform);
    for (PartitionField field : actual.spec().fields()) {
      if (sourceColumn.equals(actual.schema().findColumnName(field.sourceId()))
          && wanted.equals(normalizeTransform(field.transform().toString()))) {
        return myself;
      }
    }
    throwAssertionError(
        Failure.expecting(
            partitioning(),
            "to have partition field:%n  %s%nbut it does not",
            Failure.text(wanted + "(" + sourceColumn + ")")));
    return myself;
  }

  /** Verifies that the current partition spec has no (non-void) partition field. */
  public TableAssert isUnpartitioned() {
    isNotNull();
    if (actual.spec().isPartitioned()) {
      throwAssertionError(Failure.expecting(partitioning(), "to be unpartitioned%nbut it is not"));
    }
    return myself;
  }

  /**
   * Verifies that the sort order is exactly the given fields, in order. Each field reads {@code
   * "<term> [asc|desc] [nulls first|nulls last]"}: the term is a column name, or {@code
   * transform(column)} such as {@code bucket[16](id)}; the direction defaults to {@code asc}; the
   * null order is checked only when given.
   *
   * @throws IllegalArgumentException if no field is given (use {@link #isUnsorted()}) or a field
   *     does not follow that layout
   */
  public TableAssert hasSortOrder(String... fields) {
    Objects.requireNonNull(fields, "fields");
    if (fields.length == 0) {
      throw new IllegalArgumentException(
          "Cannot check sort order: no sort field given, use isUnsorted() for an unsorted table");
    }
    List<ExpectedSortField> expected = Arrays.stream(fields).map(ExpectedSortField::parse).toList();
    isNotNull();
    List<SortField> sortFields = actual.sortOrder().fields();
    boolean matches = sortFields.size() == expected.size();
    for (int i = 0; matches && i < expected.size(); i++) {
      matches = expected.get(i).matches(term(sortFields.get(i)), sortFields.get(i));
    }
    if (!matches) {
      throwAssertionError(
          Failure.expecting(
              ordering(), "to be sorted by:%n%s%nbut it is not", Failure.lines(expected)));
    }
    return myself;
  }

  /** Verifies that the table has no sort order. */
  public TableAssert isUnsorted() {
    isNotNull();
    if (!actual.sortOrder().isUnsorted()) {
      throwAssertionError(Failure.expecting(ordering(), "to be unsorted%nbut it is not"));
    }
    return myself;
  }

  /** Verifies that the table property {@code key} is set to {@code value}. */
  public TableAssert hasProperty(String key, String value) {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(value, "value");
    isNotNull();
    String was = actual.properties().get(key);
    if (!value.equals(was)) {
      throwAssertionError(
          Failure.expecting(
              properties(),
              was == null
                  ? "to have property:%n  %s=%s%nbut it is not set"
                  : "to have property:%n  %s=%s%nbut its value is:%n  %s",
              Failure.text(key),
              Failure.text(shown(key, value)),
              Failure.text(was == null ? "null" : shown(key, was))));
    }
    return myself;
  }

  /** Verifies that the table property {@code key} is not set. */
  public TableAssert doesNotHaveProperty(String key) {
    Objects.requireNonNull(key, "key");
    isNotNull();
    String was = actual.properties().get(key);
    if (was != null) {
      throwAssertionError(
          Failure.expecting(
              properties(),
              "not to have property:%n  %s%nbut it is set to:%n  %s",
              Failure.text(key),
              Failure.text(shown(key, was))));
    }
    return myself;
  }

  private String partitioning() {
    List<String> lines = new ArrayList<>();
    for (PartitionField field : actual.spec().fields()) {
      lines.add(
          "%s(%s) as %s"
              .formatted(
                  normalizeTransform(field.transform().toString()),
                  column(field.sourceId()),
                  field.name()));
    }
    String header = "table " + actual.name();
    return lines.isEmpty()
        ? header + " is unpartitioned"
        : Failure.headed(header + " partitioned by", lines);
  }

  private String ordering() {
    List<String> lines = new ArrayList<>();
    for (SortField field : actual.sortOrder().fields()) {
      NullOrder nulls = Objects.requireNonNullElse(field.nullOrder(), NullOrder.NULLS_LAST);
      lines.add(new ExpectedSortField(term(field), field.direction(), nulls).toString());
    }
    String header = "table " + actual.name();
    return lines.isEmpty() ? header + " is unsorted" : Failure.headed(header + " sorted by", lines);
  }

  private String properties() {
    List<String> lines = new ArrayList<>();
    new TreeMap<>(actual.properties()).forEach((k, v) -> lines.add(k + "=" + shown(k, v)));
    return Failure.headed("table " + actual.name() + " with properties", lines);
  }

  /** A property's value as a failure message may show it: secrets are masked. */
  private static String shown(String key, String value) {
    return Redaction.isSecret(key) ? Redaction.MASK : value;
  }

  private String term(SortField field) {
    String column = column(field.sourceId());
    return field.transform().isIdentity()
        ? column
        : normalizeTransform(field.transform().toString()) + "(" + column + ")";
  }

  private String column(int sourceId) {
    String name = actual.schema().findColumnName(sourceId);
    return name == null ? "<dropped column " + sourceId + ">" : name;
  }

  private static String normalizeTransform(String transform) {
    return transform
        .toLowerCase(Locale.ROOT)
        .replaceAll("\\s+", "")
        .replace('(', '[')
        .replace(')', ']');
  }

  /** One parsed field of {@link #hasSortOrder(String...)}. */
  private record ExpectedSortField(String term, SortDirection direction, NullOrder nulls) {

    /** {@code <term> [asc|desc] [nulls first|nulls last]}, case-insensitive but for the term. */
    private static final Pattern LAYOUT =
        Pattern.compile(
            "(\\S+)(?:\\s+(asc|desc))?(?:\\s+nulls\\s+(first|last))?", Pattern.CASE_INSENSITIVE);

    static ExpectedSortField parse(String text) {
      Matcher field = LAYOUT.matcher(Objects.requireNonNull(text, "sort field").trim());
      if (!field.matches()) {
        throw new IllegalArgumentException(
            "Cannot parse sort field: '%s', expected '<column> [asc|desc] [nulls first|nulls last]'"
                .formatted(text));
      }
      SortDirection direction =
          "desc".equalsIgnoreCase(field.group(2)) ? SortDirection.DESC : SortDirection.ASC;
      NullOrder nulls =
          field.group(3) == null
              ? null
              : "first".equalsIgnoreCase(field.group(3))
                  ? NullOrder.NULLS_FIRST
                  : NullOrder.NULLS_LAST;
      return new ExpectedSortField(field.group(1), direction, nulls);
    }

    boolean matches(String actualTerm, SortField field) {
      return term.equals(actualTerm)
          && direction == field.direction()
          && (nulls == null || nulls == field.nullOrder());
    }

    @Override
    public String toString() {
      String order = term + " " + direction.name().toLowerCase(Locale.ROOT);
      return nulls == null
          ? order
          : order + (nulls == NullOrder.NULLS_FIRST ? " nulls first" : " nulls last");
    }
  }
}
