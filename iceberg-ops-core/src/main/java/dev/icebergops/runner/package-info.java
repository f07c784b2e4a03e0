/**
 * Runs migrations: {@link dev.icebergops.runner.MigrationRunner}, the facade of every operation
 * (plan, status, migrate, rollback, stamp, repair, preview, drift), and what it returns and throws.
 * API; its package-private classes carry the run.
 */
package dev.icebergops.runner;
