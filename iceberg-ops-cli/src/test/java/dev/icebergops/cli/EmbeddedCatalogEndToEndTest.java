package dev.icebergops.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.cli.CliRunner.Result;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The whole workflow on the embedded default catalog (SQLite + local warehouse), in-process. */
class EmbeddedCatalogEndToEndTest {

  @TempDir Path project;

  @Test
  void initRevisionMigrateStatusHistoryCheckRollbackStamp() throws Exception {
    CliRunner cli = new CliRunner(project);
    Result init = ok(cli.run("init", "--namespace", "sales"));
    assertThat(init.out()).contains("Created iceberg-ops.yaml");
    assertThat(project.resolve("migrations")).isDirectory();

    Result revision = ok(cli.run("revision", "-m", "create orders"));
    assertThat(revision.out()).contains("Created migrations/V0001__CreateOrders.java");
    Files.writeString(
        project.resolve("migrations/V0001__CreateOrders.java"),
        """
        import dev.icebergops.migration.BaseMigration;
        import dev.icebergops.migration.MigrationContext;
        import org.apache.iceberg.Schema;
        import org.apache.iceberg.types.Types;

        public class V0001__CreateOrders extends BaseMigration {
          @Override public void upgrade(MigrationContext ctx) {
            ctx.createTableIfNotExists("orders", new Schema(
                Types.NestedField.required(1, "id", Types.LongType.get()),
                Types.NestedField.optional(2, "quantity", Types.IntegerType.get())));
          }
          @Override public void downgrade(MigrationContext ctx) {
            ctx.dropTableIfExists("orders");
          }
        }
        """,
        StandardCharsets.UTF_8);

    Result migrate = ok(cli.run("migrate"));
    assertThat(migrate.out()).containsPattern("Applied 0001 Create orders \\(\\d+ ms\\)");
    assertThat(project.resolve(".iceberg-ops/catalog.db")).isRegularFile();
    assertThat(project.resolve(".iceberg-ops/warehouse/sales/orders/metadata")).isDirectory();

    Files.writeString(
        project.resolve("contracts/orders.yaml"),
        """
        columns:
          - name: id
            type: long
            required: true
          - name: quantity
            type: long
          - name: region
            type: string
            doc: Sales region
        """);
    Result failingCheck = cli.run("check");
    assertThat(failingCheck.exitCode()).as(failingCheck.toString()).isEqualTo(1);
    assertThat(failingCheck.out())
        .contains("column quantity has type int, expected long")
        .endsWith("\n1 of 1 table does not conform\n");
    assertThat(failingCheck.err())
        .isEqualTo("Error: Cannot check contracts: 1 of 1 table does not conform\n");

    Result generated =
        ok(
            cli.run(
                "revision",
                "--autogenerate",
                "--table",
                "orders",
                "--contract",
                "contracts/orders.yaml",
                "-m",
                "orders to contract"));
    assertThat(generated.out())
        .contains("Created migrations/V0002__OrdersToContract.java")
        .contains("promote quantity int -> long")
        .contains("add region (string)");

    assertThat(ok(cli.run("plan")).out()).contains("0002").contains("Orders to contract");
    ok(cli.run("migrate"));
    assertThat(ok(cli.run("check")).out())
        .isEqualTo("sales.orders: conforms\nThe table conforms\n");
    assertThat(ok(cli.run("current")).out()).isEqualTo("0002\n");

    Result status = ok(cli.run("status", "--json"));
    assertThat(status.out()).contains("\"state\" : \"applied\"").doesNotContain("pending");
    assertThat(ok(cli.run("history")).out()).contains("0001").contains("0002").contains("applied");

    Result irreversible = cli.run("rollback");
    assertThat(irreversible.exitCode()).isEqualTo(1);
    assertThat(irreversible.err())
        .isEqualTo(
            "Error: Cannot roll back migration 0002 (Orders to contract) in sales: it is"
                + " irreversible: Cannot undo promote quantity int -> long: Iceberg neither narrows"
                + " a type nor restores a dropped column; it stays as it was\n");

    ok(cli.run("revision", "-m", "add note"));
    Files.writeString(
        project.resolve("migrations/V0003__AddNote.java"),
        """
        import dev.icebergops.migration.BaseMigration;
        import dev.icebergops.migration.MigrationContext;

        public class V0003__AddNote extends BaseMigration {
          @Override public void upgrade(MigrationContext ctx) {
            ctx.enforceColumn("orders", "note", "string");
          }
          @Override public void downgrade(MigrationContext ctx) {
            ctx.deleteColumn("orders", "note");
          }
        }
        """);
    assertThat(ok(cli.run("migrate")).out()).containsPattern("Applied 0003 Add note \\(\\d+ ms\\)");
    Result rollback = ok(cli.run("rollback", "--target", "0002"));
    assertThat(rollback.out())
        .containsPattern("Rolled back 0003 Add note \\(\\d+ ms\\)")
        .contains("sales is now at 0002");

    Result stamp = ok(cli.run("stamp", "0003"));
    assertThat(stamp.out()).contains("Stamped 0003 Add note").contains("sales is now at 0003");
    assertThat(ok(cli.run("check")).out()).contains("sales.orders: conforms");
    Result history = ok(cli.run("history", "--json"));
    assertThat(history.out())
        .contains("\"version\" : \"0003\"")
        .contains("\"status\" : \"applied\"");
  }

  @Test
  void migrateEndsWithTheSumOfItsVersionsTimesAndTheWallTimeOfTheWholeRun() throws Exception {
    CliRunner cli = new CliRunner(project);
    ok(cli.run("init", "--namespace", "sales"));
    cli.migration("V0001__First", "");
    cli.migration("V0002__Second", "");

    Result migrate = ok(cli.run("migrate"));
    Matcher out =
        Pattern.compile(
                "Applied 0001 First \\((\\d+) ms\\)\nApplied 0002 Second \\((\\d+) ms\\)\n"
                    + "sales is now at 0002\n"
                    + "2 versions in (\\d+) ms; the whole migrate took (\\d+) ms\n")
            .matcher(migrate.out());
    assertThat(out.matches()).as(migrate.toString()).isTrue();
    long sum = Long.parseLong(out.group(1)) + Long.parseLong(out.group(2));
    assertThat(Long.parseLong(out.group(3))).as("the sum of the versions' times").isEqualTo(sum);
    assertThat(Long.parseLong(out.group(4))).as("the whole migrate").isGreaterThanOrEqualTo(sum);
    assertThat(ok(cli.run("migrate")).out())
        .as("nothing applied, no cost line")
        .isEqualTo("Nothing to apply: sales is at 0002\n");
  }

  private static Result ok(Result result) {
    assertThat(result.exitCode()).as(result.toString()).isZero();
    assertThat(result.err()).as(result.toString()).isEmpty();
    return result;
  }
}
