package dev.icebergops.schema;

import java.util.Objects;

/**
 * One field-level difference between two versions of a schema, as reported by {@link SchemaDiff}.
 *
 * <p>{@link #name()} is the field's full dotted path in the newer schema (in the older one for a
 * removed field); {@link #fieldId()} is the Iceberg field id that identifies it across versions.
 * The {@code old*} / {@code new*} accessors are filled for the kind of change they describe and are
 * {@code null} otherwise.
 */
public final class FieldChange {

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
    NULLABILITY_CHANGED
  }

  private final int fieldId;
  private final String name;
  private final ChangeType changeType;
  private final String oldName;
  private final String oldType;
  private final String newType;
  private final String oldDoc;
  private final String newDoc;
  private final Boolean oldRequired;
  private final Boolean newRequired;

  private FieldChange(Builder b) {
    this.fieldId = b.fieldId;
    this.name = Objects.requireNonNull(b.name, "name");
    this.changeType = Objects.requireNonNull(b.changeType, "changeType");
    this.oldName = b.oldName;
    this.oldType = b.oldType;
    this.newType = b.newType;
    this.oldDoc = b.oldDoc;
    this.newDoc = b.newDoc;
    this.oldRequired = b.oldRequired;
    this.newRequired = b.newRequired;
  }

  static Builder builder(int fieldId, String name, ChangeType changeType) {
    Builder b = new Builder();
    b.fieldId = fieldId;
    b.name = name;
    b.changeType = changeType;
    return b;
  }

  /** The Iceberg field id, stable across renames. */
  public int fieldId() {
    return fieldId;
  }

  /** The field's full dotted path (in the newer schema, or the older one when removed). */
  public String name() {
    return name;
  }

  /** What kind of change this is. */
  public ChangeType changeType() {
    return changeType;
  }

  /** For {@link ChangeType#RENAMED}: the full dotted path before the rename. */
  public String oldName() {
    return oldName;
  }

  /** For {@link ChangeType#TYPE_CHANGED} and {@link ChangeType#REMOVED}: the type before. */
  public String oldType() {
    return oldType;
  }

  /** For {@link ChangeType#TYPE_CHANGED} and {@link ChangeType#ADDED}: the type after. */
  public String newType() {
    return newType;
  }

  /** For {@link ChangeType#DOC_CHANGED}: the doc before (may be null). */
  public String oldDoc() {
    return oldDoc;
  }

  /** For {@link ChangeType#DOC_CHANGED}: the doc after (may be null). */
  public String newDoc() {
    return newDoc;
  }

  /** For {@link ChangeType#NULLABILITY_CHANGED}: whether the field was required before. */
  public Boolean oldRequired() {
    return oldRequired;
  }

  /** For {@link ChangeType#NULLABILITY_CHANGED}: whether the field is required after. */
  public Boolean newRequired() {
    return newRequired;
  }

  /** One line of {@link SchemaDiff#summary()}, for example {@code region (id=7, string)}. */
  public String describe() {
    String id = "id=" + fieldId;
    switch (changeType) {
      case ADDED:
        return name + " (" + id + ", " + newType + ")";
      case REMOVED:
        return name + " (" + id + ", " + oldType + ")";
      case RENAMED:
        return name + " (" + id + "): renamed from " + oldName;
      case TYPE_CHANGED:
        return name + " (" + id + "): type " + oldType + " -> " + newType;
      case DOC_CHANGED:
        return name + " (" + id + "): doc " + quote(oldDoc) + " -> " + quote(newDoc);
      case NULLABILITY_CHANGED:
        return name
            + " ("
            + id
            + "): "
            + requiredness(oldRequired)
            + " -> "
            + requiredness(newRequired);
      default:
        throw new IllegalStateException("Unknown change type: " + changeType);
    }
  }

  private static String quote(String doc) {
    return doc == null ? "(none)" : "'" + doc + "'";
  }

  private static String requiredness(Boolean required) {
    return Boolean.TRUE.equals(required) ? "required" : "optional";
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof FieldChange)) {
      return false;
    }
    FieldChange that = (FieldChange) o;
    return fieldId == that.fieldId
        && name.equals(that.name)
        && changeType == that.changeType
        && Objects.equals(oldName, that.oldName)
        && Objects.equals(oldType, that.oldType)
        && Objects.equals(newType, that.newType)
        && Objects.equals(oldDoc, that.oldDoc)
        && Objects.equals(newDoc, that.newDoc)
        && Objects.equals(oldRequired, that.oldRequired)
        && Objects.equals(newRequired, that.newRequired);
  }

  @Override
  public int hashCode() {
    return Objects.hash(fieldId, name, changeType, oldName, oldType, newType, oldDoc, newDoc);
  }

  @Override
  public String toString() {
    return changeType + " " + describe();
  }

  static final class Builder {
    private int fieldId;
    private String name;
    private ChangeType changeType;
    private String oldName;
    private String oldType;
    private String newType;
    private String oldDoc;
    private String newDoc;
    private Boolean oldRequired;
    private Boolean newRequired;

    Builder oldName(String value) {
      this.oldName = value;
      return this;
    }

    Builder types(String before, String after) {
      this.oldType = before;
      this.newType = after;
      return this;
    }

    Builder docs(String before, String after) {
      this.oldDoc = before;
      this.newDoc = after;
      return this;
    }

    Builder required(boolean before, boolean after) {
      this.oldRequired = before;
      this.newRequired = after;
      return this;
    }

    FieldChange build() {
      return new FieldChange(this);
    }
  }
}
