package dev.icebergops.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.catalog.CatalogFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.SQLiteJDBCLoader;

/**
 * The embedded catalog's SQLite driver in a JVM of its own: it unpacks its native library into a
 * directory of that JVM, so that it never deletes (nor races to delete) the library another JVM
 * left in the shared temporary directory. Two Maven builds started side by side printed the
 * driver's {@code Failed to delete old native lib} with a stack trace (the Invoker project
 * validate-edited in CI, 2026-12-07).
 */
class EmbeddedCatalogSqliteTest {

  @Test
  void theEmbeddedCatalogLeavesTheSqliteLibraryAnotherJvmLeftAlone(@TempDir Path dir)
      throws Exception {
    Path shared = Path.of(System.getProperty("java.io.tmpdir"));
    // what a JVM that is ending leaves for an instant: its library, its lock already deleted
    Path another =
        shared.resolve(
            "sqlite-"
                + SQLiteJDBCLoader.getVersion()
                + "-"
                + UUID.randomUUID()
                + "-libsqlitejdbc.so");
    Files.write(another, new byte[0]);
    try {
      Path log = dir.resolve("child.log");
      Process child =
          new ProcessBuilder(
                  List.of(
                      ProcessHandle.current().info().command().orElse("java"),
                      "-Djava.io.tmpdir=" + shared,
                      "-cp",
                      System.getProperty("java.class.path"),
                      OpensEmbeddedCatalog.class.getName(),
                      dir.resolve("project").toString()))
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();

      assertThat(child.waitFor()).as("child output:%n%s", Files.readString(log)).isZero();
      assertThat(another).as("the library another JVM left").exists();
    } finally {
      Files.deleteIfExists(another);
    }
  }

  /** The child JVM: opens the embedded catalog of the directory it is given and lists it. */
  static final class OpensEmbeddedCatalog {
    public static void main(String[] args) throws Exception {
      Catalog catalog =
          CatalogFactory.build("local", IcebergOpsConfig.embeddedProperties(Path.of(args[0])));
      ((SupportsNamespaces) catalog).listNamespaces();
      if (catalog instanceof AutoCloseable closeable) {
        closeable.close();
      }
    }
  }
}
