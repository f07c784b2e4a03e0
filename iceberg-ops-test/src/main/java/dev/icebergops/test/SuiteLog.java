package dev.icebergops.test;

import java.util.Arrays;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The logger the suite's classes write to, named after {@link IcebergMigrations} for users. */
final class SuiteLog {

  /** The logger's name: {@code dev.icebergops.test.IcebergMigrations}. */
  static final String NAME = "dev.icebergops.test.IcebergMigrations";

  /** The logger itself. */
  static final Logger LOG = LoggerFactory.getLogger(NAME);

  private SuiteLog() {}

  /** Logs {@code format} at info level, the milliseconds since {@code start} its last argument. */
  static void took(String format, long start, Object... arguments) {
    Object[] all = Arrays.copyOf(arguments, arguments.length + 1);
    all[arguments.length] = (System.nanoTime() - start) / 1_000_000;
    LOG.info(format, all);
  }
}
