package dev.icebergops.test.assertj;

import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.schema.SchemaDiff;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;

/**
 * The entry point of the iceberg-ops AssertJ assertions, used next to AssertJ's own {@code
 * Assertions}: the overloads take Iceberg and iceberg-ops types only, so both static imports live
 * side by side.
 *
 * <pre>{@code
 * import static dev.icebergops.test.assertj.IcebergOpsAssertions.assertThat;
 * import static org.assertj.core.api.Assertions.assertThat;
 *
 * assertThat(SchemaDiff.between(before, after)).hasOnlyAdditions().hasAdded("region");
 * assertThat(schema).conformsTo(SchemaContract.fromYaml(Path.of("contracts/orders.yaml")));
 * assertThat(table)
 *     .hasColumn("amount").ofType("decimal(10,2)").isRequired()
 *     .and()
 *     .hasPartitionField("ts", "day")
 *     .hasSortOrder("ts asc", "id desc");
 * assertThat(runner).isAtHead().hasCurrentVersion("0004");
 * }</pre>
 *
 * <p>A failure reads like AssertJ's own ("Expecting actual: ... to have column: ... but it does
 * not") and shows the actual value in full: the diff summary, every column, the violated contract
 * lines, the status of every version. {@code as("...")} describes an assertion as usual. To collect
 * failures instead of stopping at the first, use {@link IcebergOpsSoftAssertions}.
 */
public final class IcebergOpsAssertions {

  private IcebergOpsAssertions() {}

  /** Starts assertions on the difference between two schemas. */
  public static SchemaDiffAssert assertThat(SchemaDiff actual) {
    return new SchemaDiffAssert(actual);
  }

  /** Starts assertions on an Iceberg schema. */
  public static SchemaAssert assertThat(Schema actual) {
    return new SchemaAssert(actual);
  }

  /** Starts assertions on an Iceberg table, refreshing it first. */
  public static TableAssert assertThat(Table actual) {
    return new TableAssert(actual);
  }

  /** Starts assertions on a migration runner and the namespace it migrates. */
  public static MigrationRunnerAssert assertThat(MigrationRunner actual) {
    return new MigrationRunnerAssert(actual);
  }
}
