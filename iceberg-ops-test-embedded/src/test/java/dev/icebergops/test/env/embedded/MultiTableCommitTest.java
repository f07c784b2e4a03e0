package dev.icebergops.test.env.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.CatalogProperties;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableCommit;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.inmemory.InMemoryFileIO;
import org.apache.iceberg.jdbc.JdbcCatalog;
import org.apache.iceberg.rest.HTTPRequest.HTTPMethod;
import org.apache.iceberg.rest.ImmutableHTTPRequest;
import org.apache.iceberg.rest.requests.CommitTransactionRequest;
import org.apache.iceberg.rest.requests.UpdateTableRequest;
import org.apache.iceberg.rest.responses.ErrorResponse;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A multi-table commit through the embedded server lands whole or is refused: when a table changes
 * between the server's read of it and its commit (another writer of the backing catalog, injected
 * right after the server loads the table), the request is answered with a conflict, and not with a
 * success that committed nothing, as Iceberg's own adapter answers it.
 */
class MultiTableCommitTest {

  private static final TableIdentifier ORDERS = TableIdentifier.of("sales", "orders");

  @TempDir Path dir;

  private JdbcCatalog backend;
  private JdbcCatalog otherWriter;

  @BeforeEach
  void createTable() {
    backend = initialized(new JdbcCatalog());
    otherWriter = initialized(new JdbcCatalog());
    backend.createNamespace(Namespace.of("sales"));
    backend.createTable(
        ORDERS, new Schema(Types.NestedField.required(1, "id", Types.LongType.get())));
  }

  @AfterEach
  void close() throws Exception {
    backend.close();
    otherWriter.close();
  }

  @Test
  void aMultiTableCommitWhoseTableChangedMeanwhileIsRefusedNotDropped() throws Exception {
    List<ErrorResponse> answers = new ArrayList<>();
    try (AnsweringCatalogAdapter adapter = new AnsweringCatalogAdapter(changingAfterLoad())) {
      adapter.execute(commitOf("owner", "iceberg-ops"), null, answers::add, headers -> {});
    }

    assertThat(answers)
        .as("the server's answers to a multi-table commit whose table changed under it")
        .singleElement()
        .satisfies(answer -> assertThat(answer.code()).isEqualTo(409));
    assertThat(backend.loadTable(ORDERS).properties())
        .containsEntry("changed-by", "other writer")
        .doesNotContainKey("owner");
  }

  @Test
  void aMultiTableCommitLandsWhole() throws Exception {
    List<ErrorResponse> answers = new ArrayList<>();
    try (AnsweringCatalogAdapter adapter = new AnsweringCatalogAdapter(backend)) {
      adapter.execute(commitOf("owner", "iceberg-ops"), null, answers::add, headers -> {});
    }

    assertThat(answers).as("errors answered").isEmpty();
    assertThat(backend.loadTable(ORDERS).properties()).containsEntry("owner", "iceberg-ops");
  }

  /** A request setting one property of the table as it is now. */
  private ImmutableHTTPRequest commitOf(String key, String value) {
    Table table = backend.loadTable(ORDERS);
    TableMetadata base = ((org.apache.iceberg.BaseTable) table).operations().current();
    TableMetadata next = TableMetadata.buildFrom(base).setProperties(Map.of(key, value)).build();
    TableCommit commit = TableCommit.create(ORDERS, base, next);
    CommitTransactionRequest request =
        new CommitTransactionRequest(
            List.of(
                UpdateTableRequest.create(
                    commit.identifier(), commit.requirements(), commit.updates())));
    return ImmutableHTTPRequest.builder()
        .baseUri(URI.create("http://localhost"))
        .mapper(new ObjectMapper())
        .method(HTTPMethod.POST)
        .path("v1/transactions/commit")
        .body(request)
        .build();
  }

  /** The backend, where another writer changes the table right after the server loaded it. */
  private JdbcCatalog changingAfterLoad() {
    return initialized(
        new JdbcCatalog() {
          @Override
          public Table loadTable(TableIdentifier identifier) {
            Table loaded = backend.loadTable(identifier);
            otherWriter
                .loadTable(identifier)
                .updateProperties()
                .set("changed-by", "other writer")
                .commit();
            return loaded;
          }
        });
  }

  /** A catalog of the one SQLite database every writer of the test shares. */
  private JdbcCatalog initialized(JdbcCatalog catalog) {
    catalog.initialize(
        "warehouse",
        Map.of(
            CatalogProperties.URI,
            "jdbc:sqlite:" + dir.resolve("catalog.db"),
            CatalogProperties.WAREHOUSE_LOCATION,
            dir.resolve("warehouse").toString(),
            CatalogProperties.FILE_IO_IMPL,
            InMemoryFileIO.class.getName(),
            JdbcCatalog.PROPERTY_PREFIX + "schema-version",
            "V1"));
    return catalog;
  }
}
