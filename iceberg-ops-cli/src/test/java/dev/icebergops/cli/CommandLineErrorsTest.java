package dev.icebergops.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.cli.CliRunner.Result;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each kind of failure exits 1 with one Error line on standard error and no stack trace. */
class CommandLineErrorsTest {

  @TempDir Path project;
  private CliRunner cli;

  @BeforeEach
  void init() {
    cli = new CliRunner(project);
    assertThat(cli.run("init", "--namespace", "errs").exitCode()).isZero();
  }

  @Test
  void unknownConfigKeyIsOneErrorLine() throws IOException {
    Files.writeString(project.resolve("iceberg-ops.yaml"), "namespace: a\nnamspace: b\n");
    assertError(
        cli.run("status"),
        "Error: Cannot read config iceberg-ops.yaml: unknown key namspace at line 2, column 1"
            + " (known: [catalog, contracts, fail-on-skipped-migrations, meta-namespace,"
            + " migrations, namespace])");
  }

  @Test
  void invalidYamlNamesTheFileTheLineAndTheColumn() throws IOException {
    Files.writeString(
        project.resolve("iceberg-ops.yaml"), "namespace: a\ncatalog:\n  name: [local\n");
    assertError(
        cli.run("plan"),
        "Error: Cannot read config "
            + project.resolve("iceberg-ops.yaml")
            + ": invalid YAML: while parsing a flow sequence, expected ',' or ']', but got"
            + " <stream end> at line 4, column 1");

    Files.writeString(
        project.resolve("iceberg-ops.yaml"), "namespace: a\ncatalog:\n  name:\n    - local\n");
    assertError(
        cli.run("plan"),
        "Error: Cannot read config iceberg-ops.yaml: catalog.name at line 3, column 3 must be a"
            + " single value, not a list");
  }

  @Test
  void invalidContractYamlNamesTheLineAndTheColumn() throws IOException {
    Path contract = project.resolve("contracts/orders.yaml");
    Files.writeString(contract, "columns:\n  - name: id\n    type: long\n   required: true\n");
    Result result = cli.run("check");
    assertThat(result.exitCode()).as(result.toString()).isEqualTo(1);
    assertThat(result.out()).as(result.toString()).isEmpty();
    assertThat(result.err())
        .as(result.toString())
        .startsWith("Error: Cannot load contract " + contract + ": not valid YAML: ")
        .endsWith(" at line 4, column 4\n")
        .hasLineCount(1);
  }

  @Test
  void missingEnvironmentVariableIsNamed() throws IOException {
    Files.writeString(
        project.resolve("iceberg-ops.yaml"),
        "namespace: a\ncatalog:\n  properties:\n    type: rest\n    token: ${env:NO_SUCH_VAR}\n");
    assertError(
        cli.run("status"),
        "Error: Cannot read config iceberg-ops.yaml: catalog.properties.token at line 5, column"
            + " 5 refers to ${env:NO_SUCH_VAR}, which is not set");
  }

  @Test
  void unknownOptionIsOneErrorLine() {
    assertError(cli.run("migrate", "--frobnicate"), "Error: Unknown option: '--frobnicate'");
  }

  @Test
  void initRefusesToOverwrite() {
    assertError(
        cli.run("init"), "Error: Cannot init " + project + ": iceberg-ops.yaml already exists");
  }

  @Test
  void compileErrorNamesFileAndLineThenTheDiagnostics() throws IOException {
    cli.migration("V0001__Broken", "ctx.enforceColumn(\"orders\", \"x\", \"string\")");
    Result result = cli.run("migrate");
    assertThat(result.exitCode()).isEqualTo(1);
    assertThat(result.out()).isEmpty();
    assertThat(result.err().lines())
        .containsExactly(
            "Error: Cannot compile migration "
                + project.resolve("migrations/V0001__Broken.java")
                + ":6: ';' expected",
            "  V0001__Broken.java:6: error: ';' expected");
  }

  @Test
  void failingMigrationIsRecordedAndReportedAfterTheVersionsDoneBeforeIt() throws IOException {
    cli.migration("V0001__Works", "");
    cli.migration("V0002__Fails", "throw new IllegalStateException(\"no region data yet\");");
    Result result = cli.run("migrate");
    assertThat(result.exitCode()).isEqualTo(1);
    assertThat(result.out())
        .as("the versions done and where the namespace is: on stdout")
        .containsPattern("^Applied 0001 Works \\(\\d+ ms\\)\nerrs is now at 0001\n$");
    assertThat(result.err())
        .isEqualTo(
            "Error: Cannot apply migration 0002 (Fails) to errs: upgrade failed:"
                + " java.lang.IllegalStateException: no region data yet; committed before the"
                + " failure: none\n");
    assertThat(cli.run("history").out()).contains("0001").contains("applied").contains("failed");
  }

  @Test
  void unreachableCatalogNamesTheEndpoint() throws IOException {
    int port;
    try (ServerSocket socket = new ServerSocket(0)) {
      port = socket.getLocalPort();
    }
    Files.writeString(
        project.resolve("iceberg-ops.yaml"),
        "namespace: a\ncatalog:\n  name: prod\n  properties:\n    type: rest\n    uri: http://127.0.0.1:"
            + port
            + "\n");
    Result result = cli.run("status");
    assertThat(result.exitCode()).isEqualTo(1);
    assertThat(result.err())
        .startsWith("Error: Cannot connect to catalog prod at http://127.0.0.1:" + port + ": ")
        .contains("Connection refused")
        .hasLineCount(1);
  }

  @Test
  void aDuplicateConfigKeyIsRefusedWithItsLineAndColumn() throws IOException {
    Files.writeString(project.resolve("iceberg-ops.yaml"), "namespace: prod\nnamespace: staging\n");
    assertError(
        cli.run("status"),
        "Error: Cannot read config "
            + project.resolve("iceberg-ops.yaml")
            + ": duplicate key namespace at line 2, column 1 (a key is set once)");
  }

  @Test
  void aCatalogThatAcceptsConnectionsAndNeverAnswersFailsTheCommand() throws Exception {
    List<Socket> held = new CopyOnWriteArrayList<>();
    try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      Thread acceptor =
          new Thread(
              () -> {
                while (!silent.isClosed()) {
                  try {
                    held.add(silent.accept()); // accepted, never read, never answered
                  } catch (IOException closed) {
                    return;
                  }
                }
              });
      acceptor.setDaemon(true);
      acceptor.start();
      String uri = "http://127.0.0.1:" + silent.getLocalPort();
      Files.writeString(
          project.resolve("iceberg-ops.yaml"),
          "namespace: a\ncatalog:\n  name: prod\n  properties:\n    type: rest\n    uri: "
              + uri
              // the bound a user sets; CatalogFactoryTest proves the default of 60 s
              + "\n    rest.client.socket-timeout-ms: \"2000\"\n");

      Result result = cli.run("status");

      assertThat(result.exitCode()).as(result.toString()).isEqualTo(1);
      assertThat(result.err())
          .startsWith(
              "Error: Cannot connect to catalog prod at "
                  + uri
                  + ": no answer within 2 s (the catalog property rest.client.socket-timeout-ms)")
          .hasLineCount(1);
      assertThat(held).as("the server accepted the connection").isNotEmpty();
    } finally {
      for (Socket socket : held) {
        socket.close();
      }
    }
  }

  @Test
  void aMigrationFileThatCannotBeReadStopsPlanValidateAndMigrate() throws IOException {
    cli.migration("V0001__First", "");
    Path dangling = project.resolve("migrations/V0002__Gone.java");
    Files.createSymbolicLink(dangling, project.resolve("nowhere.java"));
    String error =
        "Error: Cannot read migration file "
            + dangling
            + ": it is a symbolic link to "
            + project.resolve("nowhere.java")
            + ", which does not exist; fix or remove it";
    for (String command : List.of("plan", "validate", "migrate")) {
      Result result = cli.run(command);
      assertThat(result.exitCode()).as(command + ": " + result).isEqualTo(1);
      assertThat(result.err().lines().filter(l -> l.startsWith("Error:")).toList())
          .as(command + ": " + result)
          .containsExactly(error);
    }
    assertThat(cli.run("current").out())
        .as("migrate applied nothing around it")
        .isEqualTo("none\n");
  }

  @Test
  void unknownTargetAppliesNothing() throws IOException {
    cli.migration("V0001__Noop", "");
    assertError(
        cli.run("migrate", "--target", "0009"),
        "Error: Cannot migrate errs to 0009: no migration has that version (known: 0001)");
    assertThat(cli.run("current").out()).isEqualTo("none\n");
  }

  @Test
  void verbosePrintsTheStackTrace() {
    Result result = cli.run("stamp", "0042", "--verbose");
    assertThat(result.exitCode()).isEqualTo(1);
    assertThat(result.err())
        .startsWith("Error: Cannot stamp errs at 0042: no migration has that version")
        .contains("\tat dev.icebergops.runner.MigrationRunner.stamp");
  }

  private static void assertError(Result result, String line) {
    assertThat(result.exitCode()).as(result.toString()).isEqualTo(1);
    assertThat(result.out()).as(result.toString()).isEmpty();
    assertThat(result.err()).as(result.toString()).isEqualTo(line + "\n");
  }
}
