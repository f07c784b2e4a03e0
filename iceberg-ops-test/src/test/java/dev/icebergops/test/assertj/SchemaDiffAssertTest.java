package dev.icebergops.test.assertj;

import static dev.icebergops.test.assertj.IcebergOpsAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.icebergops.schema.SchemaDiff;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

class SchemaDiffAssertTest {

  private static final Schema BEFORE =
      new Schema(
          Types.NestedField.required(1, "id", Types.LongType.get()),
          Types.NestedField.optional(2, "amt", Types.IntegerType.get()),
          Types.NestedField.optional(3, "note", Types.StringType.get(), "a note"),
          Types.NestedField.optional(4, "legacy", Types.StringType.get()));

  private static final Schema AFTER =
      new Schema(
          Types.NestedField.optional(1, "id", Types.LongType.get()),
          Types.NestedField.optional(2, "amount", Types.LongType.get()),
          Types.NestedField.optional(3, "note", Types.StringType.get(), "the note"),
          Types.NestedField.optional(5, "region", Types.StringType.get()));

  private static final Schema EXTENDED =
      new Schema(
          Types.NestedField.required(1, "id", Types.LongType.get()),
          Types.NestedField.optional(2, "amt", Types.IntegerType.get()),
          Types.NestedField.optional(3, "note", Types.StringType.get(), "a note"),
          Types.NestedField.optional(4, "legacy", Types.StringType.get()),
          Types.NestedField.optional(5, "region", Types.StringType.get()));

  private final SchemaDiff changes = SchemaDiff.between(BEFORE, AFTER);
  private final SchemaDiff additions = SchemaDiff.between(BEFORE, EXTENDED);
  private final SchemaDiff none = SchemaDiff.between(BEFORE, BEFORE);

  @Test
  void isEmpty() {
    assertThat(none).isEmpty();
    assertThatThrownBy(() -> assertThat(changes).isEmpty())
        .isInstanceOf(AssertionError.class)
        .hasMessage(
            String.format(
                "%nExpecting actual:%n"
                    + "  Added:%n"
                    + "    region (id=5, string)%n"
                    + "  Removed:%n"
                    + "    legacy (id=4, string)%n"
                    + "  Changed:%n"
                    + "    id (id=1): required -> optional%n"
                    + "    amount (id=2): renamed from amt%n"
                    + "    amount (id=2): type int -> long%n"
                    + "    note (id=3): doc 'a note' -> 'the note'%n"
                    + "to be empty (the schemas identical)%n"
                    + "but it has changes"));
  }

  @Test
  void isNotEmpty() {
    assertThat(changes).isNotEmpty();
    assertThatThrownBy(() -> assertThat(none).isNotEmpty())
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("Schemas are identical.")
        .hasMessageContaining("not to be empty");
  }

  @Test
  void hasAdded() {
    assertThat(changes).hasAdded("region");
    assertThatThrownBy(() -> assertThat(changes).hasAdded("country"))
        .isInstanceOf(AssertionError.class)
        .hasMessageStartingWith(String.format("%nExpecting actual:%n  Added:%n    region (id=5"))
        .hasMessageEndingWith(
            String.format("to have added column:%n  \"country\"%nbut it does not"));
  }

  @Test
  void hasRemoved() {
    assertThat(changes).hasRemoved("legacy");
    assertThatThrownBy(() -> assertThat(changes).hasRemoved("note"))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("Removed:%n    legacy (id=4, string)".formatted())
        .hasMessageContaining("to have removed column:%n  \"note\"".formatted());
  }

  @Test
  void hasRenamed() {
    assertThat(changes).hasRenamed("amt", "amount");
    assertThatThrownBy(() -> assertThat(changes).hasRenamed("amount", "amt"))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("amount (id=2): renamed from amt")
        .hasMessageContaining("to have renamed column:%n  \"amount\" -> \"amt\"".formatted());
  }

  @Test
  void hasTypeChange() {
    assertThat(changes).hasTypeChange("amount").hasTypeChange("amount", "integer", "LONG");
    assertThatThrownBy(() -> assertThat(changes).hasTypeChange("amount", "int", "double"))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("amount (id=2): type int -> long")
        .hasMessageContaining("to have type change:%n  \"amount\": int -> double".formatted());
    assertThatThrownBy(() -> assertThat(changes).hasTypeChange("note"))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("to have type change of:%n  \"note\"".formatted());
  }

  @Test
  void hasDocChange() {
    assertThat(changes).hasDocChange("note");
    assertThatThrownBy(() -> assertThat(changes).hasDocChange("amount"))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("to have doc change of:%n  \"amount\"".formatted());
  }

  @Test
  void hasNullabilityChange() {
    assertThat(changes).hasNullabilityChange("id");
    assertThatThrownBy(() -> assertThat(changes).hasNullabilityChange("note"))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("id (id=1): required -> optional")
        .hasMessageContaining("to have nullability change of:%n  \"note\"".formatted());
  }

  @Test
  void hasOnlyAdditions() {
    assertThat(additions).hasOnlyAdditions().hasAdded("region");
    assertThatThrownBy(() -> assertThat(changes).hasOnlyAdditions())
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("Removed:")
        .hasMessageContaining(
            String.format(
                "to have only additions%n"
                    + "but it also has:%n"
                    + "  Removed: legacy (id=4, string)%n"
                    + "  Changed: id (id=1): required -> optional%n"));
    assertThatThrownBy(() -> assertThat(none).hasOnlyAdditions())
        .isInstanceOf(AssertionError.class)
        .hasMessageEndingWith("but it has no changes at all");
  }

  @Test
  void descriptionPrefixesTheMessage() {
    assertThatThrownBy(() -> assertThat(changes).as("orders v2").isEmpty())
        .isInstanceOf(AssertionError.class)
        .hasMessageStartingWith(String.format("[orders v2] %nExpecting actual:"));
  }

  @Test
  void nullDiffFailsLikeAssertJ() {
    assertThatThrownBy(() -> assertThat((SchemaDiff) null).isEmpty())
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("Expecting actual not to be null");
  }
}
