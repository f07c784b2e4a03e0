package dev.icebergops.test.env.embedded;

import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;

/**
 * A response whose error status, once set, stays: Iceberg's servlet sets a success status (204, or
 * 304 for a table load) after a request that returned no body, which would overwrite the error that
 * {@link AnsweringCatalogAdapter} answered.
 */
final class ErrorStatusResponse extends HttpServletResponseWrapper {

  private boolean error;

  ErrorStatusResponse(HttpServletResponse response) {
    super(response);
  }

  @Override
  public void setStatus(int status) {
    if (!error) {
      super.setStatus(status);
      error = status >= 400;
    }
  }
}
