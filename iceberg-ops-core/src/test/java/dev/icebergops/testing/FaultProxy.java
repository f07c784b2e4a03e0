package dev.icebergops.testing;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;

/**
 * An HTTP/1.1 proxy on 127.0.0.1 in front of one server, which injects one fault into the n-th
 * request that matches: the faults a real server cannot produce on demand (a 5xx answer, a dropped
 * connection, an answer slower than the client's bound, a request that succeeds on the server but
 * whose answer is lost). Every other request and answer passes through unchanged.
 *
 * <pre>{@code
 * try (FaultProxy proxy = FaultProxy.start(catalogUri)) {
 *   proxy.inject(Fault.LOST_ANSWER, FaultProxy.POSTS, 3); // the third POST commits, answer lost
 * }
 * }</pre>
 */
public final class FaultProxy implements AutoCloseable {

  /**
   * Matches every request that changes something on the server: POST, PUT, DELETE; not the REST
   * client's metrics reports, which change nothing.
   */
  public static final Predicate<String> WRITES =
      line ->
          (line.startsWith("POST ") || line.startsWith("PUT ") || line.startsWith("DELETE "))
              && !line.contains("/metrics ");

  /** One fault, injected into one request. */
  public enum Fault {
    /** Answers 500 without forwarding: the server never sees the request. */
    HTTP_500,
    /** Answers 503 without forwarding: a client that retries sends it again. */
    HTTP_503,
    /** Closes the connection without forwarding and without an answer. */
    DROP,
    /** Forwards, then holds the server's answer for the slow delay before passing it on. */
    SLOW,
    /** Forwards (the server acts on it), then closes the connection without the answer. */
    LOST_ANSWER,
    /** Answers 400 without forwarding: a server that refuses the request, and says why. */
    HTTP_400
  }

  private final ServerSocket listener;
  private final String targetHost;
  private final int targetPort;
  private final Duration slowDelay;
  private final List<String> requests = Collections.synchronizedList(new ArrayList<>());
  private final AtomicLong seen = new AtomicLong();
  private final Set<Socket> open = ConcurrentHashMap.newKeySet();
  private final AtomicInteger matching = new AtomicInteger();
  private volatile Fault fault;
  private volatile Predicate<String> target = line -> false;
  private volatile int nth;
  private volatile String injectedInto;
  private volatile Runnable onFire = () -> {};
  private volatile boolean closed;

  private FaultProxy(ServerSocket listener, URI target, Duration slowDelay) {
    this.listener = listener;
    this.targetHost = target.getHost();
    this.targetPort = target.getPort();
    this.slowDelay = slowDelay;
  }

  /**
   * Starts a proxy in front of a server.
   *
   * @param target the server's base address, {@code http://127.0.0.1:<port>...}
   * @param slowDelay how long {@link Fault#SLOW} holds an answer
   * @return the running proxy
   * @throws IOException if no local port can be bound
   */
  public static FaultProxy start(String target, Duration slowDelay) throws IOException {
    ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    FaultProxy proxy = new FaultProxy(listener, URI.create(target), slowDelay);
    Thread acceptor = new Thread(proxy::accept, "fault-proxy-" + listener.getLocalPort());
    acceptor.setDaemon(true);
    acceptor.start();
    return proxy;
  }

  /** The proxy's address, to give a client instead of the server's. */
  public String uri() {
    return "http://127.0.0.1:" + listener.getLocalPort();
  }

  /**
   * Injects a fault into the n-th request (1-based, counted from now) whose request line ({@code
   * POST /v1/namespaces/sales/tables/t HTTP/1.1}) matches; it fires once.
   */
  public synchronized void inject(Fault value, Predicate<String> requestLine, int n) {
    inject(value, requestLine, n, () -> {});
  }

  /**
   * Injects a fault as {@link #inject(Fault, Predicate, int)} does, and runs an action when it
   * fires: for {@link Fault#LOST_ANSWER} after the server answered, before the connection closes
   * (to kill the client while its commit is in; a crash at that step); for the others before the
   * fault acts.
   */
  public synchronized void inject(
      Fault value, Predicate<String> requestLine, int n, Runnable action) {
    onFire = action;
    matching.set(0);
    injectedInto = null;
    target = requestLine;
    nth = n;
    fault = value;
  }

  /** Passes every request through from now on. */
  public synchronized void heal() {
    fault = null;
  }

  /** The request line the fault was injected into, or null if it has not fired. */
  public String injectedInto() {
    return injectedInto;
  }

  /** The request lines seen since the last {@link #clearLog()}, in order. */
  public List<String> requests() {
    synchronized (requests) {
      return List.copyOf(requests);
    }
  }

  /**
   * How many requests reached the proxy since it started, {@link #clearLog()} or not: a sign of
   * progress for a run behind it.
   */
  public long seen() {
    return seen.get();
  }

  /** Forgets the requests seen so far. */
  public void clearLog() {
    requests.clear();
  }

  private void accept() {
    while (!closed) {
      try {
        Socket client = listener.accept();
        open.add(client);
        Thread worker = new Thread(() -> serve(client), "fault-proxy-conn");
        worker.setDaemon(true);
        worker.start();
      } catch (IOException e) {
        if (!closed) {
          throw new java.io.UncheckedIOException(e);
        }
      }
    }
  }

  private void serve(Socket client) {
    Socket upstream = null;
    try (client;
        Socket server = new Socket(targetHost, targetPort)) {
      upstream = server;
      open.add(server);
      InputStream fromClient = new BufferedInputStream(client.getInputStream());
      OutputStream toClient = client.getOutputStream();
      InputStream fromServer = new BufferedInputStream(server.getInputStream());
      OutputStream toServer = server.getOutputStream();
      while (!closed) {
        Message request = Message.read(fromClient, toClient, true);
        if (request == null) {
          return;
        }
        requests.add(request.firstLine);
        seen.incrementAndGet();
        Fault now = faultFor(request.firstLine);
        if (now != null && now != Fault.LOST_ANSWER) {
          onFire.run();
        }
        if (now == Fault.DROP) {
          return;
        }
        if (now == Fault.HTTP_500 || now == Fault.HTTP_503 || now == Fault.HTTP_400) {
          toClient.write(
              errorAnswer(now == Fault.HTTP_500 ? 500 : now == Fault.HTTP_503 ? 503 : 400));
          toClient.flush();
          continue;
        }
        toServer.write(request.bytes);
        toServer.flush();
        Message answer = Message.read(fromServer, null, !request.firstLine.startsWith("HEAD "));
        if (now == Fault.LOST_ANSWER) {
          onFire.run();
        }
        if (answer == null || now == Fault.LOST_ANSWER) {
          return;
        }
        if (now == Fault.SLOW) {
          Thread.sleep(slowDelay.toMillis());
        }
        toClient.write(answer.bytes);
        toClient.flush();
      }
    } catch (IOException e) {
      // a side closed the connection: the other side sees it closed too
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      open.remove(client);
      if (upstream != null) {
        open.remove(upstream);
      }
    }
  }

  private synchronized Fault faultFor(String requestLine) {
    if (fault == null || !target.test(requestLine) || matching.incrementAndGet() != nth) {
      return null;
    }
    Fault fired = fault;
    fault = null;
    injectedInto = requestLine;
    return fired;
  }

  private static byte[] errorAnswer(int code) {
    String body =
        "{\"error\":{\"message\":\"injected fault\",\"type\":\""
            + (code == 503
                ? "ServiceUnavailableException"
                : code == 400 ? "BadRequestException" : "ServiceFailureException")
            + "\",\"code\":"
            + code
            + "}}";
    String head =
        "HTTP/1.1 "
            + code
            + (code == 503
                ? " Service Unavailable"
                : code == 400 ? " Bad Request" : " Internal Server Error")
            + "\r\nContent-Type: application/json\r\nContent-Length: "
            + body.getBytes(StandardCharsets.UTF_8).length
            + "\r\n\r\n";
    return (head + body).getBytes(StandardCharsets.UTF_8);
  }

  @Override
  public void close() throws IOException {
    closed = true;
    listener.close();
    for (Socket socket : open) {
      try {
        socket.close();
      } catch (IOException e) {
        // closing anyway
      }
    }
  }

  /** One HTTP message read whole: its first line and its bytes as they came. */
  private record Message(String firstLine, byte[] bytes) {

    /**
     * Reads a request or an answer; answers {@code 100 Continue} itself for a request that expects
     * it (and drops that header), skips interim answers. Null at the end of the stream.
     */
    static Message read(InputStream in, OutputStream continueTo, boolean mayHaveBody)
        throws IOException {
      while (true) {
        List<String> head = readHead(in);
        if (head == null) {
          return null;
        }
        String first = head.get(0);
        if (continueTo == null && first.matches("HTTP/1\\.1 1\\d\\d.*")) {
          continue; // an interim answer
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        long length = -1;
        boolean chunked = false;
        for (String line : head) {
          String lower = line.toLowerCase(Locale.ROOT);
          if (lower.startsWith("expect:") && continueTo != null) {
            continueTo.write("HTTP/1.1 100 Continue\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            continueTo.flush();
            continue;
          }
          if (lower.startsWith("content-length:")) {
            length = Long.parseLong(line.substring(15).trim());
          } else if (lower.startsWith("transfer-encoding:") && lower.contains("chunked")) {
            chunked = true;
          }
          out.write((line + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
        }
        out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
        boolean noBody =
            !mayHaveBody || first.matches("HTTP/1\\.1 (204|304).*") || (!chunked && length < 0);
        if (chunked && !noBody) {
          copyChunked(in, out);
        } else if (!noBody) {
          out.write(in.readNBytes((int) length));
        }
        return new Message(first, out.toByteArray());
      }
    }

    private static void copyChunked(InputStream in, ByteArrayOutputStream out) throws IOException {
      while (true) {
        String size = readLine(in);
        if (size == null) {
          throw new IOException("Cannot read chunk: the stream ended");
        }
        out.write((size + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
        int semicolon = size.indexOf(';');
        long bytes =
            Long.parseLong((semicolon < 0 ? size : size.substring(0, semicolon)).trim(), 16);
        if (bytes == 0) {
          String trailer;
          while ((trailer = readLine(in)) != null && !trailer.isEmpty()) {
            out.write((trailer + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
          }
          out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
          return;
        }
        out.write(in.readNBytes((int) bytes));
        readLine(in); // the CRLF after the chunk
        out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
      }
    }

    private static List<String> readHead(InputStream in) throws IOException {
      List<String> lines = new ArrayList<>();
      String line;
      while ((line = readLine(in)) != null) {
        if (line.isEmpty()) {
          if (lines.isEmpty()) {
            continue;
          }
          return lines;
        }
        lines.add(line);
      }
      return null;
    }

    private static String readLine(InputStream in) throws IOException {
      ByteArrayOutputStream line = new ByteArrayOutputStream();
      int b;
      while ((b = in.read()) != -1) {
        if (b == '\n') {
          byte[] bytes = line.toByteArray();
          int end =
              bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
          return new String(bytes, 0, end, StandardCharsets.ISO_8859_1);
        }
        line.write(b);
      }
      return null;
    }
  }
}
