package dev.icebergops.test.env.containers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.Network;

/**
 * Where the containers' servers are reached from this JVM. On a network of their own, through the
 * ports Docker maps; on the host's network, on ports of 127.0.0.1 chosen here: free ones, or the
 * images' usual ones when containers are reused (a reused container must be configured the same).
 */
record ContainerPorts(boolean hostNetwork, int catalogHost, int s3Host, int consoleHost) {

  static ContainerPorts pick(boolean hostNetwork, boolean reused) {
    if (!hostNetwork) {
      return new ContainerPorts(false, 0, 0, 0);
    }
    if (reused) {
      return new ContainerPorts(
          true, ContainersEnvironment.CATALOG_PORT, ContainersEnvironment.S3_PORT, 9001);
    }
    return new ContainerPorts(true, freePort(), freePort(), freePort());
  }

  /**
   * Puts {@code container} on the host's network or on {@code network}, and waits until its server
   * answers on {@code hostPort} or on the port mapped to {@code containerPort}.
   */
  void attach(
      GenericContainer<?> container,
      String what,
      int containerPort,
      int hostPort,
      Network network,
      Duration timeout) {
    if (hostNetwork) {
      container.withNetworkMode("host");
      container.setExposedPorts(List.of()); // nothing is mapped on the host's network
      container.waitingFor(HttpAnswerWait.onHostPort(what, hostPort).withStartupTimeout(timeout));
    } else {
      container.withNetwork(network);
      container.setExposedPorts(List.of(containerPort));
      container.waitingFor(
          HttpAnswerWait.onMappedPort(what, containerPort).withStartupTimeout(timeout));
    }
  }

  String catalogUri(GenericContainer<?> container) {
    return uri(container, catalogHost, ContainersEnvironment.CATALOG_PORT);
  }

  String s3Endpoint(GenericContainer<?> container) {
    return uri(container, s3Host, ContainersEnvironment.S3_PORT);
  }

  /** {@code http://} and where this JVM reaches the container's server. */
  private String uri(GenericContainer<?> container, int hostPort, int containerPort) {
    return hostNetwork
        ? "http://127.0.0.1:" + hostPort
        : "http://" + container.getHost() + ":" + container.getMappedPort(containerPort);
  }

  private static int freePort() {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot find a free port on 127.0.0.1", e);
    }
  }
}
