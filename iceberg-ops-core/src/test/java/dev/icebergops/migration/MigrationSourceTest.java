package dev.icebergops.migration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.icebergops.migration.fixtures.flat.V0001__CreateOrders;
import dev.icebergops.migration.fixtures.privatector.V0001__NoPublicConstructor;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Discovery: the class-name rules, namespace subpackages, jars, and every malformed set. */
class MigrationSourceTest {

  private static final String FIXTURES = "classpath:dev/icebergops/migration/fixtures/";
  private static final MigrationFactory DEFAULT = MigrationFactory.publicNoArgConstructor();

  private static List<String> versions(List<ResolvedMigration> migrations) {
    return migrations.stream().map(m -> m.version() + " " + m.description()).toList();
  }

  @Test
  void classpathSourceFindsMigrationsInVersionOrderAndIgnoresOtherClasses() {
    List<ResolvedMigration> found =
        MigrationSource.classpath(FIXTURES + "flat").resolve("sales", DEFAULT);

    assertThat(versions(found)).containsExactly("0001 Create orders", "0002 Add region to orders");
    assertThat(found.get(0).migration()).isInstanceOf(V0001__CreateOrders.class);
  }

  @Test
  void classpathSourceIgnoresAMigrationClassNestedInAnotherClass() {
    List<ResolvedMigration> found =
        MigrationSource.classpath(FIXTURES + "flat").resolve("sales", DEFAULT);

    assertThat(found)
        .extracting(ResolvedMigration::className)
        .noneMatch(n -> n.endsWith("V0009__Nested"));
  }

  @Test
  void classpathSourceSkipsAClassNamedLikeAMigrationThatIsNotOne() {
    List<ResolvedMigration> found =
        MigrationSource.classpath(FIXTURES + "flat").resolve("sales", DEFAULT);

    assertThat(found)
        .extracting(ResolvedMigration::className)
        .noneMatch(n -> n.endsWith("V0003__NotAMigration"));
  }

  @Test
  void classpathSourceAcceptsDottedAndPrefixlessLocations() {
    assertThat(
            versions(
                MigrationSource.classpath("dev.icebergops.migration.fixtures.flat")
                    .resolve("x", DEFAULT)))
        .hasSize(2);
    assertThat(
            versions(
                MigrationSource.classpath("dev/icebergops/migration/fixtures/flat/")
                    .resolve("x", DEFAULT)))
        .hasSize(2);
    assertThat(MigrationSource.classpath("dev/icebergops/migration/fixtures/flat").location())
        .isEqualTo("classpath:dev/icebergops/migration/fixtures/flat");
  }

  @Test
  void classpathSourceUsesTheSubpackageNamedAfterTheNamespace() {
    MigrationSource source = MigrationSource.classpath(FIXTURES + "layered");

    assertThat(versions(source.resolve("us", DEFAULT))).containsExactly("0001 Us orders");
    assertThat(versions(source.resolve("sales.eu", DEFAULT)))
        .containsExactly("0001 Eu orders", "0002 Eu vat");
    assertThat(versions(source.resolve("finance", DEFAULT))).containsExactly("0001 Shared");
  }

  @Test
  void classpathSourceCreatesFreshInstancesOnEveryResolveOfOneSource() {
    MigrationSource source = MigrationSource.classpath(FIXTURES + "layered");

    List<ResolvedMigration> first = source.resolve("sales.eu", DEFAULT);
    List<ResolvedMigration> again = source.resolve("sales.eu", DEFAULT);
    List<ResolvedMigration> other = source.resolve("finance", DEFAULT);

    assertThat(versions(again)).isEqualTo(versions(first));
    assertThat(again.get(0).migration()).isNotSameAs(first.get(0).migration());
    assertThat(versions(other)).containsExactly("0001 Shared");
    assertThat(versions(source.resolve("sales.eu", DEFAULT))).isEqualTo(versions(first));
  }

  @Test
  void classpathSourceRejectsAMissingLocation() {
    assertThatThrownBy(() -> MigrationSource.classpath(FIXTURES + "nope").resolve("sales", DEFAULT))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot find migrations at classpath:dev/icebergops/migration/fixtures/nope: no such package on"
                + " the class path");
  }

  @Test
  void classpathSourceRejectsAMalformedMigrationName() {
    assertThatThrownBy(
            () -> MigrationSource.classpath(FIXTURES + "malformed").resolve("sales", DEFAULT))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot load migration dev.icebergops.migration.fixtures.malformed.V1__TooShort: the class name"
                + " must be V<NNNN>__<Description>, for example V0001__CreateOrders");
  }

  @Test
  void classpathSourceRejectsTwoClassesWithOneVersionNamingBoth() {
    assertThatThrownBy(
            () -> MigrationSource.classpath(FIXTURES + "duplicate").resolve("sales", DEFAULT))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot load migrations from classpath:dev/icebergops/migration/fixtures/duplicate: version 0001"
                + " is declared by both dev.icebergops.migration.fixtures.duplicate.V0001__First and"
                + " dev.icebergops.migration.fixtures.duplicate.V0001__Second");
  }

  @Test
  void classpathSourceRejectsAVersionThatContradictsTheClassName() {
    assertThatThrownBy(
            () -> MigrationSource.classpath(FIXTURES + "mismatch").resolve("sales", DEFAULT))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot load migration dev.icebergops.migration.fixtures.mismatch.V0002__WrongVersion: version()"
                + " returns 0003 but the class name says 0002");
  }

  @Test
  void defaultFactoryRejectsAClassWithoutAPublicNoArgConstructor() {
    assertThatThrownBy(
            () -> MigrationSource.classpath(FIXTURES + "privatector").resolve("sales", DEFAULT))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot create migration dev.icebergops.migration.fixtures.privatector.V0001__NoPublicConstructor:"
                + " it has no public no-arg constructor; add one or pass a MigrationFactory");
  }

  @Test
  void aMigrationFactoryInjectsDependencies() {
    MigrationFactory factory = type -> type.getConstructor(String.class).newInstance("eu-west");

    List<ResolvedMigration> found =
        MigrationSource.classpath(FIXTURES + "privatector").resolve("sales", factory);

    assertThat(((V0001__NoPublicConstructor) found.get(0).migration()).region())
        .isEqualTo("eu-west");
  }

  @Test
  void aFailingFactoryIsReportedWithTheClass() {
    MigrationFactory factory =
        type -> {
          throw new IllegalStateException("injector not ready");
        };

    assertThatThrownBy(
            () -> MigrationSource.of(V0001__CreateOrders.class).resolve("sales", factory))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot create migration dev.icebergops.migration.fixtures.flat.V0001__CreateOrders:"
                + " java.lang.IllegalStateException: injector not ready");
  }

  @Test
  void explicitSourceChecksTheSameRules() {
    assertThat(
            versions(
                MigrationSource.of(
                        dev.icebergops.migration.fixtures.flat.V0002__Add_region_to_orders.class,
                        V0001__CreateOrders.class)
                    .resolve("any", DEFAULT)))
        .containsExactly("0001 Create orders", "0002 Add region to orders");
    assertThatThrownBy(
            () ->
                MigrationSource.of(
                        dev.icebergops.migration.fixtures.duplicate.V0001__First.class,
                        dev.icebergops.migration.fixtures.duplicate.V0001__Second.class)
                    .resolve("any", DEFAULT))
        .hasMessageContaining("version 0001 is declared by both");
  }

  @Test
  void explicitSourceNamesItsClassesAndBothDuplicatesInNameOrder() {
    MigrationSource source =
        MigrationSource.of(
            dev.icebergops.migration.fixtures.duplicate.V0001__Second.class,
            dev.icebergops.migration.fixtures.duplicate.V0001__First.class);

    assertThat(source.location()).isEqualTo("classes [V0001__Second, V0001__First]");
    assertThat(source).hasToString(source.location());
    assertThatThrownBy(() -> source.resolve("any", DEFAULT))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot load migrations from classes [V0001__Second, V0001__First]: version 0001 is"
                + " declared by both dev.icebergops.migration.fixtures.duplicate.V0001__First and"
                + " dev.icebergops.migration.fixtures.duplicate.V0001__Second");
  }

  @Test
  void resolvedMigrationsReadAsVersionAndDescription() {
    ResolvedMigration found =
        MigrationSource.of(V0001__CreateOrders.class).resolve("any", DEFAULT).get(0);

    assertThat(found).hasToString("0001 (Create orders)");
    assertThat(found.migration()).hasToString("0001 (Create orders)");
  }

  @Test
  void explicitSourceRejectsAnInvalidVersion() {
    assertThatThrownBy(() -> MigrationSource.of(BadVersion.class).resolve("any", DEFAULT))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot load migration "
                + BadVersion.class.getName()
                + ": version() returned '12'; it must be four digits such as 0001");
  }

  /** A migration whose version is not four digits. */
  public static class BadVersion extends BaseMigration {
    @Override
    public String version() {
      return "12";
    }

    @Override
    public void upgrade(MigrationContext ctx) {}

    @Override
    public void downgrade(MigrationContext ctx) {}
  }

  @Test
  void checksumChangesWhenTheClassChangesAndOnlyThen() {
    ResolvedMigration once =
        MigrationSource.of(V0001__CreateOrders.class).resolve("a", DEFAULT).get(0);
    ResolvedMigration twice =
        MigrationSource.of(V0001__CreateOrders.class).resolve("b", DEFAULT).get(0);
    ResolvedMigration other =
        MigrationSource.of(dev.icebergops.migration.fixtures.layered.V0001__Shared.class)
            .resolve("a", DEFAULT)
            .get(0);

    assertThat(once.checksum())
        .hasSize(64)
        .isEqualTo(twice.checksum())
        .isNotEqualTo(other.checksum());
  }

  @Test
  void classpathSourceFindsMigrationsInsideAJar(@TempDir Path dir) throws Exception {
    Path jar = compileIntoJar(dir, "jarred.migrations", "", "V0001__FromJar", "V0002__AlsoFromJar");

    try (URLClassLoader loader =
        new URLClassLoader(new URL[] {jar.toUri().toURL()}, getClass().getClassLoader())) {
      List<ResolvedMigration> found =
          MigrationSource.classpath("classpath:jarred/migrations", loader)
              .resolve("sales", DEFAULT);

      assertThat(versions(found)).containsExactly("0001 From jar", "0002 Also from jar");
      assertThat(found.get(0).migration().getClass().getClassLoader()).isSameAs(loader);
    }
  }

  @Test
  void classpathSourceRefusesAMigrationThatTwoJarsHoldWithDifferentBodiesNamingBoth(
      @TempDir Path dir) throws Exception {
    Path first =
        compileIntoJar(
            dir.resolve("a"), "shadowed", "ctx.enforceColumn(\"t\", \"c\", \"int\");", V1);
    Path second = compileIntoJar(dir.resolve("b"), "shadowed", "ctx.dropTableIfExists(\"t\");", V1);

    try (URLClassLoader loader =
        new URLClassLoader(
            new URL[] {first.toUri().toURL(), second.toUri().toURL()},
            getClass().getClassLoader())) {
      assertThatThrownBy(
              () -> MigrationSource.classpath("classpath:shadowed", loader).resolve("s", DEFAULT))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage(
              "Cannot load migration shadowed.V0001__Create: two class-path roots hold different"
                  + " classes of that name, "
                  + first.toUri()
                  + " and "
                  + second.toUri()
                  + "; only the first would run");
    }
  }

  @Test
  void classpathSourceAcceptsOneMigrationJarListedTwice(@TempDir Path dir) throws Exception {
    Path jar = compileIntoJar(dir.resolve("a"), "twice", "", V1);
    Path copy = Files.copy(jar, dir.resolve("copy.jar"));

    try (URLClassLoader loader =
        new URLClassLoader(
            new URL[] {jar.toUri().toURL(), copy.toUri().toURL()}, getClass().getClassLoader())) {
      assertThat(versions(MigrationSource.classpath("twice", loader).resolve("s", DEFAULT)))
          .containsExactly("0001 Create");
    }
  }

  private static final String V1 = "V0001__Create";

  /**
   * Compiles tiny migrations with the JDK compiler, each upgrading with {@code body}, and packs
   * them into a jar.
   */
  private static Path compileIntoJar(Path dir, String pkg, String body, String... classNames)
      throws IOException {
    Path sources = Files.createDirectories(dir.resolve("src"));
    Path classes = Files.createDirectories(dir.resolve("classes"));
    List<String> args =
        new java.util.ArrayList<>(
            List.of("-d", classes.toString(), "-classpath", System.getProperty("java.class.path")));
    for (String name : classNames) {
      Path source = sources.resolve(name + ".java");
      Files.writeString(
          source,
          "package "
              + pkg
              + ";\n"
              + "public class "
              + name
              + " extends dev.icebergops.migration.BaseMigration {\n"
              + "  public void upgrade(dev.icebergops.migration.MigrationContext ctx) {"
              + body
              + "}\n"
              + "  public void downgrade(dev.icebergops.migration.MigrationContext ctx) {}\n"
              + "}\n");
      args.add(source.toString());
    }
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    assertThat(javac.run(null, null, null, args.toArray(String[]::new)))
        .as("javac exit code")
        .isZero();
    Path jar = dir.resolve("migrations.jar");
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar));
        Stream<Path> files = Files.walk(classes)) {
      for (Path file : files.filter(Files::isRegularFile).toList()) {
        out.putNextEntry(new JarEntry(classes.relativize(file).toString().replace('\\', '/')));
        Files.copy(file, out);
        out.closeEntry();
      }
    }
    return jar;
  }

  /** Named against the rule, so BaseMigration cannot derive its version. */
  public static class CreateOrders extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {}

    @Override
    public void downgrade(MigrationContext ctx) {}
  }

  @Test
  void explicitSourceRejectsAMisnamedBaseMigrationWithIllegalArgument() {
    MigrationSource source = MigrationSource.of(CreateOrders.class);

    assertThatThrownBy(() -> source.resolve("sales", DEFAULT))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("Cannot load migration " + CreateOrders.class.getName())
        .hasMessageContaining("version() threw")
        .hasMessageContaining("the class name must be V<NNNN>__<Description>")
        .hasCauseInstanceOf(IllegalStateException.class);
  }

  @Test
  void explicitSourceRejectsANullListWithIllegalArgument() {
    assertThatThrownBy(() -> MigrationSource.of((List<Class<? extends Migration>>) null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot use migration classes: the list is null");
  }

  @ParameterizedTest(name = "[{index}] \"{0}\"")
  @ValueSource(
      strings = {
        "..",
        "classpath:..",
        "classpath:",
        "classpath:/",
        "/",
        ".",
        "classpath:.",
        "classpath://",
        "db/../iceberg",
        "db..iceberg",
        ".db.iceberg",
        "db/iceberg/..",
        "*",
        "classpath:*",
        "db/*",
        "filesystem:migrations",
        "file:/etc",
        "db iceberg",
        "db/ iceberg",
        "1db/iceberg",
        "db/iceberg\u0000",
        "db\\iceberg",
        "classpath:classpath:db"
      })
  void classpathSourceRefusesALocationThatIsNotAPackage(String location) {
    assertThatThrownBy(() -> MigrationSource.classpath(location))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("Cannot use migration location '")
        .hasMessageContaining("it must name a package")
        .hasMessageContaining("would scan the whole class path");
  }

  @Test
  void classpathSourceRefusesAnOverlongLocation() {
    assertThatThrownBy(() -> MigrationSource.classpath("a.".repeat(600) + "b"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("longer than 1000 characters")
        .hasMessageContaining("(1201 characters, cut)");
  }

  @Test
  void classpathSourceAcceptsALocationOfExactlyTheLimit() {
    String location = "a/".repeat(499) + "bb";
    assertThat(location).hasSize(1000);

    MigrationSource source = MigrationSource.classpath(location);

    assertThat(source.location()).isEqualTo("classpath:" + location);
    assertThat(source).hasToString(source.location());
    assertThatThrownBy(() -> MigrationSource.classpath(location + "b"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("longer than 1000 characters");
  }

  @Test
  void refusedLocationMessageShowsControlCharacters() {
    assertThatThrownBy(() -> MigrationSource.classpath("db/iceberg\u0000"))
        .hasMessageStartingWith("Cannot use migration location 'db/iceberg\\u0000'");
  }
}
