package dev.icebergops.runner;

import dev.icebergops.history.HistoryConflictException;
import dev.icebergops.history.HistoryTableMissingException;
import java.io.IOException;
import java.util.List;
import org.apache.iceberg.exceptions.BadRequestException;
import org.apache.iceberg.exceptions.CommitFailedException;
import org.apache.iceberg.exceptions.ForbiddenException;
import org.apache.iceberg.exceptions.NotAuthorizedException;
import org.apache.iceberg.relocated.com.google.common.base.Throwables;

/**
 * What a failed step of a version means: a refusal by the lease's fence, a concurrent commit to the
 * table, an outcome not known (the commit may have landed), or a plain failure; and the exception a
 * run throws for each.
 */
final class StepFailures {

  /** The classes that throw the local file system's refusals, by prefix. */
  private static final List<String> LOCAL_FILE_SYSTEM =
      List.of(
          "org.apache.hadoop.fs.RawLocalFileSystem",
          "org.apache.hadoop.fs.ChecksumFileSystem",
          "java.io.File",
          "sun.nio.fs.");

  private StepFailures() {}

  /** An Error is rethrown as it is (with the run's exception attached); others as the exception. */
  static RuntimeException rethrowable(Throwable error, RuntimeException thrown) {
    if (error instanceof Error fatal) {
      fatal.addSuppressed(thrown);
      throw fatal;
    }
    return thrown;
  }

  /**
   * True when the catalog answered a commit with a refusal (a conflict, a lost lease, a history
   * table gone, a request it does not accept): nothing of the commit landed.
   */
  static boolean isRefusal(Throwable error) {
    return Throwables.getCausalChain(error).stream()
        .anyMatch(
            t ->
                t instanceof ConcurrentMigrationException
                    || t instanceof HistoryConflictException
                    || t instanceof HistoryTableMissingException
                    || t instanceof CommitFailedException
                    || t instanceof BadRequestException
                    || t instanceof ForbiddenException
                    || t instanceof NotAuthorizedException);
  }

  /**
   * True when a step failed without knowing whether its commit landed: no answer within the bound,
   * a lost connection, a server error, or a commit the catalog reports as of unknown state. A
   * refusal of the local file system (a metadata file that could not be written under a warehouse
   * directory) is an answer: nothing of the step was committed.
   */
  static boolean isUnknownOutcome(Throwable error) {
    List<Throwable> chain = Throwables.getCausalChain(error);
    return chain.stream().noneMatch(StepFailures::isLocalFileRefusal)
        && chain.stream()
            .anyMatch(
                t -> t instanceof RemoteCalls.StepTimeoutException || RemoteCalls.isUnreachable(t));
  }

  /** An I/O error thrown by the local file system: Hadoop's, java.io's or java.nio's. */
  private static boolean isLocalFileRefusal(Throwable error) {
    StackTraceElement[] trace = error.getStackTrace();
    return error instanceof IOException
        && trace.length > 0
        && LOCAL_FILE_SYSTEM.stream().anyMatch(trace[0].getClassName()::startsWith);
  }

  /** The first of an error's causes (the error itself first) of a type, or null; null for null. */
  static <T extends Throwable> T cause(Throwable error, Class<T> type) {
    if (error == null) {
      return null;
    }
    return Throwables.getCausalChain(error).stream()
        .filter(type::isInstance)
        .map(type::cast)
        .findFirst()
        .orElse(null);
  }
}
