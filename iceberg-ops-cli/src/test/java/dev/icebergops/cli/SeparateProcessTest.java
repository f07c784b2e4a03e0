package dev.icebergops.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The real entry point, {@link Main}, in its own JVM: {@code System.exit} codes, the streams, and
 * the compiler finding the class path outside the test JVM.
 */
class SeparateProcessTest {

  @TempDir Path project;

  @Test
  void mainMigratesInItsOwnProcessAndExitsOneWithOneErrorLine() throws Exception {
    CliRunner inProcess = new CliRunner(project);
    assertThat(inProcess.run("init", "--namespace", "proc").exitCode()).isZero();
    Files.writeString(
        project.resolve("migrations/V0001__CreateItems.java"),
        """
        import dev.icebergops.migration.BaseMigration;
        import dev.icebergops.migration.MigrationContext;
        import org.apache.iceberg.Schema;
        import org.apache.iceberg.types.Types;

        public class V0001__CreateItems extends BaseMigration {
          @Override public void upgrade(MigrationContext ctx) {
            ctx.createTableIfNotExists("items", new Schema(
                Types.NestedField.required(1, "id", Types.LongType.get())));
          }
          @Override public void downgrade(MigrationContext ctx) {
            ctx.dropTableIfExists("items");
          }
        }
        """);

    CliRunner.Result migrate = launch("migrate", "--verbose");
    assertThat(migrate.exitCode()).as(migrate.toString()).isZero();
    assertThat(migrate.out()).containsPattern("Applied 0001 Create items \\(\\d+ ms\\)");
    assertThat(migrate.err())
        .as("--verbose logs progress, without Iceberg's metrics reports")
        .contains("Applied migration 0001")
        .doesNotContain("LoggingMetricsReporter")
        .doesNotContain("metrics report");
    assertThat(inProcess.run("current").out()).isEqualTo("0001\n");

    CliRunner.Result unknown = launch("status", "--bogus");
    assertThat(unknown.exitCode()).isEqualTo(1);
    assertThat(unknown.out()).isEmpty();
    assertThat(unknown.err()).isEqualTo("Error: Unknown option: '--bogus'\n");
  }

  @ParameterizedTest
  @ValueSource(strings = {"System.exit(0);", "System.exit(3);"})
  void aMigrationThatEndsTheJvmFailsTheCommandWithExitOneNamingTheVersion(String exit)
      throws Exception {
    CliRunner inProcess = new CliRunner(project);
    assertThat(inProcess.run("init", "--namespace", "quits").exitCode()).isZero();
    inProcess.migration("V0001__First", "");
    inProcess.migration("V0002__Quits", exit);

    CliRunner.Result migrate = launch("migrate");
    assertThat(migrate.exitCode()).as(migrate.toString()).isEqualTo(1);
    assertThat(migrate.out()).contains("Applied 0001 First").doesNotContain("is now at");
    assertThat(migrate.err().lines().filter(line -> line.startsWith("Error:")).toList())
        .containsExactly(
            "Error: Cannot migrate quits: migration 0002 ended the JVM (System.exit) while it ran,"
                + " so it did not finish; its history row is left running: roll it back, or"
                + " check the tables and run iceberg-ops repair (or iceberg-ops stamp 0002)");
    assertThat(inProcess.run("current").out()).isEqualTo("0001\n");
  }

  private CliRunner.Result launch(String... args) throws IOException, InterruptedException {
    return new CliRunner(project).launch(CliRunner.onTestClassPath(), args);
  }
}
