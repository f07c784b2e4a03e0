package dev.icebergops.migration;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Checksum stability, proven on source variants compiled with the JDK compiler. */
class MigrationChecksumTest {

  /** A migration with a constant, a lambda, an anonymous class and a nested class. */
  private static final String SOURCE =
      """
      package variants;

      import dev.icebergops.migration.BaseMigration;
      import dev.icebergops.migration.MigrationContext;
      import java.util.function.Supplier;

      public class V0001__Variant extends BaseMigration {
        static final String COLUMN = "region";

        @Override
        public void upgrade(MigrationContext ctx) {
          Supplier<String> type = () -> "string";
          Runnable log = new Runnable() {
            @Override public void run() { System.getProperty("anonymous"); }
          };
          log.run();
          ctx.enforceColumn("orders", COLUMN, type.get());
          new Helper().help(ctx);
        }

        @Override
        public void downgrade(MigrationContext ctx) {
          ctx.deleteColumn("orders", COLUMN);
        }

        static final class Helper {
          void help(MigrationContext ctx) { ctx.namespace(); }
        }
      }
      """;

  @TempDir Path dir;

  private int variants;

  @Test
  void recompilingGivesTheSameChecksum() throws Exception {
    assertThat(checksum(SOURCE)).isEqualTo(checksum(SOURCE));
  }

  @Test
  void debugInformationDoesNotChangeTheChecksum() throws Exception {
    String all = checksum(SOURCE, "-g");
    assertThat(checksum(SOURCE, "-g:none")).isEqualTo(all);
    assertThat(checksum(SOURCE, "-g:lines")).isEqualTo(all);
    assertThat(checksum(SOURCE)).isEqualTo(all);
  }

  @Test
  void commentsBlankLinesAndMovedLinesDoNotChangeTheChecksum() throws Exception {
    String moved =
        SOURCE
            .replace(
                "  @Override\n  public void upgrade",
                "\n\n  // adds the column\n  @Override\n  public void upgrade")
            .replace("log.run();", "/* logs */\n    log.run();   // once");
    assertThat(moved).isNotEqualTo(SOURCE);
    assertThat(checksum(moved, "-g")).isEqualTo(checksum(SOURCE, "-g"));
  }

  @Test
  void declaringBreakingOrDestructiveChangesLeavesTheChecksumAlone() throws Exception {
    String destructive =
        SOURCE.replace(
            "public class V0001__Variant",
            "@dev.icebergops.migration.Destructive(\"drops orders.region\")\n"
                + "@dev.icebergops.migration.Breaking(\"renames it\")\n"
                + "public class V0001__Variant");
    assertThat(destructive).isNotEqualTo(SOURCE);
    assertThat(checksum(destructive)).isEqualTo(checksum(SOURCE));
    assertThat(checksum(SOURCE.replace("public class", "@Deprecated public class")))
        .isNotEqualTo(checksum(SOURCE));
  }

  @Test
  void changingAConstantChangesTheChecksum() throws Exception {
    assertThat(checksum(SOURCE.replace("\"region\"", "\"country\"")))
        .isNotEqualTo(checksum(SOURCE));
  }

  @Test
  void changingTheCodeOfTheMigrationChangesTheChecksum() throws Exception {
    assertThat(checksum(SOURCE.replace("ctx.deleteColumn(\"orders\", COLUMN);", "")))
        .isNotEqualTo(checksum(SOURCE));
  }

  @Test
  void changingALambdaBodyChangesTheChecksum() throws Exception {
    assertThat(checksum(SOURCE.replace("() -> \"string\"", "() -> \"long\"")))
        .isNotEqualTo(checksum(SOURCE));
  }

  @Test
  void changingAnAnonymousClassChangesTheChecksum() throws Exception {
    assertThat(checksum(SOURCE.replace("\"anonymous\"", "\"other\"")))
        .isNotEqualTo(checksum(SOURCE));
  }

  @Test
  void changingANestedClassChangesTheChecksum() throws Exception {
    assertThat(checksum(SOURCE.replace("ctx.namespace();", "ctx.catalog();")))
        .isNotEqualTo(checksum(SOURCE));
  }

  @Test
  void aMigrationMaySupplyItsOwnChecksum() {
    Migration supplied =
        new BaseMigration() {
          @Override
          public String version() {
            return "0001";
          }

          @Override
          public String checksum() {
            return "release-2026.11";
          }

          @Override
          public void upgrade(MigrationContext ctx) {}

          @Override
          public void downgrade(MigrationContext ctx) {}
        };
    assertThat(MigrationChecksum.of(supplied)).isEqualTo("release-2026.11");
  }

  @Test
  void changingANestedClassOfAnotherClassLeavesTheChecksumAlone() throws Exception {
    String uses = SOURCE.replace("new Helper().help(ctx);", "new Other.Inner().help(ctx);");
    String other =
        """
        package variants;

        import dev.icebergops.migration.MigrationContext;

        public final class Other {
          public static final class Inner {
            public void help(MigrationContext ctx) { ctx.namespace(); }
          }
        }
        """;

    String before = checksum(Map.of("V0001__Variant", uses, "Other", other));
    String after =
        checksum(
            Map.of(
                "V0001__Variant",
                uses,
                "Other",
                other.replace("ctx.namespace()", "ctx.catalog()")));

    assertThat(after).isEqualTo(before);
  }

  @Test
  void aClassWhoseFileCannotBeReadIsFingerprintedByItsName() throws Exception {
    Path first = compile(Map.of("V0001__Variant", SOURCE));
    Path second =
        compile(Map.of("V0002__Variant", SOURCE.replace("V0001__Variant", "V0002__Variant")));

    String one = unreadableChecksum(first, "variants.V0001__Variant");

    assertThat(one)
        .hasSize(64)
        .isEqualTo(unreadableChecksum(first, "variants.V0001__Variant"))
        .isNotEqualTo(unreadableChecksum(second, "variants.V0002__Variant"))
        .isNotEqualTo(checksum(SOURCE));
  }

  /** The checksum of a class loaded by a loader that serves no class files as resources. */
  private String unreadableChecksum(Path classes, String className) throws Exception {
    try (URLClassLoader loader =
        new URLClassLoader(new URL[] {classes.toUri().toURL()}, getClass().getClassLoader()) {
          @Override
          public InputStream getResourceAsStream(String name) {
            return null;
          }
        }) {
      return MigrationChecksum.of(loader.loadClass(className));
    }
  }

  /** Compiles the source into a fresh directory and returns the checksum of the loaded class. */
  private String checksum(String source, String... options) throws Exception {
    return checksum(Map.of("V0001__Variant", source), options);
  }

  /** Compiles classes of the package {@code variants}, by simple name, and checksums V0001. */
  private String checksum(Map<String, String> sources, String... options) throws Exception {
    Path classes = compile(sources, options);
    try (URLClassLoader loader =
        new URLClassLoader(new URL[] {classes.toUri().toURL()}, getClass().getClassLoader())) {
      return MigrationChecksum.of(loader.loadClass("variants.V0001__Variant"));
    }
  }

  /** Compiles classes of the package {@code variants} into a fresh directory and returns it. */
  private Path compile(Map<String, String> sources, String... options) throws Exception {
    Path out = dir.resolve("v" + variants++);
    Path classes = out.resolve("classes");
    Files.createDirectories(classes);
    List<String> args = new ArrayList<>(List.of(options));
    args.addAll(
        List.of("-classpath", System.getProperty("java.class.path"), "-d", classes.toString()));
    for (Map.Entry<String, String> source : sources.entrySet()) {
      Path src = out.resolve("src/variants/" + source.getKey() + ".java");
      Files.createDirectories(src.getParent());
      Files.writeString(src, source.getValue(), StandardCharsets.UTF_8);
      args.add(src.toString());
    }
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    ByteArrayOutputStream errors = new ByteArrayOutputStream();
    int status = javac.run(null, null, errors, args.toArray(String[]::new));
    assertThat(status).as("javac: %s", errors).isZero();
    return classes;
  }
}
