package dev.icebergops.test.internal;

import java.util.List;
import org.apache.iceberg.Schema;

/**
 * One append of generated rows, as the {@link DataLedger} keeps it.
 *
 * @param version the version the namespace was at
 * @param table the table name without namespace
 * @param uuid the table's uuid then
 * @param schema the table's schema then
 * @param files the files written, with their rows
 */
record WrittenBatch(
    String version, String table, String uuid, Schema schema, List<RowFiles.Written> files) {}
