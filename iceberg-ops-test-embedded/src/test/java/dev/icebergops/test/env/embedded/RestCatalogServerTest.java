package dev.icebergops.test.env.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.icebergops.testsupport.StandardError;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.HashMap;
import org.apache.iceberg.Schema;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.AlreadyExistsException;
import org.apache.iceberg.exceptions.NoSuchTableException;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The embedded REST server answers expected errors (404, 409) with their status and body, and
 * without logging each as an ERROR with a stack trace: this module's test logging configuration
 * leaves Iceberg's servlet logger on, as a user's would be.
 */
class RestCatalogServerTest {

  private static EmbeddedEnvironment env;

  @BeforeAll
  static void startEnvironment() {
    env = EmbeddedEnvironment.create();
    env.start();
  }

  @AfterAll
  static void closeEnvironment() {
    env.close();
  }

  @Test
  void expectedErrorsAreAnsweredWithoutServerStackTraces() throws Exception {
    Namespace ns = Namespace.of("quiet");
    env.catalog().createNamespace(ns, new HashMap<>());
    TableIdentifier orders = TableIdentifier.of(ns, "orders");
    env.catalog()
        .createTable(orders, new Schema(Types.NestedField.required(1, "id", Types.LongType.get())));
    HttpClient http = HttpClient.newHttpClient();
    URI missing =
        URI.create(env.catalogProperties().get("uri") + "/v1/namespaces/quiet/tables/nope");

    String serverOutput =
        StandardError.capture(
            () -> {
              assertThat(env.catalog().tableExists(TableIdentifier.of(ns, "nope"))).isFalse();
              assertThatThrownBy(() -> env.catalog().loadTable(TableIdentifier.of(ns, "nope")))
                  .isInstanceOf(NoSuchTableException.class);
              assertThatThrownBy(() -> env.catalog().createTable(orders, new Schema()))
                  .isInstanceOf(AlreadyExistsException.class);
              HttpResponse<String> get =
                  http.send(
                      HttpRequest.newBuilder(missing).GET().build(),
                      HttpResponse.BodyHandlers.ofString());
              HttpResponse<Void> head =
                  http.send(
                      HttpRequest.newBuilder(missing)
                          .method("HEAD", HttpRequest.BodyPublishers.noBody())
                          .build(),
                      HttpResponse.BodyHandlers.discarding());

              assertThat(get.statusCode()).isEqualTo(404);
              assertThat(get.body()).contains("\"code\":404").contains("NoSuchTableException");
              assertThat(head.statusCode()).isEqualTo(404);
            });

    assertThat(serverOutput).doesNotContain("RESTCatalogServlet").doesNotContain("Exception");
  }
}
