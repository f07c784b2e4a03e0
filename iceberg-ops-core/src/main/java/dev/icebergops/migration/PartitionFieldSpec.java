package dev.icebergops.migration;

import java.util.regex.Pattern;
import org.apache.iceberg.transforms.Transforms;

/**
 * One partition field to add with {@link MigrationContext#updatePartitionSpec}: a source column, an
 * Iceberg transform string and the partition field's name.
 *
 * <p>The transform is one of {@code identity, year, month, day, hour, bucket[N], truncate[W], void}
 * (case-insensitive), the strings Iceberg itself writes into table metadata:
 *
 * <pre>{@code
 * ctx.updatePartitionSpec("events",
 *     List.of(PartitionFieldSpec.day("ts"),                        // ts_day
 *             PartitionFieldSpec.of("id", "bucket[16]", "id_bucket"),
 *             PartitionFieldSpec.identity("region")),              // region
 *     List.of("old_field"));
 * }</pre>
 *
 * @param sourceColumn the column the partition values are derived from; a dotted path for a field
 *     of a nested struct
 * @param transform the Iceberg transform string, for example {@code "day"} or {@code "bucket[16]"}
 * @param name the partition field's name, unique within the partition spec
 */
public record PartitionFieldSpec(String sourceColumn, String transform, String name) {

  private static final Pattern TRANSFORM =
      Pattern.compile(
          "(identity|year|month|day|hour|void|bucket\\[\\d+\\]|truncate\\[\\d+\\])",
          Pattern.CASE_INSENSITIVE);

  /**
   * Validates the three parts.
   *
   * @param sourceColumn the source column
   * @param transform the Iceberg transform string
   * @param name the partition field's name
   * @throws IllegalArgumentException if a part is null or blank, or the transform is not one of the
   *     Iceberg transform strings listed on this class
   */
  public PartitionFieldSpec {
    if (sourceColumn == null || sourceColumn.isBlank()) {
      throw new IllegalArgumentException(
          "Cannot create partition field " + name + ": the source column is empty");
    }
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException(
          "Cannot create partition field on " + sourceColumn + ": the partition name is empty");
    }
    if (transform == null || transform.isBlank()) {
      throw new IllegalArgumentException(
          "Cannot create partition field " + name + ": the transform is empty");
    }
    if (!TRANSFORM.matcher(transform).matches()) {
      throw new IllegalArgumentException(
          String.format(
              "Cannot create partition field %s: unknown transform '%s'; expected identity, year,"
                  + " month, day, hour, bucket[N], truncate[W] or void",
              name, transform));
    }
    try {
      Transforms.fromString(transform);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          String.format(
              "Cannot create partition field %s: invalid transform '%s': %s",
              name, transform, e.getMessage()),
          e);
    }
  }

  /**
   * A partition field with any transform.
   *
   * @param sourceColumn the source column
   * @param transform the Iceberg transform string, for example {@code "truncate[4]"}
   * @param name the partition field's name
   * @return the partition field
   * @throws IllegalArgumentException if a part is blank or the transform is unknown
   */
  public static PartitionFieldSpec of(String sourceColumn, String transform, String name) {
    return new PartitionFieldSpec(sourceColumn, transform, name);
  }

  /**
   * An identity partition field named after its column.
   *
   * @param column the source column
   * @return the partition field {@code (column, identity, column)}
   * @throws IllegalArgumentException if the column is blank
   */
  public static PartitionFieldSpec identity(String column) {
    return new PartitionFieldSpec(column, "identity", column);
  }

  /**
   * A {@code year} partition field named {@code <column>_year}.
   *
   * @param column the source column (a date or timestamp)
   * @return the partition field
   * @throws IllegalArgumentException if the column is blank
   */
  public static PartitionFieldSpec year(String column) {
    return new PartitionFieldSpec(column, "year", column + "_year");
  }

  /**
   * A {@code month} partition field named {@code <column>_month}.
   *
   * @param column the source column (a date or timestamp)
   * @return the partition field
   * @throws IllegalArgumentException if the column is blank
   */
  public static PartitionFieldSpec month(String column) {
    return new PartitionFieldSpec(column, "month", column + "_month");
  }

  /**
   * A {@code day} partition field named {@code <column>_day}.
   *
   * @param column the source column (a date or timestamp)
   * @return the partition field
   * @throws IllegalArgumentException if the column is blank
   */
  public static PartitionFieldSpec day(String column) {
    return new PartitionFieldSpec(column, "day", column + "_day");
  }

  /**
   * An {@code hour} partition field named {@code <column>_hour}.
   *
   * @param column the source column (a timestamp)
   * @return the partition field
   * @throws IllegalArgumentException if the column is blank
   */
  public static PartitionFieldSpec hour(String column) {
    return new PartitionFieldSpec(column, "hour", column + "_hour");
  }

  /**
   * A {@code bucket[N]} partition field named {@code <column>_bucket}.
   *
   * @param column the source column
   * @param buckets the number of buckets, at least 1
   * @return the partition field
   * @throws IllegalArgumentException if the column is blank or {@code buckets} is not positive
   */
  public static PartitionFieldSpec bucket(String column, int buckets) {
    return new PartitionFieldSpec(column, "bucket[" + buckets + "]", column + "_bucket");
  }

  /**
   * A {@code truncate[W]} partition field named {@code <column>_trunc}.
   *
   * @param column the source column
   * @param width the truncation width, at least 1
   * @return the partition field
   * @throws IllegalArgumentException if the column is blank or {@code width} is not positive
   */
  public static PartitionFieldSpec truncate(String column, int width) {
    return new PartitionFieldSpec(column, "truncate[" + width + "]", column + "_trunc");
  }
}
