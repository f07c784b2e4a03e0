package dev.icebergops.test;

/** The logger the suite's classes write to, named after {@link IcebergMigrations} for users. */
final class SuiteLog {

  /** The logger's name: {@code dev.icebergops.test.IcebergMigrations}. */
  static final String NAME = "dev.icebergops.test.IcebergMigrations";

  private SuiteLog() {}
}
