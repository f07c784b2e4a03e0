/**
 * The implementation of {@link dev.icebergops.migration.MigrationContext} and the helpers it runs
 * (table lifecycle, layout, properties, schema restore, staged data steps and their branches), told
 * step by step to the runner. Internal, not API: migrations see the interface, and code outside a
 * run makes a context with {@link dev.icebergops.migration.MigrationContexts#of}.
 */
package dev.icebergops.migration.internal;
