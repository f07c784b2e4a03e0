package com.acme.shop.db.iceberg;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.GenericFileWriterFactory;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.DataWriter;
import org.apache.iceberg.io.OutputFileFactory;
import org.apache.iceberg.types.Types;

/**
 * A data migration: the sales regions that orders name, as a reference table written in Parquet.
 * It appends only the regions the table does not hold yet, so running it again writes nothing.
 */
public class V0003__SeedRegions extends BaseMigration {

  static final Schema REGIONS =
      new Schema(
          required(1, "code", Types.StringType.get(), "Region code, as orders.region holds it"),
          optional(2, "name", Types.StringType.get()));

  static final Map<String, String> SEED = new LinkedHashMap<>();

  static {
    SEED.put("EMEA", "Europe, Middle East and Africa");
    SEED.put("AMER", "The Americas");
    SEED.put("APAC", "Asia-Pacific");
  }

  @Override
  public void upgrade(MigrationContext ctx) throws IOException {
    Table regions = ctx.createTableIfNotExists("regions", REGIONS);
    Set<String> present = new HashSet<>();
    try (CloseableIterable<Record> rows = IcebergGenerics.read(regions).select("code").build()) {
      rows.forEach(row -> present.add((String) row.getField("code")));
    }
    List<Record> missing = new ArrayList<>();
    SEED.forEach(
        (code, name) -> {
          if (!present.contains(code)) {
            Record row = GenericRecord.create(REGIONS);
            row.setField("code", code);
            row.setField("name", name);
            missing.add(row);
          }
        });
    if (missing.isEmpty()) {
      return;
    }
    DataWriter<Record> writer =
        new GenericFileWriterFactory.Builder(regions)
            .dataFileFormat(FileFormat.PARQUET)
            .build()
            .newDataWriter(
                OutputFileFactory.builderFor(regions, 1, System.nanoTime())
                    .format(FileFormat.PARQUET)
                    .build()
                    .newOutputFile(),
                regions.spec(),
                null);
    try (writer) { // a Java 9 form: the snippet's release 17 is what lets it compile
      missing.forEach(writer::write);
    }
    regions.newAppend().appendFile(writer.toDataFile()).commit();
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    ctx.dropTableIfExists("regions");
  }
}
