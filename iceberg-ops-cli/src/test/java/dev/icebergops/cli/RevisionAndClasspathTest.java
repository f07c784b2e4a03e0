package dev.icebergops.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.cli.CliRunner.Result;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.apache.iceberg.Schema;
import org.apache.iceberg.SchemaParser;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** revision --autogenerate against an Iceberg schema JSON file, and classpath: migrations. */
class RevisionAndClasspathTest {

  private static final String CREATE_ORDERS =
      """
      %s
      import dev.icebergops.migration.BaseMigration;
      import dev.icebergops.migration.MigrationContext;
      import org.apache.iceberg.Schema;
      import org.apache.iceberg.types.Types;

      public class V0001__CreateOrders extends BaseMigration {
        @Override public void upgrade(MigrationContext ctx) {
          ctx.createTableIfNotExists("orders", new Schema(
              Types.NestedField.required(1, "id", Types.LongType.get()),
              Types.NestedField.optional(2, "amount", Types.DoubleType.get())));
        }
        @Override public void downgrade(MigrationContext ctx) {
          ctx.dropTableIfExists("orders");
        }
      }
      """;

  @TempDir Path project;

  @Test
  void autogenerateFromASchemaFileWithARenameHintThenNothingLeftToDo() throws IOException {
    CliRunner cli = new CliRunner(project);
    assertThat(cli.run("init", "--namespace", "shop").exitCode()).isZero();
    Files.writeString(
        project.resolve("migrations/V0001__CreateOrders.java"), CREATE_ORDERS.formatted(""));
    assertThat(cli.run("migrate").exitCode()).isZero();
    Schema target =
        new Schema(
            Types.NestedField.required(1, "id", Types.LongType.get()),
            Types.NestedField.optional(2, "gross_amount", Types.DoubleType.get()),
            Types.NestedField.optional(3, "region", Types.StringType.get(), "Sales region"));
    Files.writeString(project.resolve("target.json"), SchemaParser.toJson(target));
    String[] revision = {
      "revision",
      "--autogenerate",
      "--table",
      "orders",
      "--schema",
      "target.json",
      "--rename-hint",
      "amount:gross_amount"
    };

    Result generated = cli.run(revision);
    assertThat(generated.exitCode()).as(generated.toString()).isZero();
    assertThat(generated.out())
        .isEqualTo(
            "Created migrations/V0002__UpdateOrders.java\n"
                + "  rename amount -> gross_amount\n"
                + "  add region (string)\n");
    assertThat(cli.run("migrate").out()).contains("Applied 0002 Update orders");

    Result again = cli.run(revision);
    assertThat(again.exitCode()).isZero();
    assertThat(again.out())
        .isEqualTo("No changes: orders already matches target.json; no file written\n");
    assertThat(project.resolve("migrations/V0003__UpdateOrders.java")).doesNotExist();
  }

  @Test
  void classpathLocationFindsMigrationsOnlyWithTheClasspathOption() throws IOException {
    Path sources = project.resolve("src/db/iceberg");
    Files.createDirectories(sources);
    Path source = sources.resolve("V0001__CreateOrders.java");
    Files.writeString(source, CREATE_ORDERS.formatted("package db.iceberg;"));
    Path classes = project.resolve("classes");
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    int compiled =
        javac.run(
            null,
            null,
            null,
            "-d",
            classes.toString(),
            "-classpath",
            System.getProperty("java.class.path"),
            source.toString());
    assertThat(compiled).isZero();
    Files.writeString(
        project.resolve("iceberg-ops.yaml"), "namespace: shop\nmigrations: classpath:db/iceberg\n");
    CliRunner cli = new CliRunner(project);

    Result without = cli.run("plan");
    assertThat(without.exitCode()).isEqualTo(1);
    assertThat(without.err())
        .isEqualTo(
            "Error: Cannot find migrations at classpath:db/iceberg: no such package on the class"
                + " path\n");

    Result with = cli.run("migrate", "--classpath", "classes");
    assertThat(with.exitCode()).as(with.toString()).isZero();
    assertThat(with.out()).contains("Applied 0001 Create orders");
    assertThat(cli.run("current", "--classpath", "classes").out()).isEqualTo("0001\n");
  }
}
