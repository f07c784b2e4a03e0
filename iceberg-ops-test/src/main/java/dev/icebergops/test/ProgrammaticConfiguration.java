package dev.icebergops.test;

import dev.icebergops.migration.MigrationFactory;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.test.internal.ExpectedBackfill;
import java.util.List;

/**
 * What {@link IcebergMigrationsExtension#builder()} was given: the attributes of an {@link
 * IcebergMigrations} (checked as the annotation's are; an attribute not given has its default) plus
 * what an annotation cannot say.
 *
 * @param attributes the annotation's attributes
 * @param environment the environment to use instead of a backend's, or null
 * @param factory creates migration instances
 * @param metaNamespace the history namespace every test shares, or null for one per test
 * @param backfills the backfills declared with lambdas, besides the annotation's
 */
record ProgrammaticConfiguration(
    SuiteAttributes attributes,
    IcebergTestEnvironment environment,
    MigrationFactory factory,
    String metaNamespace,
    List<ExpectedBackfill> backfills) {

  ProgrammaticConfiguration {
    backfills = List.copyOf(backfills);
  }
}
