package dev.icebergops.history.internal;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.format.DataPageHeader;
import org.apache.parquet.format.DataPageHeaderV2;
import org.apache.parquet.format.DictionaryPageHeader;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.Util;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;

/**
 * The pages of one row group of a Parquet file held in memory, read with parquet-java's footer and
 * page-header codecs alone. parquet-java's own {@code ParquetFileReader} needs read options whose
 * builder loads Hadoop's {@code FileInputFormat}; a history file is small enough to be read whole,
 * and its pages are then handed to Iceberg's value readers through this {@link PageReadStore}.
 * Unencrypted files only; compressed pages go through the given codec factory.
 */
public record ParquetPages(long rowCount, long rowIndexOffset, Map<ColumnPath, Column> columns)
    implements PageReadStore {

  private static final byte[] MAGIC = {'P', 'A', 'R', '1'};

  /** The largest footer read, as parquet-java's own default. */
  private static final int MAX_FOOTER_BYTES = 100 * 1024 * 1024;

  private static final ParquetMetadataConverter CONVERTER = new ParquetMetadataConverter();

  /** The footer of a whole Parquet file. */
  public static ParquetMetadata footer(byte[] file, String location) throws IOException {
    int length = file.length;
    if (length < 12 || !Arrays.equals(file, length - 4, length, MAGIC, 0, 4)) {
      throw new IOException("Cannot read " + location + ": it is not a Parquet file");
    }
    int footerLength = ByteBuffer.wrap(file, length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    int footerStart = length - 8 - footerLength;
    // the converter's own footer reading without read options asks Thrift for no size limit
    return CONVERTER.fromParquetMetadata(
        Util.readFileMetaData(
            new ByteArrayInputStream(file, footerStart, footerLength), MAX_FOOTER_BYTES));
  }

  /**
   * Reads every page of a row group whose first row is row {@code rowIndexOffset} of the file (the
   * position Iceberg's {@code _pos} column and position deletes count).
   */
  public static ParquetPages of(
      byte[] file, BlockMetaData block, long rowIndexOffset, CompressionCodecFactory codecs)
      throws IOException {
    ParquetPages pages = new ParquetPages(block.getRowCount(), rowIndexOffset, new HashMap<>());
    for (ColumnChunkMetaData chunk : block.getColumns()) {
      pages.columns.put(chunk.getPath(), column(file, chunk, codecs));
    }
    return pages;
  }

  private static Column column(
      byte[] file, ColumnChunkMetaData chunk, CompressionCodecFactory codecs) throws IOException {
    ByteArrayInputStream in =
        new ByteArrayInputStream(
            file, Math.toIntExact(chunk.getStartingPos()), Math.toIntExact(chunk.getTotalSize()));
    CompressionCodecName codec = chunk.getCodec();
    Column column = new Column(chunk.getValueCount());
    while (in.available() > 0) {
      PageHeader header = Util.readPageHeader(in);
      byte[] data = in.readNBytes(header.getCompressed_page_size());
      int size = header.getUncompressed_page_size();
      switch (header.getType()) {
        case DICTIONARY_PAGE -> {
          DictionaryPageHeader dictionary = header.getDictionary_page_header();
          column.dictionary =
              new DictionaryPage(
                  decompress(codecs, codec, data, size),
                  size,
                  dictionary.getNum_values(),
                  CONVERTER.getEncoding(dictionary.getEncoding()));
        }
        case DATA_PAGE -> {
          DataPageHeader page = header.getData_page_header();
          column.pages.add(
              new DataPageV1(
                  decompress(codecs, codec, data, size),
                  page.getNum_values(),
                  size,
                  null,
                  CONVERTER.getEncoding(page.getRepetition_level_encoding()),
                  CONVERTER.getEncoding(page.getDefinition_level_encoding()),
                  CONVERTER.getEncoding(page.getEncoding())));
        }
        case DATA_PAGE_V2 -> column.pages.add(pageV2(header, data, codecs, codec));
        default -> {
          // index pages and others carry nothing the rows need
        }
      }
    }
    return column;
  }

  /** A v2 page: its levels are never compressed, its values may be. */
  private static DataPage pageV2(
      PageHeader header, byte[] data, CompressionCodecFactory codecs, CompressionCodecName codec)
      throws IOException {
    DataPageHeaderV2 page = header.getData_page_header_v2();
    int repetition = page.getRepetition_levels_byte_length();
    int definition = page.getDefinition_levels_byte_length();
    int levels = repetition + definition;
    byte[] values = Arrays.copyOfRange(data, levels, data.length);
    int valuesSize = header.getUncompressed_page_size() - levels;
    return DataPageV2.uncompressed(
        page.getNum_rows(),
        page.getNum_nulls(),
        page.getNum_values(),
        BytesInput.from(data, 0, repetition),
        BytesInput.from(data, repetition, definition),
        CONVERTER.getEncoding(page.getEncoding()),
        page.isIs_compressed()
            ? decompress(codecs, codec, values, valuesSize)
            : BytesInput.from(values),
        null);
  }

  private static BytesInput decompress(
      CompressionCodecFactory codecs, CompressionCodecName codec, byte[] data, int size)
      throws IOException {
    if (codec == CompressionCodecName.UNCOMPRESSED) {
      return BytesInput.from(data);
    }
    // copied: the decompressed bytes must outlive the decompressor's buffer
    return BytesInput.copy(codecs.getDecompressor(codec).decompress(BytesInput.from(data), size));
  }

  @Override
  public PageReader getPageReader(ColumnDescriptor descriptor) {
    Column column = columns.get(ColumnPath.get(descriptor.getPath()));
    if (column == null) {
      throw new IllegalArgumentException(
          "Cannot read column " + String.join(".", descriptor.getPath()) + ": not in the file");
    }
    return column;
  }

  @Override
  public long getRowCount() {
    return rowCount;
  }

  @Override
  public Optional<Long> getRowIndexOffset() {
    return Optional.of(rowIndexOffset);
  }

  /** One column chunk's pages, handed out once each. */
  static final class Column implements PageReader {
    private final long valueCount;
    private final Deque<DataPage> pages = new ArrayDeque<>();
    private DictionaryPage dictionary;

    Column(long valueCount) {
      this.valueCount = valueCount;
    }

    @Override
    public DictionaryPage readDictionaryPage() {
      return dictionary;
    }

    @Override
    public long getTotalValueCount() {
      return valueCount;
    }

    @Override
    public DataPage readPage() {
      return pages.poll();
    }
  }
}
