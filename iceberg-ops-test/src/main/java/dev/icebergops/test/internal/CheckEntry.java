package dev.icebergops.test.internal;

/**
 * One standard check's entry in a {@link SuiteReport}: its report, or why it did not run.
 *
 * @param report the check's report, or null when it did not run
 * @param skipped why it did not run, or null
 */
record CheckEntry(CheckReport report, String skipped) {}
