package dev.icebergops.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.cli.CliRunner.Result;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.SharedEnvironment;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code check} and {@code revision --autogenerate} with a YAML contract of nested columns, against
 * the REST catalog + S3: the nested drift is named, the generated migration targets the nested
 * fields, and once it is applied the table conforms.
 */
@ExtendWith(SharedEnvironment.class)
class NestedContractRevisionTest {

  private static IcebergTestEnvironment environment;

  @TempDir Path project;

  @BeforeAll
  static void start(IcebergTestEnvironment shared) {
    environment = shared;
  }

  private static final String CREATE_ORDERS =
      """
      import dev.icebergops.migration.BaseMigration;
      import dev.icebergops.migration.MigrationContext;
      import org.apache.iceberg.Schema;
      import org.apache.iceberg.types.Types;

      public class V0001__CreateOrders extends BaseMigration {
        @Override public void upgrade(MigrationContext ctx) {
          ctx.createTableIfNotExists("orders", new Schema(
              Types.NestedField.required(1, "id", Types.LongType.get()),
              Types.NestedField.optional(2, "address", Types.StructType.of(
                  Types.NestedField.optional(3, "street", Types.StringType.get()))),
              Types.NestedField.optional(4, "items", Types.ListType.ofOptional(5,
                  Types.StructType.of(
                      Types.NestedField.required(6, "sku", Types.StringType.get()))))));
        }
        @Override public void downgrade(MigrationContext ctx) {
          ctx.dropTableIfExists("orders");
        }
      }
      """;

  @Test
  void aNestedDriftIsCheckedAndTheGeneratedRevisionMakesTheTableConform() throws Exception {
    StringBuilder yaml =
        new StringBuilder("namespace: nested_cli\ncatalog:\n  name: e2e\n  properties:\n");
    environment
        .catalogProperties()
        .forEach((key, value) -> yaml.append("    ").append(key).append(": \"" + value + "\"\n"));
    CliRunner cli = new CliRunner(project);
    assertThat(cli.run("init").exitCode()).isZero();
    Files.writeString(project.resolve("iceberg-ops.yaml"), yaml);
    Files.writeString(project.resolve("migrations/V0001__CreateOrders.java"), CREATE_ORDERS);
    Files.writeString(
        project.resolve("contracts/orders.yaml"),
        "columns:\n  - name: id\n    type: long\n    required: true\n"
            + "  - name: address\n    type: 'struct<street: string, zip: string>'\n"
            + "  - name: items\n    type: 'list<struct<sku: required string, qty: int>>'\n");
    Result migrate = cli.run("migrate");
    assertThat(migrate.exitCode()).as(migrate.toString()).isZero();

    Result drift = cli.run("check");
    assertThat(drift.exitCode()).isEqualTo(1);
    assertThat(drift.out())
        .contains("nested_cli.orders: does not conform")
        .contains("missing nested field address.zip (string)")
        .contains("missing nested field items.element.qty (int)");

    Result generated =
        cli.run(
            "revision",
            "--autogenerate",
            "--table",
            "orders",
            "--contract",
            "contracts/orders.yaml");
    assertThat(generated.out())
        .isEqualTo(
            "Created migrations/V0002__UpdateOrders.java\n"
                + "  add address.zip (string)\n"
                + "  add items.element.qty (int)\n");
    Result applied = cli.run("migrate");
    assertThat(applied.out()).as(applied.toString()).contains("Applied 0002 Update orders");
    assertThat(cli.run("check").out()).contains("nested_cli.orders: conforms");
  }
}
