package dev.icebergops.test.assertj;

import org.apache.iceberg.Schema;

/**
 * Assertions on an Iceberg {@link Schema}: contract conformance, columns and legacy-archived
 * columns. Every failure shows the schema with all its columns.
 *
 * <pre>{@code
 * assertThat(schema)
 *     .conformsTo(SchemaContract.fromYaml(Path.of("contracts/orders.yaml")))
 *     .hasColumn("duration").ofType("string").isOptional()
 *     .and()
 *     .hasLegacyColumn("duration", 1);
 * }</pre>
 */
public class SchemaAssert extends AbstractSchemaAssert<SchemaAssert, Schema> {

  /**
   * Creates the assertion; prefer {@link IcebergOpsAssertions#assertThat(Schema)}.
   *
   * @param actual the schema under test
   */
  public SchemaAssert(Schema actual) {
    super(actual, SchemaAssert.class);
  }

  @Override
  Schema schema() {
    return actual;
  }

  @Override
  String actualText() {
    return Failure.schema("schema", actual);
  }
}
