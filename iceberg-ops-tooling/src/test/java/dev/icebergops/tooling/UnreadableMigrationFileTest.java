package dev.icebergops.tooling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.icebergops.migration.MigrationFactory;
import dev.icebergops.migration.MigrationSource;
import dev.icebergops.migration.ResolvedMigration;
import dev.icebergops.testsupport.MigrationSources;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file in the migrations directory that is named like a migration but cannot be read as one is an
 * error naming it, never a version silently left out.
 */
class UnreadableMigrationFileTest {

  @TempDir Path dir;

  @BeforeEach
  void aReadableMigration() throws IOException {
    MigrationSources.write(dir, "V0001__First", "", "");
  }

  private void assertRefused(Path file, String reason) {
    MigrationSource source = FilesystemMigrationSource.of(dir);
    assertThatThrownBy(() -> source.resolve("ns", MigrationFactory.publicNoArgConstructor()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot read migration file " + file + ": " + reason + "; fix or remove it");
    assertThatThrownBy(() -> source.skipped("ns"))
        .as("listing what is skipped is refused too")
        .hasMessageContaining("Cannot read migration file " + file);
  }

  @Test
  void aSelfReferencingSymbolicLinkIsAnErrorNamingIt() throws IOException {
    Path loop = dir.resolve("V0002__Loop.java");
    Files.createSymbolicLink(loop, loop.getFileName());

    assertRefused(loop, "it is a symbolic link to V0002__Loop.java that loops back on itself");
  }

  @Test
  void aDanglingSymbolicLinkIsAnErrorNamingItsTarget() throws IOException {
    Path dangling = dir.resolve("V0002__Gone.java");
    Files.createSymbolicLink(dangling, dir.resolve("elsewhere/V0002__Gone.java"));

    assertRefused(
        dangling,
        "it is a symbolic link to "
            + dir.resolve("elsewhere/V0002__Gone.java")
            + ", which does"
            + " not exist");
  }

  @Test
  void aFifoIsAnErrorAndIsNeverOpened() throws Exception {
    Path fifo = dir.resolve("V0002__Pipe.java");
    Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
    assertThat(mkfifo.waitFor()).as("mkfifo %s", fifo).isZero();

    // opening a FIFO with no writer would block this thread for good: the error proves it was not
    assertRefused(fifo, "it is not a regular file (a FIFO, socket or device)");
  }

  @Test
  void aSymbolicLinkToAMigrationFileIsRead() throws IOException {
    Path elsewhere = Files.createDirectories(dir.resolve("shared"));
    MigrationSources.write(elsewhere, "V0002__Linked", "", "");
    Files.createSymbolicLink(
        dir.resolve("V0002__Linked.java"), Path.of("shared/V0002__Linked.java"));

    assertThat(
            FilesystemMigrationSource.of(dir)
                .resolve("ns", MigrationFactory.publicNoArgConstructor()))
        .extracting(ResolvedMigration::version)
        .containsExactly("0001", "0002");
  }
}
