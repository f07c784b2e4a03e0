package dev.icebergops.migration;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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

  /** Compiles the source into a fresh directory and returns the checksum of the loaded class. */
  private String checksum(String source, String... options) throws Exception {
    Path out = dir.resolve("v" + variants++);
    Path src = out.resolve("src/variants/V0001__Variant.java");
    Path classes = out.resolve("classes");
    Files.createDirectories(src.getParent());
    Files.createDirectories(classes);
    Files.writeString(src, source, StandardCharsets.UTF_8);
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    List<String> args = new ArrayList<>(List.of(options));
    args.addAll(
        List.of(
            "-classpath",
            System.getProperty("java.class.path"),
            "-d",
            classes.toString(),
            src.toString()));
    ByteArrayOutputStream errors = new ByteArrayOutputStream();
    int status = javac.run(null, null, errors, args.toArray(String[]::new));
    assertThat(status).as("javac: %s", errors).isZero();
    try (URLClassLoader loader =
        new URLClassLoader(new URL[] {classes.toUri().toURL()}, getClass().getClassLoader())) {
      return MigrationChecksum.of(loader.loadClass("variants.V0001__Variant"));
    }
  }
}
