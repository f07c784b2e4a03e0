package dev.icebergops.test.env.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.icebergops.testsupport.StandardError;
import java.io.Closeable;
import java.io.IOException;
import java.util.Map;
import org.apache.iceberg.CatalogUtil;
import org.apache.iceberg.Schema;
import org.apache.iceberg.aws.s3.S3FileIOProperties;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.NoSuchTableException;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

/**
 * The store's keys never show: not in the log (SLF4J's output captured), not in an exception
 * message, not in any {@code toString()}; the properties still carry them for clients.
 */
class EnvironmentSecretsTest {

  private static final String[] SECRETS = {
    EmbeddedEnvironment.SECRET_KEY, EmbeddedEnvironment.ACCESS_KEY
  };

  @Test
  void startUseAndCloseLogNoSecret() throws Exception {
    String log =
        StandardError.capture(
            () -> {
              try (EmbeddedEnvironment env = EmbeddedEnvironment.create()) {
                env.start();
                Catalog catalog = env.newCatalogClient("logged");
                env.catalog().createNamespace(Namespace.of("logged"));
                catalog.createTable(
                    TableIdentifier.of("logged", "t"),
                    new Schema(Types.NestedField.required(1, "id", Types.LongType.get())));
                assertThatThrownBy(() -> catalog.loadTable(TableIdentifier.of("logged", "none")))
                    .isInstanceOf(NoSuchTableException.class);
              }
            });

    assertThat(log).as("the capture saw the environment's own log").contains("started in");
    assertThat(log).doesNotContain(SECRETS);
  }

  @Test
  void catalogPropertiesCarryTheKeysButPrintNone() throws IOException {
    try (EmbeddedEnvironment env = EmbeddedEnvironment.create()) {
      env.start();
      Map<String, String> properties = env.catalogProperties();

      assertThat(properties)
          .containsEntry(S3FileIOProperties.SECRET_ACCESS_KEY, EmbeddedEnvironment.SECRET_KEY)
          .containsEntry(S3FileIOProperties.ACCESS_KEY_ID, EmbeddedEnvironment.ACCESS_KEY);
      assertThat(properties.toString())
          .contains(S3FileIOProperties.SECRET_ACCESS_KEY + "=****")
          .doesNotContain(SECRETS);
      assertThat(properties.entrySet().toString()).doesNotContain(SECRETS);
      assertThat(properties.values().toString()).doesNotContain(SECRETS);

      Catalog other = CatalogUtil.buildIcebergCatalog("other", properties, null);
      try (Closeable closing = (Closeable) other) { // its FileIO too: no "Unclosed S3FileIO"
        TableIdentifier id = TableIdentifier.of("secrets", "t");
        env.catalog().createNamespace(Namespace.of("secrets"));
        other.createTable(
            id, new Schema(Types.NestedField.required(1, "id", Types.LongType.get())));
        assertThat(env.catalog().tableExists(id)).as("the keys still connect a client").isTrue();
      }
    }
  }

  @Test
  void environmentToStringShowsWhereButNoSecret() {
    EmbeddedEnvironment env = EmbeddedEnvironment.create();
    assertThat(env.toString()).isEqualTo("EmbeddedEnvironment{not started, bucket=warehouse}");

    env.start();
    try {
      assertThat(env.toString())
          .startsWith("EmbeddedEnvironment{catalog=http://127.0.0.1:")
          .contains("s3=" + env.s3Endpoint(), "bucket=warehouse")
          .doesNotContain(SECRETS);
    } finally {
      env.close();
    }
    assertThat(env.toString()).isEqualTo("EmbeddedEnvironment{closed}");
  }

  @Test
  void catalogErrorsNameNoSecret() {
    try (EmbeddedEnvironment env = EmbeddedEnvironment.create()) {
      env.start();
      assertThatThrownBy(() -> env.catalog().loadTable(TableIdentifier.of("nope", "missing")))
          .isInstanceOf(NoSuchTableException.class)
          .satisfies(e -> assertThat(String.valueOf(e.getMessage())).doesNotContain(SECRETS));
    }
  }

  @Test
  void startFailureMessageIsScrubbedOfTheKeys() {
    RuntimeException cause =
        new RuntimeException(
            "store refused access key "
                + EmbeddedEnvironment.ACCESS_KEY
                + " with secret "
                + EmbeddedEnvironment.SECRET_KEY);

    RuntimeException failure = EmbeddedEnvironment.create().startFailure(cause);

    assertThat(failure)
        .hasMessage("Cannot start environment: store refused access key **** with secret ****")
        .hasCause(cause);
  }
}
