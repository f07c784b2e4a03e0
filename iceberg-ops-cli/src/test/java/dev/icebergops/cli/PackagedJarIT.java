package dev.icebergops.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.SharedEnvironment;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged command line, {@code java -jar iceberg-ops.jar} as users run it (built by the
 * package phase; failsafe runs this after it), on the real REST catalog with S3 storage.
 */
@ExtendWith(SharedEnvironment.class)
class PackagedJarIT {

  /** The hang bound of docs/reliability.md ("Under load"): it ends a real hang, not a slow run. */
  private static final long HANG_MINUTES = 10;

  @TempDir Path project;

  @Test
  void checkDriftOfANamespaceThatDoesNotExistExitsOneWithTheReasonAndNoStackTrace(
      IcebergTestEnvironment environment) throws Exception {
    StringBuilder yaml =
        new StringBuilder(
            "namespace: nosuch_namespace_typo\ncatalog:\n  name: packaged\n  properties:\n");
    environment
        .catalogProperties()
        .forEach((k, v) -> yaml.append("    ").append(k).append(": \"").append(v).append("\"\n"));
    Files.createDirectories(project.resolve("migrations"));
    Files.writeString(project.resolve("iceberg-ops.yaml"), yaml);
    String error =
        "Error: Cannot check drift of nosuch_namespace_typo: no such namespace: check its name, or"
            + " migrate it first\n";

    Launch text = launch("check", "--drift");
    assertThat(text.exitCode()).as(text.toString()).isEqualTo(1);
    assertThat(text.out()).isEmpty();
    assertThat(text.err()).isEqualTo(error);

    Launch json = launch("check", "--drift", "--json");
    assertThat(json.exitCode()).as(json.toString()).isEqualTo(1);
    assertThat(new ObjectMapper().readTree(json.out()).at("/error/exitCode").asInt()).isEqualTo(1);
    assertThat(json.out()).doesNotContain("\"drift\"");
    assertThat(json.err()).isEqualTo(error);
  }

  private record Launch(int exitCode, String out, String err) {}

  private Launch launch(String... args) throws Exception {
    Path jar = Path.of(System.getProperty("iceberg-ops.cli.jar", "target/iceberg-ops.jar"));
    assertThat(jar).as("the packaged jar (mvn package builds it)").isRegularFile();
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(List.of("-jar", jar.toAbsolutePath().toString()));
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
