package dev.icebergops.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Contracts that are not files: class path resources and streams. */
class SchemaContractFromClasspathTest {

  private static final SchemaContract SAMPLE_ORDERS =
      new SchemaContract(
          java.util.List.of(
              ColumnSpec.required("order_id", Types.LongType.get()),
              new ColumnSpec("total", Types.DecimalType.of(10, 2), false, "Gross total in EUR")),
          true);

  @TempDir Path dir;

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "contracts/sample/orders.yaml",
        "/contracts/sample/orders.yaml",
        "classpath:contracts/sample/orders.yaml",
        " classpath:/contracts/sample/orders.yaml "
      })
  void fromClasspathLoadsAResourceWhateverTheWorkingDirectory(String resource) {
    assertThat(SchemaContract.fromClasspath(resource)).isEqualTo(SAMPLE_ORDERS);
  }

  @Test
  void fromClasspathNamesAMissingResource() {
    assertThatThrownBy(() -> SchemaContract.fromClasspath("classpath:contracts/sample/gone.yaml"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot load contract contracts/sample/gone.yaml: no such resource on the class path");
  }

  @Test
  void fromClasspathRefusesAnEmptyName() {
    assertThatThrownBy(() -> SchemaContract.fromClasspath("  "))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot load contract   : the name is empty");
  }

  @Test
  void fromClasspathUsesTheContextClassLoaderAndNamesTheResourceOfAMalformedContract()
      throws IOException {
    Files.createDirectories(dir.resolve("contracts"));
    Files.writeString(
        dir.resolve("contracts/events.yaml"), "columns:\n  - name: id\n    type: bigint\n");
    Thread thread = Thread.currentThread();
    ClassLoader previous = thread.getContextClassLoader();
    try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, null)) {
      thread.setContextClassLoader(loader);

      assertThatThrownBy(() -> SchemaContract.fromClasspath("contracts/events.yaml"))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageStartingWith("Cannot load contract contracts/events.yaml: column 1 (id): ")
          .hasMessageContaining("bigint");
      assertThatThrownBy(() -> SchemaContract.fromClasspath("contracts/sample/orders.yaml"))
          .as("the context class loader, which does not see the test class path, is asked")
          .hasMessageContaining("no such resource on the class path");
    } finally {
      thread.setContextClassLoader(previous);
    }
  }

  @Test
  void fromYamlReadsAStreamAndLeavesItOpen() throws IOException {
    byte[] yaml =
        "columns:\n  - {name: id, type: long, required: true}\n".getBytes(StandardCharsets.UTF_8);
    var in =
        new ByteArrayInputStream(yaml) {
          boolean closed;

          @Override
          public void close() {
            closed = true;
          }
        };

    SchemaContract contract = SchemaContract.fromYaml(in, "events.yaml");

    assertThat(contract)
        .isEqualTo(SchemaContract.of(ColumnSpec.required("id", Types.LongType.get())));
    assertThat(in.closed).as("the caller closes the stream").isFalse();
  }

  @Test
  void fromYamlNamesTheSourceOfAMalformedStream() {
    InputStream in = new ByteArrayInputStream("columns: []\n".getBytes(StandardCharsets.UTF_8));

    assertThatThrownBy(() -> SchemaContract.fromYaml(in, "s3://bucket/contracts/orders.yaml"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot load contract s3://bucket/contracts/orders.yaml: 'columns' is empty;"
                + " declare at least one column at line 1, column 1");
  }

  @Test
  void fromYamlRefusesAStreamOverTheSizeLimitBeforeParsing() {
    InputStream endless = InputStream.nullInputStream();
    InputStream huge =
        new InputStream() {
          @Override
          public int read() {
            return 'a';
          }
        };

    assertThatThrownBy(() -> SchemaContract.fromYaml(huge, "huge.yaml"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot load contract huge.yaml: the file is larger than 1048576 bytes (1 MiB), the"
                + " limit for a contract");
    assertThatThrownBy(() -> SchemaContract.fromYaml(endless, "empty.yaml"))
        .hasMessage(
            "Cannot load contract empty.yaml: the file is empty; expected a mapping with a"
                + " 'columns' list");
  }

  @Test
  void fromYamlRefusesANullStreamOrName() {
    assertThatThrownBy(() -> SchemaContract.fromYaml((InputStream) null, "orders.yaml"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot load contract orders.yaml: the stream is null");
    assertThatThrownBy(() -> SchemaContract.fromYaml(InputStream.nullInputStream(), null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot load contract null: the name is null");
  }
}
