package dev.icebergops.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.cli.CliRunner;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the laptop session of docs/cli.md command by command on the CLI's embedded catalog, with the
 * migration file the page shows filled in after {@code revision}; every command must succeed.
 */
class CliSessionTest {

  @TempDir Path home;

  @Test
  void theLaptopSessionRunsOnTheEmbeddedCatalog() throws IOException {
    List<String> session =
        Regions.under(GuideCodeBlocksTest.DOCS.resolve("src/test/resources/cli"))
            .get("cli-session")
            .lines();
    Path workDir = home;
    for (List<String> command : ShellCommands.of(session)) {
      String program = command.get(0);
      if (program.equals("mkdir")) {
        Files.createDirectories(workDir.resolve(command.get(1)));
      } else if (program.equals("cd")) {
        workDir = workDir.resolve(command.get(1));
      } else {
        assertThat(program).isEqualTo("iceberg-ops");
        String[] args = command.subList(1, command.size()).toArray(String[]::new);
        CliRunner.Result result = new CliRunner(workDir).run(args);
        assertThat(result.exitCode()).as("iceberg-ops %s%n%s", command, result).isZero();
        if (args[0].equals("revision") && !List.of(args).contains("--autogenerate")) {
          copy("/cli/V0001__CreateOrders.java", workDir.resolve("migrations"));
          copy("/cli/orders.yaml", workDir.resolve("contracts"));
        }
        if (args[0].equals("migrate")) {
          assertThat(result.out()).containsPattern("Applied 000[12] [A-Z][a-z ]+ \\(\\d+ ms\\)");
        }
      }
    }
  }

  /** Fills in a file the session's previous command created, as the page tells the reader. */
  private static void copy(String resource, Path directory) throws IOException {
    Path target = directory.resolve(resource.substring(resource.lastIndexOf('/') + 1));
    try (InputStream filled = CliSessionTest.class.getResourceAsStream(resource)) {
      Files.copy(filled, target, StandardCopyOption.REPLACE_EXISTING);
    }
  }
}
