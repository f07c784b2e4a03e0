package dev.icebergops.runner;

import dev.icebergops.migration.IrreversibleMigrationException;
import java.util.List;

/**
 * Thrown when a migration run stops: a failing upgrade, downgrade or hook, an irreversible
 * downgrade, a missing migration class, an unknown target. The message names the version, the
 * namespace and the step; {@link #getCause()} is the migration's own error, and a failure to record
 * history is attached as suppressed, never in its place. {@link #partialResult()} tells what the
 * run did before it stopped.
 */
public class MigrationException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final String version;
  private final String namespace;
  private final String step;
  private transient MigrationResult partialResult;

  /**
   * Creates the exception.
   *
   * @param version the version concerned, or null when the run as a whole failed
   * @param message what went wrong, in the form "Cannot ...: reason"
   * @param cause the underlying error, or null
   */
  public MigrationException(String version, String message, Throwable cause) {
    this(version, null, null, message, cause);
  }

  /**
   * Creates the exception.
   *
   * @param version the version concerned, or null when the run as a whole failed
   * @param namespace the namespace being migrated, or null
   * @param step the step that failed (a hook, a helper step, the recording), or null
   * @param message what went wrong, in the form "Cannot ...: reason"
   * @param cause the underlying error, or null
   */
  public MigrationException(
      String version, String namespace, String step, String message, Throwable cause) {
    super(message, cause);
    this.version = version;
    this.namespace = namespace;
    this.step = step;
  }

  /** The version concerned, or null when the run as a whole failed. */
  public String version() {
    return version;
  }

  /** The namespace being migrated, or null when unknown. */
  public String namespace() {
    return namespace;
  }

  /** The step that failed, for example {@code preUpgrade} or {@code add column sales.t.a}. */
  public String step() {
    return step;
  }

  /** True when the run stopped at a downgrade that declared itself irreversible. */
  public boolean isIrreversible() {
    return getCause() instanceof IrreversibleMigrationException;
  }

  /**
   * What the run did before it stopped: the versions applied, rolled back or stamped.
   *
   * @return the partial result; no steps when the run stopped before its first version
   */
  public MigrationResult partialResult() {
    return partialResult != null ? partialResult : new MigrationResult(namespace, List.of(), null);
  }

  /** Attaches what the run did before it stopped; the runner calls this once. */
  MigrationException withPartialResult(MigrationResult result) {
    if (partialResult == null) {
      this.partialResult = result;
    }
    return this;
  }
}
