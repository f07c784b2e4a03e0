package dev.icebergops.history;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.DelegatingSeekableInputStream;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.io.SeekableInputStream;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * Reads a Parquet file with parquet-java alone: its footer, then its rows through parquet's example
 * {@link Group} API. It knows nothing of Iceberg or Avro, and runs in a class loader that holds
 * only parquet-java's jars and SLF4J ({@link HistoryFilesInParquetTest}), so a file it reads is one
 * that a Parquet-only engine reads. It answers JDK types only: {@code fieldIds} (column name to
 * Parquet field id), {@code codecs} (the column chunks' codecs), {@code rows} (each a map of the
 * non-null columns: strings, longs, timestamps as {@link Instant}, lists of strings).
 */
public final class ParquetOnlyReader implements Function<byte[], Map<String, Object>> {

  @Override
  public Map<String, Object> apply(byte[] bytes) {
    try (ParquetFileReader reader =
        ParquetFileReader.open(
            new InMemory(bytes),
            ParquetReadOptions.builder(new PlainParquetConfiguration()).build())) {
      MessageType schema = reader.getFooter().getFileMetaData().getSchema();
      Map<String, Integer> ids = new LinkedHashMap<>();
      for (Type field : schema.getFields()) {
        ids.put(field.getName(), field.getId() == null ? null : field.getId().intValue());
      }
      TreeSet<String> codecs = new TreeSet<>();
      for (BlockMetaData block : reader.getFooter().getBlocks()) {
        for (ColumnChunkMetaData column : block.getColumns()) {
          codecs.add(column.getCodec().name());
        }
      }
      List<Map<String, Object>> rows = new ArrayList<>();
      PageReadStore pages;
      while ((pages = reader.readNextRowGroup()) != null) {
        RecordReader<Group> records =
            new ColumnIOFactory()
                .getColumnIO(schema)
                .getRecordReader(pages, new GroupRecordConverter(schema));
        for (long i = 0; i < pages.getRowCount(); i++) {
          rows.add(row(records.read()));
        }
      }
      Map<String, Object> answer = new LinkedHashMap<>();
      answer.put("fieldIds", ids);
      answer.put("codecs", codecs);
      answer.put("rows", rows);
      return answer;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Map<String, Object> row(Group group) {
    Map<String, Object> row = new LinkedHashMap<>();
    GroupType type = group.getType();
    for (Type field : type.getFields()) {
      String name = field.getName();
      if (group.getFieldRepetitionCount(name) == 0) {
        continue;
      }
      if (!field.isPrimitive()) {
        // a three-level LIST of strings: <list> repeated group list { optional binary element }
        Group list = group.getGroup(name, 0);
        List<String> elements = new ArrayList<>();
        for (int i = 0; i < list.getFieldRepetitionCount(0); i++) {
          Group element = list.getGroup(0, i);
          elements.add(element.getFieldRepetitionCount(0) == 0 ? null : element.getString(0, 0));
        }
        row.put(name, elements);
      } else if (field.getLogicalTypeAnnotation()
          instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation) {
        row.put(name, group.getString(name, 0));
      } else if (field.getLogicalTypeAnnotation()
          instanceof LogicalTypeAnnotation.TimestampLogicalTypeAnnotation timestamp) {
        long micros = group.getLong(name, 0);
        if (timestamp.getUnit() != LogicalTypeAnnotation.TimeUnit.MICROS
            || !timestamp.isAdjustedToUTC()) {
          throw new IllegalStateException("Cannot read " + name + ": " + timestamp);
        }
        row.put(name, Instant.ofEpochSecond(0, micros * 1000));
      } else {
        row.put(name, group.getLong(name, 0));
      }
    }
    return row;
  }

  /** A file's bytes as parquet-java's {@link InputFile}. */
  private record InMemory(byte[] bytes) implements InputFile {
    @Override
    public long getLength() {
      return bytes.length;
    }

    @Override
    public SeekableInputStream newStream() {
      ByteArrayInputStream in = new ByteArrayInputStream(bytes);
      return new DelegatingSeekableInputStream(in) {
        @Override
        public long getPos() {
          return bytes.length - in.available();
        }

        @Override
        public void seek(long newPos) {
          in.reset();
          in.skip(newPos);
        }
      };
    }
  }
}
