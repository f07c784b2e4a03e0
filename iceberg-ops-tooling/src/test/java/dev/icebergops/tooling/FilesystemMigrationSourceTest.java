package dev.icebergops.tooling;

import static dev.icebergops.testsupport.MigrationSources.migration;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.groups.Tuple.tuple;

import dev.icebergops.migration.MigrationFactory;
import dev.icebergops.migration.MigrationSource;
import dev.icebergops.migration.ResolvedMigration;
import dev.icebergops.migration.SkippedMigration;
import dev.icebergops.testsupport.StandardError;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Migrations compiled at run time from V<NNNN>__*.java source files. */
class FilesystemMigrationSourceTest {

  @TempDir Path dir;

  private void write(String relative, String source) throws IOException {
    Path file = dir.resolve(relative);
    Files.createDirectories(file.getParent());
    Files.writeString(file, source);
  }

  /** A migration whose description comes from {@code lib.Regions}, a class of a library. */
  private static final String USES_LIBRARY =
      """
      import dev.icebergops.migration.BaseMigration;
      import dev.icebergops.migration.MigrationContext;

      public class V0001__UsesLibrary extends BaseMigration {
        @Override public String description() { return lib.Regions.name(); }
        @Override public void upgrade(MigrationContext ctx) {}
        @Override public void downgrade(MigrationContext ctx) {}
      }
      """;

  /** Compiles the library class {@code lib.Regions} into a class directory outside the sources. */
  private Path library() throws IOException {
    Path source = dir.resolve("library/src/lib/Regions.java");
    Path classes = dir.resolve("library/classes");
    Files.createDirectories(source.getParent());
    Files.createDirectories(classes);
    Files.writeString(
        source,
        "package lib;\n"
            + "public final class Regions {\n"
            + "  public static String name() { return \"Regions from a library\"; }\n"
            + "}\n");
    ByteArrayOutputStream errors = new ByteArrayOutputStream();
    int status =
        ToolProvider.getSystemJavaCompiler()
            .run(null, null, errors, "-d", classes.toString(), source.toString());
    assertThat(status).as("javac: %s", errors).isZero();
    return classes;
  }

  private static List<ResolvedMigration> resolve(MigrationSource source, String namespace) {
    return source.resolve(namespace, MigrationFactory.publicNoArgConstructor());
  }

  @Test
  void compilesBaselineSourcesAndPlacesEachAfterItsVersion() throws IOException {
    write("V0001__CreateOrders.java", migration("V0001__CreateOrders", ""));
    write("B0001__Baseline.java", migration("B0001__Baseline", ""));

    List<ResolvedMigration> found = resolve(FilesystemMigrationSource.of(dir), "sales");

    assertThat(found)
        .extracting(
            ResolvedMigration::version,
            ResolvedMigration::description,
            ResolvedMigration::isBaseline)
        .containsExactly(tuple("0001", "Create orders", false), tuple("0001", "Baseline", true));
  }

  @Test
  void compilesMigrationsAndTheHelpersBesideThem() throws IOException {
    write("V0001__CreateOrders.java", migration("V0001__CreateOrders", "Tables.touch(ctx);"));
    write("V0002__AddRegion.java", migration("V0002__AddRegion", ""));
    write(
        "Tables.java",
        "import dev.icebergops.migration.MigrationContext;\n"
            + "class Tables { static void touch(MigrationContext ctx) {} }\n");

    List<ResolvedMigration> migrations = resolve(FilesystemMigrationSource.of(dir), "sales");

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
    MigrationSource source = FilesystemMigrationSource.of(dir);

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
    MigrationSource source = FilesystemMigrationSource.of(dir);
    Class<?> first = resolve(source, "ns").get(0).migration().getClass();

    assertThat(resolve(source, "ns").get(0).migration().getClass()).isSameAs(first);

    write("V0001__First.java", migration("V0001__First", "ctx.namespace();"));
    List<ResolvedMigration> edited = resolve(source, "ns");
    assertThat(edited.get(0).migration().getClass()).isNotSameAs(first);
  }

  @Test
  void checksumIsTheSameForTheSameSourceAndChangesWithIt() throws IOException {
    write("V0001__First.java", migration("V0001__First", ""));
    String once = resolve(FilesystemMigrationSource.of(dir), "ns").get(0).checksum();
    String again = resolve(FilesystemMigrationSource.of(dir), "ns").get(0).checksum();
    write("V0001__First.java", migration("V0001__First", "ctx.namespace();"));
    String edited = resolve(FilesystemMigrationSource.of(dir), "ns").get(0).checksum();

    assertThat(again).isEqualTo(once);
    assertThat(edited).isNotEqualTo(once);
  }

  @Test
  void compileErrorNamesTheFileAndLineAndKeepsTheDiagnostics() throws IOException {
    write("V0001__Good.java", migration("V0001__Good", ""));
    write("V0002__Broken.java", migration("V0002__Broken", "ctx.noSuchMethod();"));

    assertThatThrownBy(() -> resolve(FilesystemMigrationSource.of(dir), "ns"))
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

    assertThat(resolve(FilesystemMigrationSource.of(dir), "ns"))
        .extracting(ResolvedMigration::version)
        .containsExactly("0001");
  }

  @Test
  void missingDirectoryIsAnError() {
    Path missing = dir.resolve("nope");
    assertThatThrownBy(() -> resolve(FilesystemMigrationSource.of(missing), "ns"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot find migrations at filesystem:" + missing + ": no such directory");
  }

  @Test
  void twoFilesWithOneVersionNameBoth() throws IOException {
    write("V0001__First.java", migration("V0001__First", ""));
    write("V0001__Second.java", migration("V0001__Second", ""));

    assertThatThrownBy(() -> resolve(FilesystemMigrationSource.of(dir), "ns"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("version 0001 is declared by both V0001__First and V0001__Second");
  }

  @Test
  void compilesAgainstTheClassPathOfAUrlClassLoaderParent() throws IOException {
    Path lib = library();
    write("V0001__UsesLibrary.java", USES_LIBRARY);

    try (URLClassLoader parent =
        new URLClassLoader(new URL[] {lib.toUri().toURL()}, getClass().getClassLoader())) {
      assertThat(resolve(FilesystemMigrationSource.of(dir, parent, List.of()), "ns"))
          .extracting(ResolvedMigration::description)
          .containsExactly("Regions from a library");
    }
  }

  @Test
  void refusesASourceWhoseClassTheClassPathAlsoHoldsNamingBoth() throws IOException {
    Path classes = Files.createDirectories(dir.resolve("jarred/classes"));
    Path other = dir.resolve("jarred/V0001__Create.java");
    Files.writeString(other, migration("V0001__Create", "ctx.dropTableIfExists(\"t\");"));
    int status =
        ToolProvider.getSystemJavaCompiler()
            .run(null, null, null, "-d", classes.toString(), other.toString());
    assertThat(status).as("javac").isZero();
    write("V0001__Create.java", migration("V0001__Create", ""));

    try (URLClassLoader parent =
        new URLClassLoader(new URL[] {classes.toUri().toURL()}, getClass().getClassLoader())) {
      assertThatThrownBy(() -> resolve(FilesystemMigrationSource.of(dir, parent, List.of()), "ns"))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage(
              "Cannot load migration V0001__Create: both "
                  + dir.toAbsolutePath().normalize()
                  + " and the class path ("
                  + classes.resolve("V0001__Create.class").toUri().toURL()
                  + ") hold a class of that name; only the class path's would run");
    }
  }

  @Test
  void compilesAgainstExtraClassPathEntriesOfAnyParent() throws IOException {
    Path lib = library();
    write("V0001__UsesLibrary.java", USES_LIBRARY);

    try (URLClassLoader jars = new URLClassLoader(new URL[] {lib.toUri().toURL()}, null)) {
      // a parent that finds the library but is no URLClassLoader, like a build tool's plugin loader
      ClassLoader parent =
          new ClassLoader("plugin", getClass().getClassLoader()) {
            @Override
            protected Class<?> findClass(String name) throws ClassNotFoundException {
              return jars.loadClass(name);
            }
          };

      assertThat(resolve(FilesystemMigrationSource.of(dir, parent, List.of(lib)), "ns"))
          .extracting(ResolvedMigration::description)
          .containsExactly("Regions from a library");
    }
  }

  @Test
  void compilesAgainstLibrariesOnTheJvmClassPath() throws IOException {
    // TableProperties is in iceberg-core, which only the JVM's class path brings
    write(
        "V0001__SetFormat.java",
        migration(
            "V0001__SetFormat",
            "ctx.setTableProperties(\"t\","
                + " java.util.Map.of(org.apache.iceberg.TableProperties.FORMAT_VERSION, \"2\"));"));

    assertThat(resolve(FilesystemMigrationSource.of(dir), "ns"))
        .extracting(ResolvedMigration::version)
        .containsExactly("0001");
  }

  @Test
  void compilesAgainstThisLibraryAndIcebergWhenTheJvmClassPathLacksThem() throws IOException {
    write(
        "V0001__AddRegion.java",
        migration(
            "V0001__AddRegion",
            "ctx.addColumn(\"t\", \"region\", org.apache.iceberg.types.Types.StringType.get());"));
    String jvmClassPath = System.getProperty("java.class.path");
    System.setProperty("java.class.path", "");
    try {
      assertThat(resolve(FilesystemMigrationSource.of(dir), "ns"))
          .extracting(ResolvedMigration::description)
          .containsExactly("Add region");
    } finally {
      System.setProperty("java.class.path", jvmClassPath);
    }
  }

  @Test
  void compilesOnlyTheJavaFilesDirectlyInTheDirectory() throws IOException {
    write("V0001__First.java", migration("V0001__First", ""));
    write("README.md", "# Migrations\n\nNot Java.\n");
    Files.createDirectories(dir.resolve("drafts.java"));
    MigrationSource source = FilesystemMigrationSource.of(dir);

    assertThat(resolve(source, "ns"))
        .extracting(ResolvedMigration::version)
        .containsExactly("0001");
    assertThat(source).hasToString("filesystem:" + dir.toAbsolutePath().normalize());
  }

  @Test
  void aRenamedSourceFileIsCompiledAgain() throws IOException {
    write("V0001__First.java", migration("V0001__First", ""));
    MigrationSource source = FilesystemMigrationSource.of(dir);
    assertThat(resolve(source, "ns")).hasSize(1);

    // the same bytes under another name: javac now refuses the public class's file name
    Files.move(dir.resolve("V0001__First.java"), dir.resolve("V0002__First.java"));

    assertThatThrownBy(() -> resolve(source, "ns"))
        .isInstanceOf(MigrationCompileException.class)
        .hasMessageContaining("V0002__First.java")
        .hasMessageContaining("should be declared in a file named V0001__First.java");
  }

  @Test
  void namesEachFileItSkipsAndWhyButNotHelpersOrOtherFiles() throws IOException {
    write("V0001__CreateOrders.java", migration("V0001__CreateOrders", ""));
    write("v0006_add.java", migration("v0006_add", ""));
    write("V6__AddRefunds.java", migration("V6__AddRefunds", ""));
    write("V0007__NotOne.java", "public class V0007__NotOne {}\n");
    write("V0008__AddRefunds.sql", "alter table refunds add column reason string;\n");
    write("Tables.java", "class Tables {}\n");
    write("notes.txt", "helpers sit beside the migrations\n");
    MigrationSource source = FilesystemMigrationSource.of(dir);

    String log =
        StandardError.capture(
            () -> {
              assertThat(resolve(source, "ns"))
                  .extracting(ResolvedMigration::version)
                  .containsExactly("0001");
              resolve(source, "ns"); // unchanged: not logged again
            });

    Path base = dir.toAbsolutePath().normalize();
    assertThat(source.skipped("ns"))
        .extracting(SkippedMigration::name)
        .containsExactly(
            base.resolve("V0007__NotOne.java").toString(),
            base.resolve("V0008__AddRefunds.sql").toString(),
            base.resolve("V6__AddRefunds.java").toString(),
            base.resolve("v0006_add.java").toString());
    assertThat(source.skipped("ns"))
        .extracting(SkippedMigration::reason)
        .containsExactly(
            "class V0007__NotOne: it is named like a migration but is not a concrete Migration",
            "it is not a .java file, so it is not compiled; a migration is a"
                + " V<NNNN>__<Description>.java file",
            "class V6__AddRefunds: it is a Migration, but its name is not V<NNNN>__<Description>"
                + " (four digits, two underscores, e.g. V0006__AddRefunds), so it is compiled as a"
                + " helper and never applied; rename the class and its file",
            "class v0006_add: it is a Migration, but its name is not V<NNNN>__<Description>"
                + " (four digits, two underscores, e.g. V0006__AddRefunds), so it is compiled as a"
                + " helper and never applied; rename the class and its file");
    assertThat(log.lines().filter(l -> l.contains("Skipping"))).hasSize(4);
    assertThat(log).contains("WARN").contains("Skipping " + base.resolve("v0006_add.java"));
  }

  @Test
  void namesAJavaFileNamedAlmostLikeAMigrationEvenWhenItIsAHelper() throws IOException {
    write("V0001__CreateOrders.java", migration("V0001__CreateOrders", ""));
    write("V0002_AddRegion.java", "class V0002_AddRegion {}\n");

    assertThat(FilesystemMigrationSource.of(dir).skipped("ns"))
        .extracting(SkippedMigration::toString)
        .containsExactly(
            dir.toAbsolutePath().normalize().resolve("V0002_AddRegion.java")
                + ": its name is not V<NNNN>__<Description>.java (four digits, two underscores,"
                + " e.g. V0006__AddRefunds.java), so it is compiled as a helper and never applied");
  }
}
