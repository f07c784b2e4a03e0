package dev.icebergops.test;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The logger the suite's classes write to, named after {@link IcebergMigrations} for users. */
final class SuiteLog {

  /** The logger's name: {@code dev.icebergops.test.IcebergMigrations}. */
  static final String NAME = "dev.icebergops.test.IcebergMigrations";

  /** The logger itself. */
  static final Logger LOG = LoggerFactory.getLogger(NAME);

  private SuiteLog() {}
}
