/**
 * What the test toolkit needs of the runner beyond its public operations: seeding and forgetting a
 * namespace's history and runners that leave baselines out ({@link
 * dev.icebergops.runner.spi.RunnerSeam}); the toolkit hears of a rollback's downgrades, to restore
 * earlier schemas first, through the runner's public {@link dev.icebergops.runner.RunEvent}.
 *
 * <p>Internal to iceberg-ops; exported to iceberg-ops-test only; may change in any release.
 */
package dev.icebergops.runner.spi;
