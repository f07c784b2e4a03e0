package dev.icebergops.migration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Migrations compiled at run time from V<NNNN>__*.java source files. */
class FilesystemMigrationSourceTest {

  @TempDir Path dir;

  private static String migration(String className, String body) {
    return """
        import dev.icebergops.migration.BaseMigration;
        import dev.icebergops.migration.MigrationContext;

        public class %s extends BaseMigration {
          @Override public void upgrade(MigrationContext ctx) {
            %s
          }
          @Override public void downgrade(MigrationContext ctx) {}
        }
        """
        .formatted(className, body);
  }

  private void write(String relative, String source) throws IOException {
    Path file = dir.resolve(relative);
    Files.createDirectories(file.getParent());
    Files.writeString(file, source);
  }

  private static List<ResolvedMigration> resolve(MigrationSource source, String namespace) {
    return source.resolve(namespace, MigrationFactory.publicNoArgConstructor());
  }

  @Test
  void compilesMigrationsAndTheHelpersBesideThem() throws IOException {
    write("V0001__CreateOrders.java", migration("V0001__CreateOrders", "Tables.touch(ctx);"));
    write("V0002__AddRegion.java", migration("V0002__AddRegion", ""));
    write(
        "Tables.java",
        "import dev.icebergops.migration.MigrationContext;\n"
            + "class Tables { static void touch(MigrationContext ctx) {} }\n");

    List<ResolvedMigration> migrations = resolve(MigrationSource.filesystem(dir), "sales");

    assertThat(migrations)
        .extracting(ResolvedMigration::version, ResolvedMigration::description)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("0001", "Create orders"),
            org.assertj.core.groups.Tuple.tuple("0002", "Add region"));
    assertThat(migrations.get(0).checksum()).hasSize(64);
  }

  @Test
  void usesTheNamespaceSubdirectoryWhenItExists() throws IOException {
    write("V0001__Shared.java", migration("V0001__Shared", ""));
    write("sales/eu/V0001__EuOrders.java", migration("V0001__EuOrders", ""));
    MigrationSource source = MigrationSource.filesystem(dir);

    assertThat(resolve(source, "sales.eu"))
        .extracting(ResolvedMigration::description)
        .containsExactly("Eu orders");
    assertThat(resolve(source, "us"))
        .extracting(ResolvedMigration::description)
        .containsExactly("Shared");
  }

  @Test
  void recompilesOnlyWhenASourceFileChanges() throws IOException {
    write("V0001__First.java", migration("V0001__First", ""));
    MigrationSource source = MigrationSource.filesystem(dir);
    Class<?> first = resolve(source, "ns").get(0).migration().getClass();

    assertThat(resolve(source, "ns").get(0).migration().getClass()).isSameAs(first);

    write("V0001__First.java", migration("V0001__First", "ctx.namespace();"));
    List<ResolvedMigration> edited = resolve(source, "ns");
    assertThat(edited.get(0).migration().getClass()).isNotSameAs(first);
  }

  @Test
  void checksumIsTheSameForTheSameSourceAndChangesWithIt() throws IOException {
    write("V0001__First.java", migration("V0001__First", ""));
    String once = resolve(MigrationSource.filesystem(dir), "ns").get(0).checksum();
    String again = resolve(MigrationSource.filesystem(dir), "ns").get(0).checksum();
    write("V0001__First.java", migration("V0001__First", "ctx.namespace();"));
    String edited = resolve(MigrationSource.filesystem(dir), "ns").get(0).checksum();

    assertThat(again).isEqualTo(once);
    assertThat(edited).isNotEqualTo(once);
  }

  @Test
  void compileErrorNamesTheFileAndLineAndKeepsTheDiagnostics() throws IOException {
    write("V0001__Good.java", migration("V0001__Good", ""));
    write("V0002__Broken.java", migration("V0002__Broken", "ctx.noSuchMethod();"));

    assertThatThrownBy(() -> resolve(MigrationSource.filesystem(dir), "ns"))
        .isInstanceOf(MigrationCompileException.class)
        .hasMessageStartingWith(
            "Cannot compile migration "
                + dir.resolve("V0002__Broken.java")
                + ":6: cannot find symbol")
        .satisfies(
            e ->
                assertThat(((MigrationCompileException) e).diagnostics())
                    .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
                    .startsWith("V0002__Broken.java:6: error: cannot find symbol")
                    .contains("noSuchMethod"));
  }

  @Test
  void skipsAClassNamedLikeAMigrationThatIsNotOne() throws IOException {
    write("V0001__Real.java", migration("V0001__Real", ""));
    write("V0002__NotAMigration.java", "public class V0002__NotAMigration {}\n");

    assertThat(resolve(MigrationSource.filesystem(dir), "ns"))
        .extracting(ResolvedMigration::version)
        .containsExactly("0001");
  }

  @Test
  void missingDirectoryIsAnError() {
    Path missing = dir.resolve("nope");
    assertThatThrownBy(() -> resolve(MigrationSource.filesystem(missing), "ns"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot find migrations at filesystem:" + missing + ": no such directory");
  }

  @Test
  void twoFilesWithOneVersionNameBoth() throws IOException {
    write("V0001__First.java", migration("V0001__First", ""));
    write("V0001__Second.java", migration("V0001__Second", ""));

    assertThatThrownBy(() -> resolve(MigrationSource.filesystem(dir), "ns"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("version 0001 is declared by both V0001__First and V0001__Second");
  }
}
