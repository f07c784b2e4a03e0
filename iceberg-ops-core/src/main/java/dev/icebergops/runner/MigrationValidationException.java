package dev.icebergops.runner;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Thrown by {@link MigrationRunner#validate()} (and so by {@code migrate()}) when the migrations
 * and the history disagree; lists every finding. The message names the operation refused: {@code
 * Cannot validate sales: ...} from {@code validate()}, {@code Cannot migrate sales: ...} from
 * {@code migrate()}.
 */
public class MigrationValidationException extends MigrationException {

  private static final long serialVersionUID = 1L;

  private final transient List<ValidationFinding> findings;

  /**
   * Creates the exception.
   *
   * @param operation the operation refused, for example {@code validate} or {@code migrate}
   * @param namespace the namespace validated
   * @param findings every problem found, at least one
   */
  public MigrationValidationException(
      String operation, String namespace, List<ValidationFinding> findings) {
    super(null, namespace, "validate", message(operation, namespace, findings), null);
    this.findings = List.copyOf(findings);
  }

  /** Every problem found, in version order. */
  public List<ValidationFinding> findings() {
    return findings;
  }

  private static String message(
      String operation, String namespace, List<ValidationFinding> findings) {
    int n = findings.size();
    return "Cannot %s %s: validation found %s %s"
            .formatted(operation, namespace, n, n == 1 ? "problem" : "problems")
        + findings.stream().map(f -> "\n  - " + f.message()).collect(Collectors.joining());
  }
}
