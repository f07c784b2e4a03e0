package dev.icebergops.test.env.embedded;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import org.apache.iceberg.BaseTable;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableOperations;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.exceptions.RESTException;
import org.apache.iceberg.rest.HTTPRequest;
import org.apache.iceberg.rest.HTTPRequest.HTTPMethod;
import org.apache.iceberg.rest.RESTCatalogAdapter;
import org.apache.iceberg.rest.RESTResponse;
import org.apache.iceberg.rest.requests.CommitTransactionRequest;
import org.apache.iceberg.rest.requests.UpdateTableRequest;
import org.apache.iceberg.rest.responses.ErrorResponse;

/**
 * Iceberg's {@link RESTCatalogAdapter}, except that an error answer ends the request.
 *
 * <p>The adapter hands an error (a 404 for a table that does not exist, a 409 for a conflicting
 * commit) to the servlet's handler, which writes the answer, and then throws a {@link
 * RESTException} that the servlet logs as an ERROR with a stack trace: one for every expected 404.
 * Here the request ends once the handler has answered, so a test's output shows the project's
 * messages rather than the server's, whichever SLF4J binding the user has. {@link
 * RestCatalogServer} keeps the answered status from being overwritten afterwards. Changes are made
 * one at a time, so that a multi-table commit is atomic; and a multi-table commit whose table
 * changed after its requirements were checked is refused, not retried (see {@link #commitAll}).
 */
final class AnsweringCatalogAdapter extends RESTCatalogAdapter {

  /**
   * Held by every request that changes something. Iceberg's adapter checks all the requirements of
   * a multi-table commit and then commits its tables one by one: with changes one at a time, no
   * other commit can land in between, and a multi-table commit is atomic as the REST protocol means
   * it (the runner's lease fence relies on it).
   */
  private final ReentrantLock writing = new ReentrantLock();

  /** The path of a multi-table commit, after the catalog's prefix. */
  private static final String COMMIT_TRANSACTION = "transactions/commit";

  private final Catalog catalog;

  AnsweringCatalogAdapter(Catalog catalog) {
    super(catalog);
    this.catalog = catalog;
  }

  /**
   * Commits every table of a multi-table commit, or refuses it with a conflict. Iceberg's adapter
   * commits each table in a transaction that retries a refused commit from the table as it is then,
   * without the request's changes (they were applied to the transaction's metadata, not recorded as
   * its updates): the retry commits nothing and answers success. Here the requirements of every
   * table are checked and its changes built first; a commit the backing catalog refuses is answered
   * as the conflict it is.
   */
  private void commitAll(CommitTransactionRequest request, Consumer<ErrorResponse> answer) {
    try {
      List<Runnable> commits = new ArrayList<>();
      for (UpdateTableRequest change : request.tableChanges()) {
        TableOperations ops = ((BaseTable) catalog.loadTable(change.identifier())).operations();
        TableMetadata base = ops.current();
        change.requirements().forEach(requirement -> requirement.validate(base));
        TableMetadata.Builder builder = TableMetadata.buildFrom(base);
        change.updates().forEach(update -> update.applyTo(builder));
        TableMetadata updated = builder.build();
        if (!updated.changes().isEmpty()) {
          commits.add(() -> ops.commit(base, updated));
        }
      }
      commits.forEach(Runnable::run);
    } catch (RuntimeException e) {
      ErrorResponse.Builder error = ErrorResponse.builder();
      configureResponseFromException(e, error);
      answer.accept(error.build());
    }
  }

  @Override
  protected <T extends RESTResponse> T execute(
      HTTPRequest request,
      Class<T> responseType,
      Consumer<ErrorResponse> errorHandler,
      Consumer<Map<String, String>> responseHeaders) {
    AtomicBoolean answered = new AtomicBoolean();
    Consumer<ErrorResponse> answer =
        error -> {
          errorHandler.accept(error);
          answered.set(true);
        };
    boolean writes = request.method() != HTTPMethod.GET && request.method() != HTTPMethod.HEAD;
    if (writes) {
      writing.lock();
    }
    try {
      if (writes && request.path().endsWith(COMMIT_TRANSACTION)) {
        commitAll(castRequest(CommitTransactionRequest.class, request.body()), answer);
        return null;
      }
      return super.execute(request, responseType, answer, responseHeaders);
    } catch (RESTException e) {
      if (answered.get()) {
        return null;
      }
      throw e;
    } finally {
      if (writes) {
        writing.unlock();
      }
    }
  }
}
