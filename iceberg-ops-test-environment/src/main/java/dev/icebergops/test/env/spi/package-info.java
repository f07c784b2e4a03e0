/**
 * What the environments of iceberg-ops-test-embedded and iceberg-ops-test-containers build on: the
 * shared life cycle of a served environment, its catalog clients and the closing of what it
 * started. Not for tests: they use {@link dev.icebergops.test.env.IcebergTestEnvironment} and the
 * backends' environments; may change in any release.
 */
package dev.icebergops.test.env.spi;
