package dev.icebergops.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.icebergops.cli.CliRunner.Result;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With {@code --json}, standard output is one JSON document whether the command succeeds or fails:
 * the result, and on failure an {@code error} object with the message, the version and the exit
 * code.
 */
class JsonOutputTest {

  /** Fails on a second document after the first: stdout must hold exactly one. */
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

  @TempDir Path project;
  private CliRunner cli;

  @BeforeEach
  void init() throws IOException {
    cli = new CliRunner(project);
    assertThat(cli.run("init", "--namespace", "js").exitCode()).isZero();
    cli.migration("V0001__Works", "");
    cli.migration("V0002__Fails", "throw new IllegalStateException(\"no region data yet\");");
  }

  /** Runs a command that must fail, and reads its standard output as one JSON document. */
  private JsonNode failing(String... args) throws JsonProcessingException {
    Result result = cli.run(args);
    assertThat(result.exitCode()).as(result.toString()).isEqualTo(1);
    return JSON.readTree(result.out());
  }

  @Test
  void aFailingMigrateIsOneDocumentWithWhatItDidAndTheError() throws JsonProcessingException {
    Result migrate = cli.run("--json", "migrate");

    assertThat(migrate.exitCode()).isEqualTo(1);
    JsonNode json = JSON.readTree(migrate.out());
    assertThat(json.at("/steps/0/version").asText()).isEqualTo("0001");
    assertThat(json.at("/steps")).hasSize(1);
    assertThat(json.at("/current").asText()).isEqualTo("0001");
    assertThat(json.at("/error/message").asText())
        .isEqualTo(
            "Cannot apply migration 0002 (Fails) to js: upgrade failed:"
                + " java.lang.IllegalStateException: no region data yet; committed before the"
                + " failure: none");
    assertThat(json.at("/error/version").asText()).isEqualTo("0002");
    assertThat(json.at("/error/exitCode").asInt()).isEqualTo(1);
    assertThat(migrate.err()).isEqualTo("Error: " + json.at("/error/message").asText() + "\n");
  }

  @Test
  void aMigrateRefusedByValidationIsTheErrorWithItsFindings() throws JsonProcessingException {
    assertThat(cli.run("migrate").exitCode()).isEqualTo(1);

    JsonNode json = failing("migrate", "--json");

    assertThat(fieldNames(json)).containsExactly("error");
    assertThat(fieldNames(json.get("error")))
        .containsExactly("message", "version", "exitCode", "findings");
    assertThat(json.at("/error/message").asText())
        .isEqualTo("Cannot migrate js: validation found 1 problem");
    assertThat(json.at("/error/version").isNull()).isTrue();
    assertThat(json.at("/error/exitCode").asInt()).isEqualTo(1);
    assertThat(json.at("/error/findings/0/kind").asText()).isEqualTo("failed");
    assertThat(json.at("/error/findings/0/message").asText())
        .endsWith("run iceberg-ops repair (or iceberg-ops stamp 0002)");
  }

  @Test
  void aFailingValidateIsItsFindingsWithTheError() throws JsonProcessingException {
    assertThat(cli.run("migrate").exitCode()).isEqualTo(1);

    JsonNode json = failing("validate", "--json");

    assertThat(fieldNames(json)).containsExactly("namespace", "findings", "error");
    assertThat(json.at("/findings/0/version").asText()).isEqualTo("0002");
    assertThat(json.at("/error/message").asText())
        .isEqualTo("Cannot validate js: validation found 1 problem");
    assertThat(json.at("/error/exitCode").asInt()).isEqualTo(1);
  }

  @Test
  void aBadOptionAndACompileErrorAreJsonErrorsToo() throws IOException {
    assertThat(failing("status", "--json", "--frobnicate").at("/error/message").asText())
        .isEqualTo("Unknown option: '--frobnicate'");

    cli.migration("V0003__Broken", "ctx.namespace()");
    JsonNode error = failing("--json", "plan").get("error");
    assertThat(error.get("message").asText())
        .startsWith("Cannot compile migration ")
        .endsWith("V0003__Broken.java:6: ';' expected");
    assertThat(error.at("/diagnostics/0").asText())
        .isEqualTo("V0003__Broken.java:6: error: ';' expected");
  }

  @Test
  void aSucceedingCommandIsItsResultWithoutError() throws JsonProcessingException {
    Result plan = cli.run("--json", "plan");

    assertThat(plan.exitCode()).as(plan.toString()).isZero();
    JsonNode json = JSON.readTree(plan.out());
    assertThat(fieldNames(json))
        .containsExactly("namespace", "pending", "blocking", "baseline", "gaps", "skipped");
    assertThat(json.at("/pending/1/version").asText()).isEqualTo("0002");
  }

  private static List<String> fieldNames(JsonNode node) {
    List<String> names = new ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }
}
