package dev.icebergops.schema;

import java.util.List;

/**
 * Thrown when a table does not conform to its {@link SchemaContract}; {@link #violations()} lists
 * every problem found, not just the first.
 */
public class SchemaContractViolation extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final String subject;
  private final List<String> violations;

  /**
   * Creates the exception.
   *
   * @param subject what was checked, for example the table name
   * @param violations every violation found (not empty)
   */
  public SchemaContractViolation(String subject, List<String> violations) {
    super(message(subject, violations));
    this.subject = subject;
    this.violations = List.copyOf(violations);
  }

  /** What was checked, for example the table name. */
  public String subject() {
    return subject;
  }

  /** Every violation, one human-readable line each. */
  public List<String> violations() {
    return violations;
  }

  private static String message(String subject, List<String> violations) {
    StringBuilder out = new StringBuilder("Cannot accept schema of ").append(subject);
    out.append(": ").append(violations.size());
    out.append(violations.size() == 1 ? " contract violation" : " contract violations");
    for (String violation : violations) {
      out.append("\n  - ").append(violation);
    }
    return out.toString();
  }
}
