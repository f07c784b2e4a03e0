package dev.icebergops.migration.internal;

import dev.icebergops.internal.WrappedCatalog;
import dev.icebergops.migration.IrreversibleMigrationException;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.redaction.Redaction;
import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.TableUtil;
import org.apache.iceberg.UpdateProperties;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.rest.RESTCatalog;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Sets and removes table properties, including the retention and file-size conventions. */
public final class PropertyChanges {

  /** The catalog property that names the AWS service a REST catalog signs its requests for. */
  public static final String REST_SIGNING_NAME = "rest.signing-name";

  /**
   * How the step that upgrades a table's format version begins: the runner reads it in a version's
   * recorded steps to refuse the version's downgrade.
   */
  public static final String FORMAT_VERSION_STEP = "upgrade the format version of ";

  private static final Logger LOG = LoggerFactory.getLogger(MigrationContext.class);

  private static final long MIB = 1024L * 1024L;

  private PropertyChanges() {}

  /**
   * Refuses the downgrade of a version whose recorded steps upgraded a table's format version.
   *
   * @param steps the steps the version's history row records
   * @throws IrreversibleMigrationException naming the step
   */
  public static void refuseToLowerFormatVersion(List<String> steps) {
    for (String step : steps) {
      if (step.startsWith(FORMAT_VERSION_STEP)) {
        throw new IrreversibleMigrationException(
            "its upgrade did '" + step + "', and a format version never goes down");
      }
    }
  }

  public static void formatVersion(MigrationContext ctx, String table, int formatVersion) {
    String name = ctx.qualified(table);
    Table loaded = ctx.loadTable(table);
    int current = TableUtil.formatVersion(loaded);
    if (formatVersion < current) {
      throw new IllegalArgumentException(
          String.format(
              "Cannot upgrade the format version of %s to %s: it is %s, and a format version never"
                  + " goes down",
              name, formatVersion, current));
    }
    if (formatVersion == current) {
      LOG.info("Format version of {} left unchanged: it is {}", name, current);
      return;
    }
    loaded
        .updateProperties()
        .set(TableProperties.FORMAT_VERSION, String.valueOf(formatVersion))
        .commit();
    LOG.info("Upgraded the format version of {} from {} to {}", name, current, formatVersion);
  }

  /**
   * The format version a {@code format-version} table property asks for.
   *
   * @throws IllegalArgumentException if it is no number
   */
  public static int formatVersionOf(String table, String value) {
    try {
      return Integer.parseInt(value.strip());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "Cannot set table property format-version of " + table + ": " + value + " is no number",
          e);
    }
  }

  public static void set(MigrationContext ctx, String table, Map<String, String> properties) {
    String name = ctx.qualified(table);
    if (properties == null) {
      throw new IllegalArgumentException(
          "Cannot set table properties of " + name + ": the properties are null");
    }
    Map<String, String> copy = new LinkedHashMap<>();
    properties.forEach(
        (key, value) -> {
          if (key == null || value == null) {
            throw new IllegalArgumentException(
                String.format(
                    "Cannot set table property %s=%s of %s: keys and values must not be null",
                    key, value, name));
          }
          copy.put(key, value);
        });
    copy.remove(TableProperties.FORMAT_VERSION); // upgraded by the step of its own before
    if (copy.isEmpty()) {
      return;
    }
    UpdateProperties update = ctx.loadTable(table).updateProperties();
    copy.forEach(update::set);
    update.commit();
    LOG.info("Set table properties of {}: {}", name, Redaction.redacted(copy));
  }

  public static void unset(MigrationContext ctx, String table, Collection<String> keys) {
    String name = ctx.qualified(table);
    if (keys == null || keys.stream().anyMatch(Objects::isNull)) {
      throw new IllegalArgumentException(
          "Cannot unset table properties of " + name + ": the keys must not be null");
    }
    Table loaded = ctx.loadTable(table);
    Set<String> present =
        keys.stream()
            .filter(loaded.properties()::containsKey)
            .collect(Collectors.toCollection(LinkedHashSet::new));
    if (present.isEmpty()) {
      LOG.info("Table properties of {} left unchanged: none of {} is set", name, keys);
      return;
    }
    UpdateProperties update = loaded.updateProperties();
    present.forEach(update::remove);
    update.commit();
    LOG.info("Removed table properties of {}: {}", name, present);
  }

  public static void compactionTargetSize(MigrationContext ctx, String table, long targetMb) {
    String name = ctx.qualified(table);
    if (targetMb <= 0 || targetMb > Long.MAX_VALUE / MIB) { // a size in bytes that a long holds
      throw new IllegalArgumentException(
          String.format(
              "Cannot set compaction target size of %s: %s MiB is %s",
              name, targetMb, targetMb <= 0 ? "not positive" : "too large"));
    }
    long bytes = targetMb * MIB;
    set(ctx, table, Map.of(TableProperties.WRITE_TARGET_FILE_SIZE_BYTES, Long.toString(bytes)));
  }

  public static void snapshotRetention(
      MigrationContext ctx, String table, Integer minSnapshots, Duration maxSnapshotAge) {
    String name = ctx.qualified(table);
    if (minSnapshots == null && maxSnapshotAge == null) {
      throw new IllegalArgumentException(
          "Cannot set snapshot retention of %s: give minSnapshots, maxSnapshotAge or both"
              .formatted(name));
    }
    Map<String, String> properties = new LinkedHashMap<>();
    if (minSnapshots != null) {
      if (minSnapshots <= 0) {
        throw new IllegalArgumentException(
            String.format(
                "Cannot set snapshot retention of %s: minSnapshots %s is not positive",
                name, minSnapshots));
      }
      properties.put(TableProperties.MIN_SNAPSHOTS_TO_KEEP, Integer.toString(minSnapshots));
    }
    if (maxSnapshotAge != null) {
      long millis;
      try {
        millis = maxSnapshotAge.toMillis();
      } catch (ArithmeticException e) {
        millis = Long.MAX_VALUE;
      }
      if (maxSnapshotAge.isNegative() || millis <= 0) {
        throw new IllegalArgumentException(
            String.format(
                "Cannot set snapshot retention of %s: maxSnapshotAge %s is not at least 1 ms",
                name, maxSnapshotAge));
      }
      properties.put(TableProperties.MAX_SNAPSHOT_AGE_MS, Long.toString(millis));
    }
    if (isS3Tables(ctx.catalog())) {
      LOG.warn(
          "Setting snapshot retention of {} on AWS S3 Tables: S3 Tables manages snapshot"
              + " retention itself and may ignore these properties; configure it with the S3"
              + " Tables maintenance settings instead",
          name);
    }
    set(ctx, table, properties);
  }

  /** Whether the catalog looks configured for AWS S3 Tables. */
  public static boolean isS3Tables(Catalog catalog) {
    Catalog underlying = WrappedCatalog.underlying(catalog);
    Map<String, String> properties =
        underlying instanceof RESTCatalog rest ? rest.properties() : Map.of();
    return isS3Tables(underlying.getClass().getName(), properties);
  }

  /**
   * Whether a catalog class name or catalog properties point to AWS S3 Tables: the REST signing
   * name {@code s3tables}, a {@code uri} containing {@code s3tables}, or a class (or {@code
   * catalog-impl}) name containing {@code S3Tables}.
   */
  public static boolean isS3Tables(String catalogClassName, Map<String, String> properties) {
    Map<String, String> props = properties == null ? Map.of() : properties;
    return "s3tables".equalsIgnoreCase(String.valueOf(props.get(REST_SIGNING_NAME)).trim())
        || Stream.of(props.get("uri"), catalogClassName, props.get("catalog-impl"))
            .anyMatch(text -> text != null && text.toLowerCase(Locale.ROOT).contains("s3tables"));
  }
}
