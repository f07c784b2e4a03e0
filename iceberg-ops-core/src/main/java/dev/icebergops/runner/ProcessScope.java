package dev.icebergops.runner;

import dev.icebergops.history.RunLease;
import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

/**
 * Where a process id means something: a host name, the PID namespace and the boot. A lease's pid is
 * checked only by a process of the same host, PID namespace and boot; two containers sharing a host
 * name (host networking) have different PID namespaces, so there a lease counts as held until it
 * expires.
 *
 * @param host the host name ({@code HOSTNAME}, else the local host's name)
 * @param pidNamespace the PID namespace ({@code pid:[4026531836]} on Linux), or null when unknown
 * @param bootId the boot ({@code /proc/sys/kernel/random/boot_id} on Linux), or null when unknown
 */
record ProcessScope(String host, String pidNamespace, String bootId) {

  /** This process's scope, read once. */
  static final ProcessScope CURRENT =
      new ProcessScope(
          hostName(),
          read(() -> Files.readSymbolicLink(Path.of("/proc/self/ns/pid")).toString()),
          read(() -> Files.readString(Path.of("/proc/sys/kernel/random/boot_id")).strip()));

  /** A lease held from now on by this process. */
  RunLease lease(String runId, Instant since, Instant expiresAt) {
    long pid = ProcessHandle.current().pid();
    return new RunLease(host, pid, pidNamespace, bootId, runId, since, expiresAt);
  }

  /**
   * True when the lease's pid can be looked up here: same host, and the same PID namespace and
   * boot, both known. A lease without them (an earlier release's, or from a system without them) is
   * never judged by its pid.
   */
  boolean canCheckPidOf(RunLease lease) {
    return host.equals(lease.host())
        && pidNamespace != null
        && bootId != null
        && pidNamespace.equals(lease.pidNamespace())
        && bootId.equals(lease.bootId());
  }

  /**
   * True when the lease's holder may still be running: not expired, and not a process of this scope
   * that is gone.
   */
  boolean mayBeAlive(RunLease lease, Instant now) {
    if (lease.isExpiredAt(now)) {
      return false;
    }
    if (canCheckPidOf(lease) && lease.pid() != ProcessHandle.current().pid()) {
      return ProcessHandle.of(lease.pid()).map(ProcessHandle::isAlive).orElse(false);
    }
    return true;
  }

  private static String read(IoSupplier value) {
    try {
      String read = value.get();
      return read == null || read.isBlank() ? null : read;
    } catch (IOException | UnsupportedOperationException | SecurityException e) {
      return null;
    }
  }

  private static String hostName() {
    String env = System.getenv("HOSTNAME");
    if (env != null && !env.isBlank()) {
      return env;
    }
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      return "localhost";
    }
  }

  private interface IoSupplier {
    String get() throws IOException;
  }
}
