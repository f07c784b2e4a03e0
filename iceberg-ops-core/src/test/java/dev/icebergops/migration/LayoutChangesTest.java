package dev.icebergops.migration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.SharedEnvironment;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.SortDirection;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The partition and sort-order helpers run twice change nothing the second time, on the embedded
 * REST catalog over HTTP: what an upgrade run again after a half-way failure, or the toolkit's
 * idempotency check, does.
 */
@ExtendWith(SharedEnvironment.class)
class LayoutChangesTest {

  private Catalog catalog;
  private MigrationContext ctx;
  private String ns;

  @BeforeEach
  void freshNamespace(IcebergTestEnvironment environment) {
    catalog = environment.catalog();
    ns = "layout_" + UUID.randomUUID().toString().replace("-", "");
    ctx = MigrationContexts.of(catalog, ns);
    ctx.createTableIfNotExists("events", MigrationContextBehaviour.EVENTS);
  }

  private Table events() {
    return ctx.loadTable("events");
  }

  private String metadataLocation() {
    return MigrationContextBehaviour.metadataLocation(events());
  }

  private List<String> partitionFields() {
    return MigrationContextBehaviour.partitionFields(events());
  }

  @Test
  void updatePartitionSpecIsANoOpForAFieldThatAlreadyExists() {
    List<PartitionFieldSpec> bucket = List.of(PartitionFieldSpec.bucket("id", 16));
    ctx.updatePartitionSpec("events", bucket, null);
    String before = metadataLocation();

    ctx.updatePartitionSpec("events", bucket, null);
    ctx.updatePartitionSpec(
        "events", List.of(PartitionFieldSpec.of("id", "BUCKET[16]", "id_bucket")), null);

    assertThat(partitionFields()).containsExactly("id_bucket=bucket[16](id)");
    assertThat(metadataLocation()).isEqualTo(before);
  }

  @Test
  void updatePartitionSpecAddsOnlyTheFieldsThatAreMissing() {
    ctx.updatePartitionSpec("events", List.of(PartitionFieldSpec.day("ts")), null);
    int versions = MigrationContextBehaviour.metadataVersions(events());

    ctx.updatePartitionSpec(
        "events",
        List.of(PartitionFieldSpec.day("ts"), PartitionFieldSpec.identity("region")),
        null);

    assertThat(partitionFields()).containsExactly("ts_day=day(ts)", "region=identity(region)");
    assertThat(MigrationContextBehaviour.metadataVersions(events())).isEqualTo(versions + 1);
  }

  @Test
  void updatePartitionSpecRemovingAnAbsentFieldIsANoOp() {
    String unpartitioned = metadataLocation();
    ctx.updatePartitionSpec("events", null, List.of("ts_day"));
    assertThat(metadataLocation()).isEqualTo(unpartitioned);

    ctx.updatePartitionSpec("events", List.of(PartitionFieldSpec.day("ts")), null);
    ctx.updatePartitionSpec("events", null, List.of("ts_day"));
    String removed = metadataLocation();
    ctx.updatePartitionSpec("events", null, List.of("ts_day"));

    assertThat(events().spec().isUnpartitioned()).isTrue();
    assertThat(metadataLocation()).isEqualTo(removed);
  }

  @Test
  void updatePartitionSpecRemovingAFieldTwiceFromAFormatOneTableIsANoOp() {
    catalog
        .buildTable(ctx.identifier("events_v1"), MigrationContextBehaviour.EVENTS)
        .withPartitionSpec(
            PartitionSpec.builderFor(MigrationContextBehaviour.EVENTS).day("ts").build())
        .withProperties(Map.of("format-version", "1"))
        .create();
    ctx.updatePartitionSpec("events_v1", null, List.of("ts_day"));
    String removed = MigrationContextBehaviour.metadataLocation(ctx.loadTable("events_v1"));
    // a format-1 table keeps a removed field in place, with the void transform
    assertThat(MigrationContextBehaviour.partitionFields(ctx.loadTable("events_v1")))
        .containsExactly("ts_day=void(ts)");

    ctx.updatePartitionSpec("events_v1", null, List.of("ts_day"));

    assertThat(MigrationContextBehaviour.metadataLocation(ctx.loadTable("events_v1")))
        .isEqualTo(removed);
  }

  @Test
  void updatePartitionSpecReplacingATransformInOneCallIsIdempotent() {
    ctx.updatePartitionSpec("events", List.of(PartitionFieldSpec.bucket("id", 16)), null);
    List<PartitionFieldSpec> eight = List.of(PartitionFieldSpec.bucket("id", 8));

    ctx.updatePartitionSpec("events", eight, List.of("id_bucket"));
    String replaced = metadataLocation();
    ctx.updatePartitionSpec("events", eight, List.of("id_bucket"));

    assertThat(partitionFields()).containsExactly("id_bucket=bucket[8](id)");
    assertThat(metadataLocation()).isEqualTo(replaced);
  }

  @Test
  void updatePartitionSpecRefusesAFieldOfTheSameNameWithAnotherTransformOrSource() {
    ctx.updatePartitionSpec("events", List.of(PartitionFieldSpec.bucket("id", 16)), null);
    String before = metadataLocation();

    assertThatThrownBy(
            () ->
                ctx.updatePartitionSpec(
                    "events", List.of(PartitionFieldSpec.bucket("id", 8)), null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot add partition field id_bucket to "
                + ns
                + ".events: it already exists as bucket[16](id); remove it in the same call to"
                + " replace it");
    assertThatThrownBy(
            () ->
                ctx.updatePartitionSpec(
                    "events",
                    List.of(PartitionFieldSpec.of("region", "identity", "id_bucket")),
                    null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("Cannot add partition field id_bucket to " + ns + ".events:")
        .hasMessageContaining("it already exists as bucket[16](id)");
    assertThat(metadataLocation()).isEqualTo(before);
  }

  @Test
  void updatePartitionSpecRefusesTheSameSourceAndTransformUnderAnotherName() {
    ctx.updatePartitionSpec("events", List.of(PartitionFieldSpec.bucket("id", 16)), null);
    String before = metadataLocation();

    assertThatThrownBy(
            () ->
                ctx.updatePartitionSpec(
                    "events", List.of(PartitionFieldSpec.of("id", "bucket[16]", "id_b16")), null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot add partition field id_b16 to "
                + ns
                + ".events: the table is already partitioned by bucket[16](id) as field"
                + " id_bucket");
    assertThat(metadataLocation()).isEqualTo(before);
  }

  @Test
  void replaceSortOrderIsANoOpForTheOrderTheTableHas() {
    List<SortColumn> order = List.of(SortColumn.asc("ts"), SortColumn.desc("id"));
    ctx.replaceSortOrder("events", order);
    String sorted = metadataLocation();

    ctx.replaceSortOrder("events", order);
    ctx.setClusteringKeys("events", List.of("ts", "id"), SortDirection.DESC);
    String changed = metadataLocation();
    ctx.setClusteringKeys("events", List.of("ts", "id"), SortDirection.DESC);

    assertThat(changed).isNotEqualTo(sorted);
    assertThat(metadataLocation()).isEqualTo(changed);
    assertThat(MigrationContextBehaviour.sortFields(events()))
        .containsExactly("ts DESC NULLS_LAST", "id DESC NULLS_LAST");
  }

  @Test
  void replaceSortOrderClearingAnUnsortedTableIsANoOp() {
    String unsorted = metadataLocation();

    ctx.replaceSortOrder("events", List.of());
    ctx.setClusteringKeys("events", null);

    assertThat(metadataLocation()).isEqualTo(unsorted);
  }
}
