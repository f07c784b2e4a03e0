package dev.icebergops.internal;

import static org.apache.iceberg.types.Types.NestedField.required;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.HashMap;
import java.util.Map;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.ServiceFailureException;
import org.apache.iceberg.inmemory.InMemoryCatalog;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A create that loses a race may fail with any error (a JDBC catalog behind a REST server answers a
 * constraint violation as a 500); it counts as done when the object exists afterwards.
 */
class CatalogObjectsTest {

  private static final Schema SCHEMA = new Schema(required(1, "id", Types.LongType.get()));

  private InMemoryCatalog real;

  @BeforeEach
  void createCatalog() {
    real = new InMemoryCatalog();
    real.initialize("memory", Map.of());
  }

  /** Does what the real catalog does on create, then fails the way a losing racer's server does. */
  private Catalog racingCatalog(boolean createForReal) {
    return (Catalog)
        Proxy.newProxyInstance(
            getClass().getClassLoader(),
            new Class<?>[] {Catalog.class, SupportsNamespaces.class},
            (proxy, method, args) -> {
              boolean create = method.getName().equals("createNamespace");
              if (create && createForReal) {
                real.createNamespace((Namespace) args[0], new HashMap<>());
              }
              if (create) {
                throw new ServiceFailureException(
                    "Server error: UncheckedSQLException: INSERT failed");
              }
              try {
                return method.invoke(real, args);
              } catch (InvocationTargetException e) {
                throw e.getCause();
              }
            });
  }

  @Test
  void aNamespaceCreatedConcurrentlyCountsAsCreated() {
    CatalogObjects.createNamespaceIfMissing(racingCatalog(true), Namespace.of("sales", "eu"));

    assertThat(real.namespaceExists(Namespace.of("sales"))).isTrue();
    assertThat(real.namespaceExists(Namespace.of("sales", "eu"))).isTrue();
  }

  @Test
  void aNamespaceThatStillDoesNotExistRethrowsTheError() {
    assertThatThrownBy(
            () ->
                CatalogObjects.createNamespaceIfMissing(
                    racingCatalog(false), Namespace.of("sales")))
        .isInstanceOf(ServiceFailureException.class)
        .hasMessageContaining("INSERT failed");
  }

  @Test
  void aTableCreatedConcurrentlyIsLoaded() {
    real.createNamespace(Namespace.of("sales"));
    TableIdentifier id = TableIdentifier.of("sales", "orders");
    Table winner = real.createTable(id, SCHEMA);

    Table table =
        CatalogObjects.createTableOrLoad(
            real,
            id,
            () -> {
              throw new ServiceFailureException("Server error: constraint violated");
            });

    assertThat(table.uuid()).isEqualTo(winner.uuid());
  }

  @Test
  void aTableThatStillDoesNotExistRethrowsTheError() {
    TableIdentifier id = TableIdentifier.of("sales", "orders");

    assertThatThrownBy(
            () ->
                CatalogObjects.createTableOrLoad(
                    real,
                    id,
                    () -> {
                      throw new ServiceFailureException("Server error: disk full");
                    }))
        .isInstanceOf(ServiceFailureException.class)
        .hasMessageContaining("disk full");
  }
}
