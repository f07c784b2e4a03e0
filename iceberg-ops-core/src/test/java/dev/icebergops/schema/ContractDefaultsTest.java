package dev.icebergops.schema;

import static org.apache.iceberg.expressions.Expressions.lit;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.MigrationContexts;
import dev.icebergops.migration.TableOptions;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.SharedEnvironment;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Contracts that declare a column's defaults, in Java and in YAML, against a table of format
 * version 3 on the REST catalog over HTTP with an S3 store: a default other than declared is a
 * violation naming the column and both values; a default not declared is not compared.
 */
@ExtendWith(SharedEnvironment.class)
class ContractDefaultsTest {

  @TempDir Path dir;

  private Table orders;

  @BeforeEach
  void ordersWithDefaults(IcebergTestEnvironment environment) {
    MigrationContext ctx =
        MigrationContexts.of(
            environment.catalog(), "contract_" + UUID.randomUUID().toString().replace("-", ""));
    ctx.createTableIfNotExists(
        "orders",
        new Schema(Types.NestedField.required(1, "id", Types.LongType.get())),
        TableOptions.defaults().withProperties(Map.of("format-version", "3")));
    ctx.addRequiredColumn(
        "orders", "status", Types.StringType.get(), null, lit("old"), lit("open"));
    ctx.addColumn("orders", "priority", Types.IntegerType.get(), null, lit(0), lit(0));
    orders = ctx.loadTable("orders");
  }

  @Test
  void aJavaContractWithTheTablesDefaultsHasNoViolation() {
    SchemaContract contract =
        SchemaContract.of(
            ColumnSpec.required("status", Types.StringType.get())
                .withDefaults(lit("old"), lit("open")),
            ColumnSpec.optional("priority", Types.IntegerType.get()).withDefaults(null, lit(0L)));

    assertThat(contract.validate(orders)).isEmpty();
  }

  @Test
  void aJavaContractNamesTheColumnAndBothValuesOfEachDefaultThatDiffers() {
    SchemaContract contract =
        SchemaContract.of(
            ColumnSpec.required("status", Types.StringType.get())
                .withDefaults(lit("new"), lit("new")),
            ColumnSpec.optional("id", Types.LongType.get()).withDefaults(lit(1L), null));

    assertThat(contract.validate(orders))
        .containsExactly(
            "column status has initial default \"old\", expected initial default \"new\"",
            "column status has write default \"open\", expected write default \"new\"",
            "column id has no initial default, expected initial default 1");
  }

  @Test
  void aYamlContractDeclaresDefaultsInTheColumnsType() throws IOException {
    Path file = dir.resolve("orders.yaml");
    Files.writeString(
        file,
        """
        columns:
          - name: status
            type: string
            initial-default: old
            write-default: closed
          - name: priority
            type: int
            initial-default: 0
        """);

    SchemaContract contract = SchemaContract.fromYaml(file);

    assertThat(contract.columns().get(1).initialDefault().value()).isEqualTo(0);
    assertThat(contract.validate(orders))
        .containsExactly(
            "column status has write default \"open\", expected write default \"closed\"");
  }

  @Test
  void aYamlDefaultThatIsNoValueOfTheColumnsTypeFailsNamingTheFileAndColumn() throws IOException {
    Path file = dir.resolve("orders.yaml");
    Files.writeString(
        file, "columns:\n  - name: priority\n    type: int\n    write-default: high\n");

    assertThatThrownBy(() -> SchemaContract.fromYaml(file))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(
            "Cannot load contract "
                + file
                + ": column 1 (priority): 'write-default' 'high' is not a int (")
        .hasMessageEndingWith("at line 4, column 5");
  }

  @Test
  void aJavaDefaultThatIsNoValueOfTheColumnsTypeIsRefused() {
    assertThatThrownBy(
            () ->
                ColumnSpec.optional("priority", Types.IntegerType.get())
                    .withDefaults(null, lit("high")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot declare column priority: write default \"high\" is not a int");
  }
}
