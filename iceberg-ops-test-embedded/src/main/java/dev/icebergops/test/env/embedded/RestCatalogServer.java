package dev.icebergops.test.env.embedded;

import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apache.iceberg.CatalogUtil;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.rest.RESTCatalogAdapter;
import org.apache.iceberg.rest.RESTCatalogServlet;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * Apache Iceberg's REST catalog server on 127.0.0.1 and a free port.
 *
 * <p>It serves Iceberg's own {@link RESTCatalogServlet} over a {@link RESTCatalogAdapter}, the pair
 * that {@code RESTCatalogServer} of {@code iceberg-open-api}'s test fixtures (the {@code
 * apache/iceberg-rest-fixture} image) runs. That class binds every interface, on a port picked
 * before it binds and with {@code SO_REUSEPORT}, and reads {@code CATALOG_*} environment variables
 * into its configuration; so the Jetty server around the pair is wired here instead, bound to
 * 127.0.0.1 on a port the kernel assigns.
 *
 * <p>Expected errors (a 404 for a missing table, a 409 conflict) are answered without the servlet
 * logging each as an ERROR with a stack trace: see {@link AnsweringCatalogAdapter}.
 *
 * <p>The HTTP server starts before the backend catalog exists, so that it can start while the S3
 * store does: requests wait for {@link #serve(Map)} to provide the backend. No client can send one
 * before then, as the environment publishes the server's address only afterwards.
 */
final class RestCatalogServer implements AutoCloseable {
  private final Server server;
  private final DeferredServlet servlet;
  private Catalog backend;
  private RESTCatalogAdapter adapter;

  private RestCatalogServer(Server server, DeferredServlet servlet) {
    this.server = server;
    this.servlet = servlet;
  }

  /** Starts the HTTP server; {@link #serve(Map)} then provides the catalog behind it. */
  static RestCatalogServer start() throws Exception {
    QueuedThreadPool threads = new QueuedThreadPool(32, 2);
    threads.setName("iceberg-rest");
    threads.setDaemon(true);
    Server server = new Server(threads);
    ServerConnector connector = new ServerConnector(server, 1, 1);
    connector.setHost("127.0.0.1");
    connector.setPort(0);
    server.addConnector(connector);

    DeferredServlet servlet = new DeferredServlet();
    ServletContextHandler context = new ServletContextHandler(ServletContextHandler.NO_SESSIONS);
    context.addServlet(new ServletHolder(servlet), "/*");
    server.setHandler(context);
    server.setStopTimeout(0);
    try {
      server.start();
    } catch (Exception e) {
      server.stop();
      throw e;
    }
    return new RestCatalogServer(server, servlet);
  }

  /** Builds the backend catalog from {@code properties} and starts serving it. */
  void serve(Map<String, String> properties) throws ServletException {
    this.backend = CatalogUtil.buildIcebergCatalog("rest_backend", properties, null);
    this.adapter = new AnsweringCatalogAdapter(backend);
    RESTCatalogServlet restServlet = new RESTCatalogServlet(adapter);
    restServlet.init(servlet.getServletConfig());
    servlet.delegate.complete(restServlet);
  }

  String uri() {
    return "http://127.0.0.1:" + ((ServerConnector) server.getConnectors()[0]).getLocalPort();
  }

  @Override
  public void close() throws Exception {
    servlet.delegate.cancel(false);
    try {
      server.stop();
    } finally {
      if (adapter != null) {
        adapter.close();
      }
      if (backend instanceof AutoCloseable closeable) {
        closeable.close();
      }
    }
  }

  /** Hands each request to the REST servlet once it exists. */
  private static final class DeferredServlet extends HttpServlet {
    private final transient CompletableFuture<HttpServlet> delegate = new CompletableFuture<>();

    @Override
    public void service(ServletRequest request, ServletResponse response)
        throws ServletException, IOException {
      delegate.join().service(request, new ErrorStatusResponse((HttpServletResponse) response));
    }
  }

  /**
   * A response whose error status, once set, stays: Iceberg's servlet sets a success status (204,
   * or 304 for a table load) after a request that returned no body, which would overwrite the error
   * that {@link AnsweringCatalogAdapter} answered.
   */
  private static final class ErrorStatusResponse extends HttpServletResponseWrapper {

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
}
