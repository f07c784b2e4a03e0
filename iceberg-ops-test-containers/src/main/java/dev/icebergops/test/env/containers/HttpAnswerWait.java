package dev.icebergops.test.env.containers;

import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.time.Duration;
import java.util.function.IntSupplier;
import org.testcontainers.containers.ContainerLaunchException;
import org.testcontainers.containers.wait.strategy.AbstractWaitStrategy;

/**
 * Waits until a container's server answers HTTP on a port of 127.0.0.1 or of the Docker host, with
 * any status: an S3 store answers 403 to an anonymous request, and a REST catalog may want a token.
 *
 * <p>Unlike Testcontainers' {@code HttpWaitStrategy} it also works with host networking, where the
 * server listens on a fixed port of the host and no port is mapped.
 */
final class HttpAnswerWait extends AbstractWaitStrategy {
  private static final Duration POLL = Duration.ofMillis(100);

  private final String what;
  private final Integer hostPort;
  private final int containerPort;

  private HttpAnswerWait(String what, Integer hostPort, int containerPort) {
    this.what = what;
    this.hostPort = hostPort;
    this.containerPort = containerPort;
  }

  /** Waits for {@code http://127.0.0.1:<hostPort>/}, for a container on the host's network. */
  static HttpAnswerWait onHostPort(String what, int hostPort) {
    return new HttpAnswerWait(what, hostPort, hostPort);
  }

  /** Waits for the port that {@code containerPort} is mapped to on the Docker host. */
  static HttpAnswerWait onMappedPort(String what, int containerPort) {
    return new HttpAnswerWait(what, null, containerPort);
  }

  @Override
  protected void waitUntilReady() {
    IntSupplier port =
        hostPort != null ? () -> hostPort : () -> waitStrategyTarget.getMappedPort(containerPort);
    String host = hostPort != null ? "127.0.0.1" : waitStrategyTarget.getHost();
    long deadline = System.nanoTime() + startupTimeout.toNanos();
    IOException last = null;
    while (System.nanoTime() < deadline) {
      if (!waitStrategyTarget.isRunning()) {
        throw new ContainerLaunchException(
            "Cannot start " + what + ": the container stopped; its log tells why");
      }
      URI uri = URI.create("http://" + host + ":" + port.getAsInt() + "/");
      try {
        HttpURLConnection connection = (HttpURLConnection) uri.toURL().openConnection();
        connection.setConnectTimeout(1000);
        connection.setReadTimeout(5000);
        try {
          connection.getResponseCode();
          return;
        } finally {
          connection.disconnect();
        }
      } catch (IOException e) {
        last = e;
      }
      sleep();
    }
    throw new ContainerLaunchException(
        "Cannot start %s: no HTTP answer on port %s within %s s%s"
            .formatted(
                what,
                port.getAsInt(),
                startupTimeout.toSeconds(),
                last != null ? " (" + last + ")" : ""));
  }

  private static void sleep() {
    try {
      Thread.sleep(POLL.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ContainerLaunchException("Cannot wait for a container: interrupted", e);
    }
  }
}
