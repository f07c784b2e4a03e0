package dev.icebergops.schema;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.icebergops.testing.FaultyTable;
import java.util.Set;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.exceptions.CommitFailedException;
import org.apache.iceberg.types.Types;
import org.apache.iceberg.types.Types.NestedField;
import org.junit.jupiter.api.Test;

/**
 * The two-step flows under injected faults: step 2 fails, the compensation fails too, and the
 * process "dies" between the steps.
 */
abstract class CompensationBehaviour extends SchemaEvolutionTestBase {

  static final Schema EVENTS =
      new Schema(
          required(1, "id", Types.LongType.get()),
          required(2, "duration", Types.IntegerType.get(), "seconds"),
          optional(3, "total", Types.DoubleType.get(), "net"),
          optional(4, "amount", Types.DoubleType.get()),
          optional(
              5,
              "address",
              Types.StructType.of(required(6, "zip", Types.IntegerType.get(), "postal"))));

  /** A simulated crash: not a RuntimeException, so nothing in the helper catches it. */
  static final class ProcessDied extends Error {
    ProcessDied() {
      super("process died");
    }
  }

  @Test
  void enforceColumnStep2FailureRestoresTheTableExactly() {
    assertStep2FailureRestores("duration");
  }

  @Test
  void enforceColumnStep2FailureRestoresANestedFieldExactly() {
    assertStep2FailureRestores("address.zip");
  }

  private void assertStep2FailureRestores(String column) {
    Table real = createTable(EVENTS);
    Schema before = real.schema();
    Table table =
        FaultyTable.failSchemaCommits(
            real, Set.of(2), call -> new CommitFailedException("step 2 refused"));

    assertThatThrownBy(
            () ->
                new SchemaEvolutionHelper(table)
                    .enforceColumn(column, Types.StringType.get(), EnforceOptions.legacyArchival()))
        .isInstanceOf(CommitFailedException.class)
        .hasMessage("step 2 refused");

    Schema after = reload(real).schema();
    assertThat(shape(after)).isEqualTo(shape(before));
    assertThat(SchemaDiff.between(before, after).isEmpty()).isTrue();
  }

  @Test
  void enforceColumnFailedCompensationNamesTheStrandedColumn() {
    Table real = createTable(EVENTS);
    Table table =
        FaultyTable.failSchemaCommits(
            real, Set.of(2, 3), call -> new CommitFailedException("refused " + call));

    assertThatThrownBy(
            () ->
                new SchemaEvolutionHelper(table)
                    .enforceColumn(
                        "duration", Types.StringType.get(), EnforceOptions.legacyArchival()))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("Cannot restore column " + real.name() + ".duration")
        .hasMessageContaining("stranded as " + real.name() + ".duration__legacy_1")
        .hasMessageContaining("refused 2")
        .hasMessageContaining("refused 3")
        .hasCauseInstanceOf(CommitFailedException.class);

    Schema after = reload(real).schema();
    assertThat(after.findField("duration")).isNull();
    assertThat(after.findField("duration__legacy_1").fieldId()).isEqualTo(2);
  }

  @Test
  void enforceColumnAfterACrashBetweenTheStepsConvergesToTheArchivedEndState() {
    Table real = createTable(EVENTS);
    Table crashing = FaultyTable.failSchemaCommits(real, Set.of(2), call -> new ProcessDied());
    assertThatThrownBy(
            () ->
                new SchemaEvolutionHelper(crashing)
                    .enforceColumn(
                        "duration", Types.StringType.get(), EnforceOptions.legacyArchival()))
        .isInstanceOf(ProcessDied.class);

    Table restarted = reload(real);
    new SchemaEvolutionHelper(restarted)
        .enforceColumn("duration", Types.StringType.get(), EnforceOptions.legacyArchival());

    Schema after = reload(real).schema();
    NestedField legacy = after.findField("duration__legacy_1");
    assertThat(legacy.fieldId()).isEqualTo(2);
    assertThat(legacy.type()).isEqualTo(Types.IntegerType.get());
    assertThat(legacy.isOptional()).isTrue();
    assertThat(legacy.doc()).isEqualTo("[ARCHIVED] seconds");
    assertThat(after.findType("duration")).isEqualTo(Types.StringType.get());
    assertThat(after.findField("duration__legacy_2")).isNull();
  }

  @Test
  void enforceRenameStep2FailureRenamesTheArchiveBack() {
    Table real = createTable(EVENTS);
    Schema before = real.schema();
    Table table =
        FaultyTable.failSchemaCommits(
            real, Set.of(2), call -> new CommitFailedException("rename refused"));

    assertThatThrownBy(() -> new SchemaEvolutionHelper(table).enforceRename("amount", "total"))
        .isInstanceOf(CommitFailedException.class)
        .hasMessage("rename refused");

    assertThat(shape(reload(real).schema())).isEqualTo(shape(before));
  }

  @Test
  void enforceRenameFailedCompensationNamesTheStrandedColumn() {
    Table real = createTable(EVENTS);
    Table table =
        FaultyTable.failSchemaCommits(
            real, Set.of(2, 3), call -> new CommitFailedException("refused " + call));

    assertThatThrownBy(() -> new SchemaEvolutionHelper(table).enforceRename("amount", "total"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("stranded as " + real.name() + ".total__legacy_1");
  }
}
