package dev.icebergops.runner;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The logger the runner's classes write their log lines to, named after {@code MigrationRunner}.
 */
final class RunnerLog {

  static final Logger LOG = LoggerFactory.getLogger("dev.icebergops.runner.MigrationRunner");

  private RunnerLog() {}
}
