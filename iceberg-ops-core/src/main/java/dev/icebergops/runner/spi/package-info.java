/**
 * What the test toolkit needs of the runner beyond its public operations: seeding and forgetting a
 * namespace's history, runners that leave baselines out, and the hook that restores earlier schemas
 * before a rollback's downgrades ({@link dev.icebergops.runner.spi.RunnerSeam}).
 *
 * <p>Internal to iceberg-ops; exported to iceberg-ops-test only; may change in any release.
 */
package dev.icebergops.runner.spi;
