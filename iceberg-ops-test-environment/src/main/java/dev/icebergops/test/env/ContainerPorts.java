package dev.icebergops.test.env;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import org.testcontainers.containers.GenericContainer;

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

  int catalog(GenericContainer<?> container) {
    return hostNetwork ? catalogHost : container.getMappedPort(ContainersEnvironment.CATALOG_PORT);
  }

  int s3(GenericContainer<?> container) {
    return hostNetwork ? s3Host : container.getMappedPort(ContainersEnvironment.S3_PORT);
  }

  private static int freePort() {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot find a free port on 127.0.0.1", e);
    }
  }
}
