package dev.icebergops.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The run lease as a value: its holder, its expiry and its renewal. */
class RunLeaseTest {

  private static final Instant SINCE = Instant.parse("2026-11-30T10:00:00.123456789Z");
  private static final Instant UNTIL = Instant.parse("2026-11-30T10:05:00Z");

  private final RunLease lease = new RunLease("build-7", 4242L, "run-8f2c", SINCE, UNTIL);

  @Test
  void ownerNamesHostProcessAndRun() {
    assertThat(lease.owner()).isEqualTo("build-7 (pid 4242, run run-8f2c)");
    assertThat(lease)
        .hasToString(
            "build-7 (pid 4242, run run-8f2c) since 2026-11-30T10:00:00.123456Z, expires"
                + " 2026-11-30T10:05:00Z");
  }

  @Test
  void leaseExpiresAtItsExpiryInstantAndNotBefore() {
    assertThat(lease.isExpiredAt(UNTIL.minusNanos(1000))).isFalse();
    assertThat(lease.isExpiredAt(UNTIL)).isTrue();
    assertThat(lease.isExpiredAt(UNTIL.plusSeconds(1))).isTrue();
  }

  @Test
  void renewingMovesOnlyTheExpiry() {
    Instant later = UNTIL.plusSeconds(300);

    RunLease renewed = lease.renewedUntil(later);

    assertThat(renewed)
        .isEqualTo(new RunLease("build-7", 4242L, "run-8f2c", SINCE, later))
        .isNotEqualTo(lease);
    assertThat(renewed.isExpiredAt(UNTIL)).isFalse();
  }

  @Test
  void timesAreKeptAtTheStoredPrecision() {
    assertThat(lease.since()).isEqualTo(Instant.parse("2026-11-30T10:00:00.123456Z"));
  }
}
