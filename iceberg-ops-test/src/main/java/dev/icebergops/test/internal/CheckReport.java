package dev.icebergops.test.internal;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.Schema;

/**
 * The outcome of one standard migration check.
 *
 * @param check the check's name, e.g. "reversibility"
 * @param failures messages of findings that fail the check, in AssertJ's layout
 * @param warnings messages of findings that only warn (e.g. field-id drift when not strict)
 * @param notes what the check found and accepts, for the report (e.g. a declared loss of data, an
 *     allowed irreversible downgrade)
 * @param versions each version's outcome, in version order
 * @param headSchemas the schema of each table at head, by table name, when the check saw head
 */
public record CheckReport(
    String check,
    List<String> failures,
    List<String> warnings,
    List<String> notes,
    Map<String, Outcome> versions,
    Map<String, Schema> headSchemas) {

  /** How one version fared in one check. */
  public enum Outcome {
    /** The check covered the version and found nothing wrong. */
    PASSED,
    /** The check found something wrong with the version. */
    FAILED,
    /** The check did not cover the version (e.g. an allowed irreversible downgrade). */
    NOT_APPLICABLE
  }

  public CheckReport {
    failures = List.copyOf(failures);
    warnings = List.copyOf(warnings);
    notes = List.copyOf(notes);
    versions = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(versions));
    headSchemas = Map.copyOf(headSchemas);
  }

  /** A report without notes or version outcomes. */
  public CheckReport(String check, List<String> failures, List<String> warnings) {
    this(check, failures, warnings, List.of(), Map.of(), Map.of());
  }

  public boolean passed() {
    return failures.isEmpty();
  }

  /** All failures joined by blank lines. */
  public String failureMessage() {
    return String.join("\n\n", failures);
  }

  @Override
  public String toString() {
    StringBuilder out = new StringBuilder(check).append(passed() ? ": passed" : ": failed");
    failures.forEach(f -> out.append("\n[failure] ").append(f));
    warnings.forEach(w -> out.append("\n[warning] ").append(w));
    notes.forEach(n -> out.append("\n[note] ").append(n));
    return out.toString();
  }
}
