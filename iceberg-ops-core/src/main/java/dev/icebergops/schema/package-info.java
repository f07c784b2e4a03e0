/**
 * Schema contracts and the schema helpers migrations use: type text, column specs, enforcement
 * options, drift between a contract and a table. API.
 */
package dev.icebergops.schema;
