package dev.icebergops.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The hang rule of the fault scenarios: a run is hung only after {@link ProgressWatch#STALL} with
 * no progress, however long it takes while progressing. Time here is a clock that moves one minute
 * per look, so the rule is checked without waiting and without depending on the machine.
 */
class ProgressWatchTest {

  private static final long MINUTE = Duration.ofMinutes(1).toNanos();

  /** A clock that moves one minute each time it is read. */
  private final AtomicLong clock = new AtomicLong();

  private ProgressWatch watch(String what) {
    return new ProgressWatch(
        what, ProgressWatch.STALL, ProgressWatch.CEILING, () -> clock.getAndAdd(MINUTE), 0);
  }

  @Test
  void aSlowRunThatKeepsProgressingIsNotHungLongAfterTheStall() throws Exception {
    AtomicInteger looks = new AtomicInteger();
    AtomicLong requests = new AtomicLong();
    // a request every 9 minutes, ending after 40 minutes: four times the stall, never stalled
    Optional<String> hang =
        watch("the slow run")
            .signal(
                "a request",
                () -> looks.get() % 9 == 0 ? requests.incrementAndGet() : requests.get())
            .await(() -> looks.incrementAndGet() > 40);
    assertThat(hang).isEmpty();
    assertThat(Duration.ofNanos(clock.get())).isGreaterThan(ProgressWatch.STALL.multipliedBy(3));
  }

  @Test
  void aRunWithNoProgressForTheStallIsHungAndTheLastProgressIsNamed() throws Exception {
    AtomicInteger looks = new AtomicInteger();
    AtomicLong output = new AtomicLong();
    Optional<String> hang =
        watch("the child")
            .signal("CPU time", () -> 7)
            .signal("output", () -> looks.get() < 3 ? output.incrementAndGet() : output.get())
            .await(() -> looks.incrementAndGet() > 1000);
    assertThat(hang)
        .hasValueSatisfying(
            h ->
                assertThat(h)
                    .startsWith(
                        "hung: the child made no progress for PT10M (watched: CPU time, output)")
                    .contains("last progress: output at ")
                    .endsWith(", PT10M ago"));
    assertThat(looks.get()).as("looks until the verdict").isLessThan(20);
  }

  @Test
  void aRunThatNeverProgressesIsHungAfterTheStallSinceTheWatchBegan() throws Exception {
    Optional<String> hang = watch("the run").signal("a request", () -> 0).await(() -> false);
    assertThat(hang)
        .hasValue(
            "hung: the run made no progress for PT10M (watched: a request); last progress: none"
                + " since the watch began PT10M ago");
  }

  @Test
  void aRunThatProgressesForeverIsEndedAtTheCeiling() throws Exception {
    AtomicLong heartbeats = new AtomicLong();
    Optional<String> hang =
        watch("the livelocked run")
            .signal("a heartbeat", heartbeats::incrementAndGet)
            .await(() -> false);
    assertThat(hang)
        .hasValueSatisfying(
            h ->
                assertThat(h)
                    .startsWith(
                        "hung: the livelocked run did not end within PT1H although it progressed")
                    .contains("last progress: a heartbeat at "));
  }

  @Test
  void theCpuTimeAndOutputOfARealChildAreMeasured(@TempDir Path dir) throws Exception {
    Path log = dir.resolve("child.log");
    Process child =
        new ProcessBuilder(
                "sh", "-c", "i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done; echo done")
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    long cpuBefore = ProgressWatch.cpuMillis(child.toHandle()).getAsLong();
    Optional<String> hang =
        ProgressWatch.of("the counting child")
            .signal("CPU time", ProgressWatch.cpuMillis(child.toHandle()))
            .signal("output", ProgressWatch.bytesIn(log))
            .await(() -> !child.isAlive());
    assertThat(hang).isEmpty();
    assertThat(Files.readString(log)).isEqualTo("done\n");
    assertThat(ProgressWatch.bytesIn(log).getAsLong()).isEqualTo(5);
    assertThat(cpuBefore).as("CPU time of a live child is measured").isGreaterThanOrEqualTo(0);
  }
}
