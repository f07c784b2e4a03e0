package dev.icebergops.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.icebergops.history.MigrationHistory;
import dev.icebergops.migration.Migration;
import dev.icebergops.migration.MigrationSource;
import dev.icebergops.test.env.IcebergTestEnvironment;
import java.util.UUID;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;

/**
 * A namespace of a test with a history table of its own ({@code <meta>.migration_history}), so that
 * a test may tamper with the history table without touching another test's.
 *
 * @param catalog the environment's catalog
 * @param namespace the migrated namespace
 * @param meta the namespace holding the history table
 */
record OwnHistory(Catalog catalog, String namespace, String meta) {

  /** A fresh namespace {@code <prefix>_<suffix>} and meta-namespace {@code _ops_<suffix>}. */
  static OwnHistory create(IcebergTestEnvironment environment, String prefix) {
    String suffix = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    return new OwnHistory(environment.catalog(), prefix + "_" + suffix, "_ops_" + suffix);
  }

  /** The same namespace with its history table in another meta-namespace. */
  OwnHistory withMeta(String otherMeta) {
    return new OwnHistory(catalog, namespace, otherMeta);
  }

  TableIdentifier historyTable() {
    return new MigrationHistory(catalog, meta).tableIdentifier();
  }

  @SafeVarargs
  final MigrationRunner runner(Class<? extends Migration>... types) {
    return MigrationRunner.builder(catalog)
        .namespace(namespace)
        .metaNamespace(meta)
        .source(MigrationSource.of(types))
        .build();
  }

  /** Asserts that validate finds exactly one problem: {@code kind} for {@code version}. */
  static void assertOnlyFinding(
      MigrationRunner runner, String version, ValidationFinding.Kind kind) {
    assertThatThrownBy(runner::validate)
        .isInstanceOfSatisfying(
            MigrationValidationException.class,
            e ->
                assertThat(e.findings())
                    .extracting(ValidationFinding::version, ValidationFinding::kind)
                    .containsExactly(tuple(version, kind)));
  }
}
