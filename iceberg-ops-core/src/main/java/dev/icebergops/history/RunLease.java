package dev.icebergops.history;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;

/**
 * The lease a run holds on one (meta-namespace, namespace) while it migrates it: only its holder
 * writes that namespace's history rows until it releases the lease or the lease expires.
 *
 * <p>A process id means something only within the PID namespace and the boot it was taken in: two
 * containers sharing a host name each have their own pid 1, and a pid is reused after a reboot. The
 * lease therefore records both (on Linux); a runner checks the holder's pid only when it runs on
 * the same host in the same PID namespace and boot. A lease without them (written by an earlier
 * release, or on a system that does not expose them) is judged by its expiry alone.
 *
 * @param host the host name of the process holding it
 * @param pid the process id of the process holding it, as seen in its PID namespace
 * @param pidNamespace the PID namespace that {@code pid} belongs to, such as {@code
 *     pid:[4026531836]}; null when unknown
 * @param bootId the boot of the host that {@code pid} belongs to (Linux's {@code
 *     /proc/sys/kernel/random/boot_id}); null when unknown
 * @param runId the id of the run holding it, unique per run
 * @param since when the lease was taken
 * @param expiresAt when the lease expires unless renewed
 */
public record RunLease(
    String host,
    long pid,
    String pidNamespace,
    String bootId,
    String runId,
    Instant since,
    Instant expiresAt) {

  /** Validates the lease and truncates its times to the stored precision. */
  public RunLease {
    Objects.requireNonNull(host, "host");
    Objects.requireNonNull(runId, "runId");
    since = since.truncatedTo(ChronoUnit.MICROS);
    expiresAt = expiresAt.truncatedTo(ChronoUnit.MICROS);
  }

  /**
   * A lease whose holder's PID namespace and boot are unknown: only its expiry tells whether its
   * holder is gone.
   *
   * <pre>{@code
   * RunLease lease = new RunLease("build-7", 4242L, "run-8f2c", since, since.plusSeconds(60));
   * }</pre>
   */
  public RunLease(String host, long pid, String runId, Instant since, Instant expiresAt) {
    this(host, pid, null, null, runId, since, expiresAt);
  }

  /** Who holds the lease, for messages: {@code host (pid 123, run 8f2c...)}. */
  public String owner() {
    return host + " (pid " + pid + ", run " + runId + ")";
  }

  /** True when the lease was not renewed in time at {@code now}. */
  public boolean isExpiredAt(Instant now) {
    return !now.isBefore(expiresAt);
  }

  /** The same lease renewed until {@code expiresAt}. */
  public RunLease renewedUntil(Instant newExpiry) {
    return new RunLease(host, pid, pidNamespace, bootId, runId, since, newExpiry);
  }

  @Override
  public String toString() {
    return owner() + " since " + since + ", expires " + expiresAt;
  }
}
