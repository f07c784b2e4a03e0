package dev.icebergops.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.SharedEnvironment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged command line, {@code java -jar iceberg-ops.jar} as users run it (built by the
 * package phase; failsafe runs this after it), on the real REST catalog with S3 storage.
 */
@ExtendWith(SharedEnvironment.class)
class PackagedJarIT {

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

    CliRunner.Result text = launch("check", "--drift");
    assertThat(text.exitCode()).as(text.toString()).isEqualTo(1);
    assertThat(text.out()).isEmpty();
    assertThat(text.err()).isEqualTo(error);

    CliRunner.Result json = launch("check", "--drift", "--json");
    assertThat(json.exitCode()).as(json.toString()).isEqualTo(1);
    assertThat(new ObjectMapper().readTree(json.out()).at("/error/exitCode").asInt()).isEqualTo(1);
    assertThat(json.out()).doesNotContain("\"drift\"");
    assertThat(json.err()).isEqualTo(error);
  }

  private CliRunner.Result launch(String... args) throws Exception {
    Path jar = Path.of(System.getProperty("iceberg-ops.cli.jar", "target/iceberg-ops.jar"));
    assertThat(jar).as("the packaged jar (mvn package builds it)").isRegularFile();
    return new CliRunner(project).launch(List.of("-jar", jar.toAbsolutePath().toString()), args);
  }
}
