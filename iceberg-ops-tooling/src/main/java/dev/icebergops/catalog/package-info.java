/**
 * Builds an Iceberg catalog from properties ({@link dev.icebergops.catalog.CatalogFactory}), as the
 * command line, the Maven plugin and the configuration file name it. API.
 */
package dev.icebergops.catalog;
