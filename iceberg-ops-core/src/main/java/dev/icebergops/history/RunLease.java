package dev.icebergops.history;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;

/**
 * The lease a run holds on one (meta-namespace, namespace) while it migrates it: only its holder
 * writes that namespace's history rows until it releases the lease or the lease expires.
 *
 * @param host the host name of the process holding it
 * @param pid the process id of the process holding it
 * @param runId the id of the run holding it, unique per run
 * @param since when the lease was taken
 * @param expiresAt when the lease expires unless renewed
 */
public record RunLease(String host, long pid, String runId, Instant since, Instant expiresAt) {

  /** Validates the lease and truncates its times to the stored precision. */
  public RunLease {
    Objects.requireNonNull(host, "host");
    Objects.requireNonNull(runId, "runId");
    since = since.truncatedTo(ChronoUnit.MICROS);
    expiresAt = expiresAt.truncatedTo(ChronoUnit.MICROS);
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
    return new RunLease(host, pid, runId, since, newExpiry);
  }

  @Override
  public String toString() {
    return owner() + " since " + since + ", expires " + expiresAt;
  }
}
