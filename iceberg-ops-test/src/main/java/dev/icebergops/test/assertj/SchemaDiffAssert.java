package dev.icebergops.test.assertj;

import dev.icebergops.schema.FieldChange;
import dev.icebergops.schema.FieldChange.ChangeType;
import dev.icebergops.schema.IcebergTypes;
import dev.icebergops.schema.SchemaDiff;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Predicate;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on a {@link SchemaDiff}; every failure shows the diff's full summary.
 *
 * <pre>{@code
 * assertThat(SchemaDiff.between(before, after))
 *     .hasAdded("region")
 *     .hasRenamed("amt", "amount")
 *     .hasTypeChange("quantity", "int", "long");
 * }</pre>
 *
 * <p>Paths are the full dotted names {@link SchemaDiff} reports (in the newer schema, or the older
 * one for a removed field); type strings use the contract grammar of {@link IcebergTypes#parse}.
 */
public class SchemaDiffAssert extends AbstractAssert<SchemaDiffAssert, SchemaDiff> {

  /**
   * Creates the assertion; prefer {@link IcebergOpsAssertions#assertThat(SchemaDiff)}.
   *
   * @param actual the diff under test
   */
  public SchemaDiffAssert(SchemaDiff actual) {
    super(actual, SchemaDiffAssert.class);
  }

  /** Verifies that the diff has no change at all: the two schemas are identical. */
  public SchemaDiffAssert isEmpty() {
    return isEmpty(true, "to be empty (the schemas identical)%nbut it has changes");
  }

  /** Verifies that the diff has at least one change. */
  public SchemaDiffAssert isNotEmpty() {
    return isEmpty(false, "not to be empty%nbut the schemas are identical");
  }

  private SchemaDiffAssert isEmpty(boolean empty, String expectation) {
    isNotNull();
    if (actual.isEmpty() != empty) {
      throwAssertionError(Failure.expecting(actual.summary(), expectation));
    }
    return myself;
  }

  /** Verifies that the field at {@code path} was added. */
  public SchemaDiffAssert hasAdded(String path) {
    return has(SchemaDiff::added, c -> c.name().equals(path), "added column", quote(path));
  }

  /** Verifies that the field at {@code path} (its path in the older schema) was removed. */
  public SchemaDiffAssert hasRemoved(String path) {
    return has(SchemaDiff::removed, c -> c.name().equals(path), "removed column", quote(path));
  }

  /** Verifies that the field at {@code from} was renamed to {@code to} (both full paths). */
  public SchemaDiffAssert hasRenamed(String from, String to) {
    return changed(
        ChangeType.RENAMED,
        c -> c.name().equals(to) && from.equals(c.oldName()),
        "renamed column",
        quote(from) + " -> " + quote(to));
  }

  /** Verifies that the type of the field at {@code path} changed, whatever the types. */
  public SchemaDiffAssert hasTypeChange(String path) {
    return changed(ChangeType.TYPE_CHANGED, path, "type change of");
  }

  /**
   * Verifies that the type of the field at {@code path} changed from {@code from} to {@code to}.
   */
  public SchemaDiffAssert hasTypeChange(String path, String from, String to) {
    String before = normalize(from);
    String after = normalize(to);
    return changed(
        ChangeType.TYPE_CHANGED,
        c -> c.name().equals(path) && before.equals(c.oldType()) && after.equals(c.newType()),
        "type change",
        quote(path) + ": " + before + " -> " + after);
  }

  /** Verifies that the doc of the field at {@code path} changed. */
  public SchemaDiffAssert hasDocChange(String path) {
    return changed(ChangeType.DOC_CHANGED, path, "doc change of");
  }

  /** Verifies that the field at {@code path} went from required to optional, or back. */
  public SchemaDiffAssert hasNullabilityChange(String path) {
    return changed(ChangeType.NULLABILITY_CHANGED, path, "nullability change of");
  }

  /**
   * Verifies that the diff adds at least one field and neither removes nor changes any: the newer
   * schema is a pure extension of the older one.
   */
  public SchemaDiffAssert hasOnlyAdditions() {
    isNotNull();
    List<String> others = new ArrayList<>();
    actual.removed().forEach(c -> others.add("Removed: " + c.describe()));
    actual.changed().forEach(c -> others.add("Changed: " + c.describe()));
    if (!others.isEmpty() || actual.added().isEmpty()) {
      throwAssertionError(
          Failure.expecting(
              actual.summary(),
              others.isEmpty()
                  ? "to have only additions%nbut it has no changes at all"
                  : "to have only additions%nbut it also has:%n%s",
              Failure.lines(others)));
    }
    return myself;
  }

  /** A change of {@code type} to the field at {@code path}. */
  private SchemaDiffAssert changed(ChangeType type, String path, String kind) {
    return changed(type, c -> c.name().equals(path), kind, quote(path));
  }

  private SchemaDiffAssert changed(
      ChangeType type, Predicate<FieldChange> matches, String kind, String change) {
    return has(SchemaDiff::changed, c -> c.changeType() == type && matches.test(c), kind, change);
  }

  private SchemaDiffAssert has(
      Function<SchemaDiff, List<FieldChange>> changes,
      Predicate<FieldChange> matches,
      String kind,
      String change) {
    isNotNull();
    if (changes.apply(actual).stream().noneMatch(matches)) {
      throwAssertionError(
          Failure.expecting(
              actual.summary(),
              "to have " + kind + ":%n%s%nbut it does not",
              Failure.block(change)));
    }
    return myself;
  }

  private static String quote(String path) {
    return "\"" + Objects.requireNonNull(path, "path") + "\"";
  }

  /**
   * A type string in the form {@link SchemaDiff} reports it ({@code integer} becomes {@code int}).
   */
  private static String normalize(String type) {
    Objects.requireNonNull(type, "type");
    try {
      return IcebergTypes.format(IcebergTypes.parse(type));
    } catch (IllegalArgumentException e) {
      return type.trim(); // a nested type: compared as written
    }
  }
}
