/**
 * The configuration file {@code iceberg-ops.yml} and its environment overrides ({@link
 * dev.icebergops.config.ConfigLoader}, {@link dev.icebergops.config.IcebergOpsConfig}). API.
 */
package dev.icebergops.config;
