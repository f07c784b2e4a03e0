package dev.icebergops.test.internal;

import java.util.Map;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.Record;

/**
 * A table as it reads now, for the {@link DataLedger} to find its rows in.
 *
 * @param uuid its uuid
 * @param schema its current schema
 * @param rows every row by data file and position
 */
record TableRead(String uuid, Schema schema, Map<String, Map<Long, Record>> rows) {}
