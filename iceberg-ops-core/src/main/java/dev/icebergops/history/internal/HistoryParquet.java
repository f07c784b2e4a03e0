package dev.icebergops.history.internal;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.Metrics;
import org.apache.iceberg.MetricsConfig;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.SchemaParser;
import org.apache.iceberg.StructLike;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.parquet.GenericParquetReaders;
import org.apache.iceberg.data.parquet.GenericParquetWriter;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.InputFile;
import org.apache.iceberg.io.OutputFile;
import org.apache.iceberg.mapping.NameMapping;
import org.apache.iceberg.mapping.NameMappingParser;
import org.apache.iceberg.parquet.ParquetSchemaUtil;
import org.apache.iceberg.parquet.ParquetUtil;
import org.apache.iceberg.parquet.ParquetValueReader;
import org.apache.iceberg.parquet.ParquetValueWriter;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnWriteStore;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.CodecFactory;
import org.apache.parquet.hadoop.ColumnChunkPageWriteStore;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.DelegatingPositionOutputStream;
import org.apache.parquet.io.PositionOutputStream;
import org.apache.parquet.schema.MessageType;

/**
 * The history table's Parquet files, written and read without Hadoop. Iceberg's own {@code
 * Parquet.write} builds a Hadoop {@code Configuration}, so the file is put together here from the
 * parts that need none: Iceberg's schema conversion (field ids kept) and generic value writers,
 * parquet-java's column store and file writer over an {@link OutputFile} of the table's FileIO,
 * uncompressed (every Parquet codec but none goes through Hadoop's codec classes). Reading hands
 * the pages ({@link ParquetPages}) to Iceberg's generic value readers, since parquet-java's file
 * reader needs Hadoop's {@code FileInputFormat} for its options; a file another engine wrote
 * compressed is read through Hadoop's codecs when they are on the class path, and otherwise fails
 * naming the codec and the jars to add.
 */
public final class HistoryParquet {

  /** The footer property under which Iceberg's writers store the file's schema as JSON. */
  private static final String ICEBERG_SCHEMA = "iceberg.schema";

  /** One row group for the whole file: a namespace's history is small. */
  private static final long ROW_GROUP_BYTES = 128L * 1024 * 1024;

  private HistoryParquet() {}

  /**
   * Writes one uncompressed Parquet data file holding the records.
   *
   * @param table the history table (schema, metrics configuration)
   * @param spec the partition spec of the file's partition
   * @param partition the file's partition
   * @param out where to write it
   * @param records the records, in the table's current schema
   * @return the data file, not yet committed
   */
  public static DataFile write(
      Table table, PartitionSpec spec, StructLike partition, OutputFile out, List<Record> records)
      throws IOException {
    Schema schema = table.schema();
    MessageType type = ParquetSchemaUtil.convert(schema, "table");
    ParquetValueWriter<Record> model = GenericParquetWriter.create(schema, type);
    ParquetProperties properties = ParquetProperties.builder().build();
    ColumnChunkPageWriteStore pages =
        new ColumnChunkPageWriteStore(
            Uncompressed.COMPRESSOR,
            type,
            properties.getAllocator(),
            properties.getColumnIndexTruncateLength(),
            properties.getPageWriteChecksumEnabled());
    ColumnWriteStore columns = properties.newColumnWriteStore(type, pages, pages);
    model.setColumnStore(columns);
    for (Record record : records) {
      model.write(0, record);
      columns.endRecord();
    }
    ParquetFileWriter writer =
        new ParquetFileWriter(
            new Output(out),
            type,
            ParquetFileWriter.Mode.OVERWRITE,
            ROW_GROUP_BYTES,
            0,
            null,
            properties);
    writer.start();
    if (!records.isEmpty()) {
      writer.startBlock(records.size());
      columns.flush();
      pages.flushToFileWriter(writer);
      writer.endBlock();
    }
    columns.close();
    writer.end(Map.of(ICEBERG_SCHEMA, SchemaParser.toJson(schema)));
    ParquetMetadata footer = writer.getFooter();
    Metrics metrics =
        ParquetUtil.footerMetrics(footer, model.metrics(), MetricsConfig.forTable(table));
    return DataFiles.builder(spec)
        .withPath(out.location())
        .withFormat(FileFormat.PARQUET)
        .withPartition(partition)
        .withFileSizeInBytes(writer.getPos())
        .withMetrics(metrics)
        .withSplitOffsets(ParquetUtil.getSplitOffsets(footer))
        .build();
  }

  /**
   * Reads the records of one Parquet data file, by field id, the identity partition values taken
   * from {@code constants}; a file without field ids is read by the table's name mapping. The file
   * is read whole (one request): a history file is small. Only the row groups that start within the
   * split are read.
   *
   * @throws CodecMissing if the file is compressed with a codec whose classes are not on the class
   *     path
   */
  public static CloseableIterable<Record> read(
      Table table,
      InputFile file,
      Schema projection,
      Map<Integer, ?> constants,
      long start,
      long length)
      throws IOException {
    byte[] bytes;
    try (InputStream in = file.newStream()) {
      bytes = in.readAllBytes();
    }
    ParquetMetadata footer = ParquetPages.footer(bytes, file.location());
    MessageType fileType = footer.getFileMetaData().getSchema();
    MessageType typeWithIds = fileType;
    if (!ParquetSchemaUtil.hasIds(fileType)) {
      String mapping = table.properties().get(TableProperties.DEFAULT_NAME_MAPPING);
      typeWithIds =
          ParquetSchemaUtil.applyNameMapping(
              fileType,
              mapping == null ? NameMapping.empty() : NameMappingParser.fromJson(mapping));
    }
    ParquetValueReader<Record> reader =
        GenericParquetReaders.buildReader(projection, typeWithIds, constants);
    List<Record> records = new ArrayList<>();
    Codecs codecs = new Codecs();
    try {
      long rowIndexOffset = 0;
      for (BlockMetaData block : footer.getBlocks()) {
        long first = block.getColumns().get(0).getStartingPos();
        long blockOffset = rowIndexOffset;
        rowIndexOffset += block.getRowCount();
        if (first < start || first >= start + length) {
          continue;
        }
        reader.setPageSource(ParquetPages.of(bytes, block, blockOffset, codecs));
        for (long row = 0; row < block.getRowCount(); row++) {
          records.add(reader.read(null));
        }
      }
    } finally {
      codecs.release();
    }
    return CloseableIterable.withNoopClose(records);
  }

  /** Writes through the table's FileIO. */
  private record Output(OutputFile file) implements org.apache.parquet.io.OutputFile {
    @Override
    public PositionOutputStream create(long blockSizeHint) throws IOException {
      return stream(file.create());
    }

    @Override
    public PositionOutputStream createOrOverwrite(long blockSizeHint) throws IOException {
      return stream(file.createOrOverwrite());
    }

    @Override
    public boolean supportsBlockSize() {
      return false;
    }

    @Override
    public long defaultBlockSize() {
      return 0;
    }

    @Override
    public String getPath() {
      return file.location();
    }

    private static PositionOutputStream stream(org.apache.iceberg.io.PositionOutputStream out) {
      return new DelegatingPositionOutputStream(out) {
        @Override
        public long getPos() throws IOException {
          return out.getPos();
        }
      };
    }
  }

  /**
   * Pages written as they are, with no codec at all: parquet-java's codec factory reaches every
   * codec, even none, through Hadoop's classes.
   */
  private enum Uncompressed implements CompressionCodecFactory.BytesInputCompressor {
    COMPRESSOR;

    @Override
    public BytesInput compress(BytesInput bytes) {
      return bytes;
    }

    @Override
    public CompressionCodecName getCodecName() {
      return CompressionCodecName.UNCOMPRESSED;
    }

    @Override
    public void release() {}
  }

  /**
   * Any codec through parquet-java's codec factory, which needs Hadoop's codec classes: without
   * them the read fails naming the codec ({@link ParquetPages} reads uncompressed pages as they
   * are, without asking for a decompressor).
   */
  private static final class Codecs implements CompressionCodecFactory {
    private CompressionCodecFactory hadoop;

    @Override
    public BytesInputCompressor getCompressor(CompressionCodecName codec) {
      throw new UnsupportedOperationException("Cannot compress: this factory only reads");
    }

    @Override
    public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
      try {
        if (hadoop == null) {
          hadoop = new CodecFactory(new PlainParquetConfiguration(), 0);
        }
        return hadoop.getDecompressor(codec);
      } catch (LinkageError e) {
        throw new CodecMissing(codec.name(), e);
      }
    }

    @Override
    public void release() {
      if (hadoop != null) {
        hadoop.release();
      }
    }
  }

  /** A Parquet page is compressed with a codec whose classes are not on the class path. */
  public static final class CodecMissing extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String codec;

    /** The codec's name. */
    String codec() {
      return codec;
    }

    CodecMissing(String codec, LinkageError cause) {
      super("Cannot decompress Parquet pages compressed with " + codec + ": " + cause, cause);
      this.codec = codec;
    }
  }
}
