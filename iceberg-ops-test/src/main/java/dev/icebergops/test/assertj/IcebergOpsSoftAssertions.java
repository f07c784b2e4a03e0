package dev.icebergops.test.assertj;

import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.schema.SchemaDiff;
import java.util.function.Consumer;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.assertj.core.api.AbstractSoftAssertions;
import org.assertj.core.api.SoftAssertionsProvider;
import org.assertj.core.api.StandardSoftAssertionsProvider;

/**
 * Soft assertions: every failure is collected and {@link #assertAll()} reports them together in one
 * {@link AssertionError}. AssertJ's standard {@code assertThat} overloads work on the same object.
 *
 * <pre>{@code
 * IcebergOpsSoftAssertions.assertSoftly(softly -> {
 *   softly.assertThat(table).hasColumn("region").ofType("string");
 *   softly.assertThat(table).hasProperty("owner", "sales-team");
 *   softly.assertThat(rows).hasSize(3);
 * });
 * }</pre>
 *
 * <p>With JUnit 5, AssertJ's {@code SoftAssertionsExtension} injects it and calls {@code
 * assertAll()} after each test:
 *
 * <pre>{@code
 * @ExtendWith(SoftAssertionsExtension.class)
 * class OrdersTableTest {
 *   @InjectSoftAssertions IcebergOpsSoftAssertions softly;
 *
 *   @Test void orders() {
 *     softly.assertThat(orders).hasNoLegacyColumns().isUnsorted();
 *   }
 * }
 * }</pre>
 *
 * <p>When {@code hasColumn(path)} fails, the missing column is reported once and the checks chained
 * on it are skipped.
 */
public class IcebergOpsSoftAssertions extends AbstractSoftAssertions
    implements StandardSoftAssertionsProvider {

  /** Creates an empty collector; the JUnit 5 extension also calls this. */
  public IcebergOpsSoftAssertions() {}

  /**
   * Runs soft assertions and then reports every failure together.
   *
   * @param softly the assertions to run
   * @throws AssertionError listing every failure, if any
   */
  public static void assertSoftly(Consumer<IcebergOpsSoftAssertions> softly) {
    SoftAssertionsProvider.assertSoftly(IcebergOpsSoftAssertions.class, softly);
  }

  /** Starts soft assertions on the difference between two schemas. */
  public SchemaDiffAssert assertThat(SchemaDiff actual) {
    return proxy(SchemaDiffAssert.class, SchemaDiff.class, actual);
  }

  /** Starts soft assertions on an Iceberg schema. */
  public SchemaAssert assertThat(Schema actual) {
    SchemaAssert assertion = proxy(SchemaAssert.class, Schema.class, actual);
    assertion.softly = this;
    return assertion;
  }

  /** Starts soft assertions on an Iceberg table, refreshing it first. */
  public TableAssert assertThat(Table actual) {
    TableAssert assertion = proxy(TableAssert.class, Table.class, actual);
    assertion.softly = this;
    return assertion;
  }

  /** Starts soft assertions on a migration runner and the namespace it migrates. */
  public MigrationRunnerAssert assertThat(MigrationRunner actual) {
    return proxy(MigrationRunnerAssert.class, MigrationRunner.class, actual);
  }
}
