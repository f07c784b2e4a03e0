package dev.icebergops.schema;

import java.util.List;
import java.util.stream.Collectors;

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
    return "Cannot accept schema of %s: %s contract violation%s"
            .formatted(subject, violations.size(), violations.size() == 1 ? "" : "s")
        + violations.stream().map(violation -> "\n  - " + violation).collect(Collectors.joining());
  }
}
