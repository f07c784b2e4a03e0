package dev.icebergops.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The real entry point, {@link Main}, in its own JVM: {@code System.exit} codes, the streams, and
 * the compiler finding the class path outside the test JVM.
 */
class SeparateProcessTest {

  /** The hang bound of docs/reliability.md ("Under load"): it ends a real hang, not a slow run. */
  private static final long HANG_MINUTES = 10;

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

    Launch migrate = launch("migrate", "--verbose");
    assertThat(migrate.exitCode()).as(migrate.toString()).isZero();
    assertThat(migrate.out()).containsPattern("Applied 0001 Create items \\(\\d+ ms\\)");
    assertThat(migrate.err())
        .as("--verbose logs progress, without Iceberg's metrics reports")
        .contains("Applied migration 0001")
        .doesNotContain("LoggingMetricsReporter")
        .doesNotContain("metrics report");
    assertThat(inProcess.run("current").out()).isEqualTo("0001\n");

    Launch unknown = launch("status", "--bogus");
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

    Launch migrate = launch("migrate");
    assertThat(migrate.exitCode()).as(migrate.toString()).isEqualTo(1);
    assertThat(migrate.out()).contains("Applied 0001 First").doesNotContain("is now at");
    assertThat(migrate.err().lines().filter(line -> line.startsWith("Error:")).toList())
        .containsExactly(
            "Error: Cannot migrate quits: migration 0002 ended the JVM (System.exit) while it ran,"
                + " so it did not finish; its history row is left running: roll it back, or"
                + " check the tables and run iceberg-ops repair (or iceberg-ops stamp 0002)");
    assertThat(inProcess.run("current").out()).isEqualTo("0001\n");
  }

  private record Launch(int exitCode, String out, String err) {}

  private Launch launch(String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(Main.class.getName());
    command.addAll(List.of(args));
    Path out = project.resolve("out.txt");
    Path err = project.resolve("err.txt");
    Process process =
        new ProcessBuilder(command)
            .directory(project.toFile())
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .start();
    if (!process.waitFor(HANG_MINUTES, TimeUnit.MINUTES)) {
      process.destroyForcibly();
      throw new IllegalStateException(
          "Cannot wait for " + command + ": still running after " + HANG_MINUTES + " min");
    }
    return new Launch(
        process.exitValue(),
        Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }
}
