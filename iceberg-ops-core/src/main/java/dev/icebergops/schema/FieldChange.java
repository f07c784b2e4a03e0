package dev.icebergops.schema;

import static dev.icebergops.schema.FieldChange.ChangeType.DEFAULT_CHANGED;
import static dev.icebergops.schema.FieldChange.ChangeType.NULLABILITY_CHANGED;

import java.util.Objects;

/**
 * One field-level difference between two versions of a schema, as reported by {@link SchemaDiff}.
 *
 * <p>{@link #name()} is the field's full dotted path in the newer schema (in the older one for a
 * removed field); {@link #fieldId()} is the Iceberg field id that identifies it across versions.
 * The {@code old*} / {@code new*} accessors are filled for the kind of change they describe and are
 * {@code null} otherwise.
 *
 * @param fieldId the Iceberg field id, stable across renames
 * @param name the field's full dotted path (in the newer schema, or the older one when removed)
 * @param changeType what kind of change this is
 * @param oldName for {@link ChangeType#RENAMED}: the full dotted path before the rename
 * @param oldType for {@link ChangeType#TYPE_CHANGED} and {@link ChangeType#REMOVED}: the type
 *     before
 * @param newType for {@link ChangeType#TYPE_CHANGED} and {@link ChangeType#ADDED}: the type after
 * @param oldDoc for {@link ChangeType#DOC_CHANGED}: the doc before (may be null)
 * @param newDoc for {@link ChangeType#DOC_CHANGED}: the doc after (may be null)
 * @param oldRequired for {@link ChangeType#NULLABILITY_CHANGED}: whether the field was required
 *     before
 * @param newRequired for {@link ChangeType#NULLABILITY_CHANGED}: whether the field is required
 *     after
 * @param oldDefault for {@link ChangeType#DEFAULT_CHANGED}: the field's defaults before, {@code
 *     initial "a", write "b"}, or null for none
 * @param newDefault for {@link ChangeType#DEFAULT_CHANGED} and {@link ChangeType#ADDED}: the
 *     field's defaults after, or null for none
 */
public record FieldChange(
    int fieldId,
    String name,
    ChangeType changeType,
    String oldName,
    String oldType,
    String newType,
    String oldDoc,
    String newDoc,
    Boolean oldRequired,
    Boolean newRequired,
    String oldDefault,
    String newDefault) {

  /** What happened to a field between two schema versions. */
  public enum ChangeType {
    /** The field exists only in the newer schema. */
    ADDED,
    /** The field exists only in the older schema. */
    REMOVED,
    /** The field kept its id but its name changed. */
    RENAMED,
    /** The field kept its id but its primitive type changed. */
    TYPE_CHANGED,
    /** The field's documentation changed. */
    DOC_CHANGED,
    /** The field went from required to optional, or back. */
    NULLABILITY_CHANGED,
    /** The field's initial or write default changed (format version 3). */
    DEFAULT_CHANGED
  }

  /**
   * A change as described.
   *
   * @throws NullPointerException if the name or the change type is null
   */
  public FieldChange {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(changeType, "changeType");
  }

  /** A change that involves no default. */
  public FieldChange(
      int fieldId,
      String name,
      ChangeType changeType,
      String oldName,
      String oldType,
      String newType,
      String oldDoc,
      String newDoc,
      Boolean oldRequired,
      Boolean newRequired) {
    this(
        fieldId,
        name,
        changeType,
        oldName,
        oldType,
        newType,
        oldDoc,
        newDoc,
        oldRequired,
        newRequired,
        null,
        null);
  }

  static FieldChange added(int fieldId, String name, String type, String defaults) {
    return new FieldChange(
        fieldId, name, ChangeType.ADDED, null, null, type, null, null, null, null, null, defaults);
  }

  static FieldChange removed(int fieldId, String name, String type) {
    return new FieldChange(
        fieldId, name, ChangeType.REMOVED, null, type, null, null, null, null, null);
  }

  static FieldChange renamed(int fieldId, String name, String oldName) {
    return new FieldChange(
        fieldId, name, ChangeType.RENAMED, oldName, null, null, null, null, null, null);
  }

  static FieldChange typeChanged(int fieldId, String name, String before, String after) {
    return new FieldChange(
        fieldId, name, ChangeType.TYPE_CHANGED, null, before, after, null, null, null, null);
  }

  static FieldChange docChanged(int fieldId, String name, String before, String after) {
    return new FieldChange(
        fieldId, name, ChangeType.DOC_CHANGED, null, null, null, before, after, null, null);
  }

  static FieldChange nullabilityChanged(
      int fieldId, String name, boolean wasRequired, boolean isRequired) {
    return new FieldChange(
        fieldId, name, NULLABILITY_CHANGED, null, null, null, null, null, wasRequired, isRequired);
  }

  static FieldChange defaultChanged(int fieldId, String name, String before, String after) {
    return new FieldChange(
        fieldId, name, DEFAULT_CHANGED, null, null, null, null, null, null, null, before, after);
  }

  /** One line of {@link SchemaDiff#summary()}, for example {@code region (id=7, string)}. */
  public String describe() {
    String id = name + " (id=" + fieldId;
    return switch (changeType) {
      case ADDED -> id + ", " + newType + (newDefault == null ? "" : ", " + newDefault) + ")";
      case REMOVED -> id + ", " + oldType + ")";
      case RENAMED -> id + "): renamed from " + oldName;
      case TYPE_CHANGED -> id + "): type " + oldType + " -> " + newType;
      case DOC_CHANGED -> id + "): doc " + quote(oldDoc) + " -> " + quote(newDoc);
      case NULLABILITY_CHANGED ->
          id + "): " + requiredness(oldRequired) + " -> " + requiredness(newRequired);
      case DEFAULT_CHANGED -> id + "): " + defaults(oldDefault) + " -> " + defaults(newDefault);
    };
  }

  private static String quote(String doc) {
    return doc == null ? "(none)" : "'" + doc + "'";
  }

  /** The defaults' text, or the words for none. */
  public static String defaults(String text) {
    return text == null ? "no default" : text;
  }

  private static String requiredness(Boolean required) {
    return Boolean.TRUE.equals(required) ? "required" : "optional";
  }

  @Override
  public String toString() {
    return changeType + " " + describe();
  }
}
