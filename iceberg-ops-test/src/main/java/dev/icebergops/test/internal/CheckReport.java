package dev.icebergops.test.internal;

import java.util.List;

/**
 * The outcome of one standard migration check.
 *
 * @param check the check's name, e.g. "reversibility"
 * @param failures messages of findings that fail the check, in AssertJ's layout
 * @param warnings messages of findings that only warn (e.g. field-id drift when not strict, an
 *     allowed irreversible downgrade)
 */
public record CheckReport(String check, List<String> failures, List<String> warnings) {

  public CheckReport {
    failures = List.copyOf(failures);
    warnings = List.copyOf(warnings);
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
    return out.toString();
  }
}
