package dev.icebergops.migration;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What a change does to the people who read a table, from the mildest to the most severe (the order
 * of the constants): how the preview classes each change, and what {@link Breaking} and {@link
 * Destructive} declare.
 */
public enum ChangeClass {
  /** Readers lose nothing: a new optional column, a new table, a property. */
  ADDITIVE,
  /**
   * Readers' queries keep working: a type promotion Iceberg allows, a partition or sort change, a
   * doc.
   */
  COMPATIBLE,
  /** A reader's query or a writer can fail: a rename, a column made or added required. */
  BREAKING,
  /**
   * Data goes: a dropped column or table, a purge, a snapshot expiry, a rewrite or delete of rows
   * outside a staged data step ({@link MigrationContext#stageData}), a delete of a live file.
   */
  DESTRUCTIVE;

  /** The class's name in lower case, as the preview prints it, e.g. {@code breaking}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * What a migration class declares: its {@link Breaking} and {@link Destructive} reasons.
   *
   * @param migration the migration's class
   * @return the reasons by class, in class order; empty when it declares nothing
   */
  public static Map<ChangeClass, String> declaredBy(Class<?> migration) {
    Map<ChangeClass, String> declared = new EnumMap<>(ChangeClass.class);
    Optional.ofNullable(migration.getAnnotation(Breaking.class))
        .ifPresent(breaking -> declared.put(BREAKING, breaking.value()));
    Optional.ofNullable(migration.getAnnotation(Destructive.class))
        .ifPresent(destructive -> declared.put(DESTRUCTIVE, destructive.value()));
    return declared;
  }

  /**
   * Whether declarations let a change of this class through: additive and compatible changes need
   * none, a breaking one {@link Breaking} or {@link Destructive}, a destructive one {@link
   * Destructive}.
   *
   * @param declared what a migration declares ({@link #declaredBy})
   */
  public boolean declaredIn(Map<ChangeClass, String> declared) {
    return compareTo(BREAKING) < 0
        || declared.keySet().stream().anyMatch(d -> d.compareTo(this) >= 0);
  }

  /**
   * The class a gate fails on, by its label.
   *
   * @param label {@code breaking} or {@code destructive}, in any case
   * @return the class
   * @throws IllegalArgumentException if the label names another class or none
   */
  public static ChangeClass gate(String label) {
    for (ChangeClass c : new ChangeClass[] {BREAKING, DESTRUCTIVE}) {
      if (c.label().equalsIgnoreCase(String.valueOf(label).trim())) {
        return c;
      }
    }
    throw new IllegalArgumentException(
        "Cannot gate on change class " + label + ": expected breaking or destructive");
  }
}
