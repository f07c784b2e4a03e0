package dev.icebergops.test.internal;

import dev.icebergops.migration.MigrationSource;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.runner.RunEvent;
import dev.icebergops.state.NamespaceTables;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.SharedEnvironment;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.iceberg.rest.RESTCatalog;

/**
 * A fresh namespace and meta-namespace on the shared REST catalog, and runners and checks on it.
 */
final class Fixture {

  final RESTCatalog catalog;
  final String ns;
  final String meta;

  Fixture(IcebergTestEnvironment environment) {
    this.catalog = environment.catalog();
    String suffix = SharedEnvironment.freshName("");
    this.ns = "sales_" + suffix;
    this.meta = "_ops_" + suffix;
  }

  MigrationRunner runner(MigrationSource source) {
    return MigrationRunner.builder(catalog)
        .namespace(ns)
        .source(source)
        .metaNamespace(meta)
        .build();
  }

  /** A runner that tells {@code onEvent} of what happens during its runs. */
  MigrationRunner runner(MigrationSource source, Consumer<RunEvent> onEvent) {
    return MigrationRunner.builder(catalog)
        .namespace(ns)
        .source(source)
        .metaNamespace(meta)
        .onEvent(onEvent)
        .build();
  }

  MigrationChecks checks(MigrationSource source) {
    return checks(source, CheckSettings.defaults());
  }

  MigrationChecks checks(MigrationSource source, CheckSettings settings) {
    return new MigrationChecks(runner(source), settings);
  }

  static CheckSettings allowing(String... versions) {
    return new CheckSettings(Set.of(versions), "0000", false);
  }

  NamespaceTables shape() {
    return NamespaceTables.capture(catalog, ns);
  }
}
