package dev.icebergops.testing;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * Waits for a run to end and judges it hung only by a lack of progress, never by how long it took:
 * a slow machine makes a run slow, not stuck. Progress is any of the watched signals changing (the
 * requests a fault proxy forwarded, the bytes a child wrote, the CPU time a process or thread
 * used). The run is hung when none changed for {@link #STALL}; it is also ended at {@link #CEILING}
 * even while it progresses, so that a livelock (a heartbeat renewing for a body that never returns)
 * cannot hold the build forever. Documented in docs/reliability.md, "Under load".
 *
 * <pre>{@code
 * Optional<String> hang =
 *     ProgressWatch.of("the child")
 *         .signal("requests through the proxy", proxy::seen)
 *         .signal("CPU time", ProgressWatch.cpuMillis(child.toHandle()))
 *         .await(() -> !child.isAlive());
 * }</pre>
 */
public final class ProgressWatch {

  /**
   * The hang bound in minutes: how long a watched run may make no progress, and the bound of a wait
   * with no progress to watch (a latch, a barrier, an in-process step that takes seconds): it only
   * keeps a real hang from holding the build forever.
   */
  public static final long HANG_MINUTES = 10;

  /** How long a run may make no progress at all before it is hung. */
  public static final Duration STALL = Duration.ofMinutes(HANG_MINUTES);

  /** How long a run may take even while it progresses: far beyond any slow machine. */
  public static final Duration CEILING = Duration.ofMinutes(60);

  private static final long POLL_MILLIS = 200;

  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private final String what;
  private final Duration stall;
  private final Duration ceiling;
  private final LongSupplier nanoClock;
  private final long pollMillis;
  private final Map<String, LongSupplier> signals = new LinkedHashMap<>();

  ProgressWatch(
      String what, Duration stall, Duration ceiling, LongSupplier nanoClock, long pollMillis) {
    this.what = what;
    this.pollMillis = pollMillis;
    this.stall = stall;
    this.ceiling = ceiling;
    this.nanoClock = nanoClock;
  }

  /** A watch of a run, with the documented stall and ceiling. */
  public static ProgressWatch of(String what) {
    return new ProgressWatch(what, STALL, CEILING, System::nanoTime, POLL_MILLIS);
  }

  /** Watches one more signal: the run progressed whenever its value changed. */
  public ProgressWatch signal(String name, LongSupplier value) {
    signals.put(name, value);
    return this;
  }

  /**
   * Waits until {@code done} holds, or until the run is hung.
   *
   * @return empty when the run ended; else why it is judged hung, naming the last progress seen
   * @throws InterruptedException when the waiting thread is interrupted
   */
  public Optional<String> await(BooleanSupplier done) throws InterruptedException {
    Map<String, Long> last = read();
    long start = nanoClock.getAsLong();
    long lastProgress = start;
    String lastSignal = null;
    while (!done.getAsBoolean()) {
      long now = nanoClock.getAsLong();
      Map<String, Long> current = read();
      for (Map.Entry<String, Long> entry : current.entrySet()) {
        if (!entry.getValue().equals(last.get(entry.getKey()))) {
          lastSignal = entry.getKey();
          lastProgress = now;
        }
      }
      last = current;
      if (now - lastProgress >= stall.toNanos()) {
        return Optional.of(
            hung(now, start, lastProgress, lastSignal, "made no progress for " + stall));
      }
      if (now - start >= ceiling.toNanos()) {
        return Optional.of(
            hung(
                now,
                start,
                lastProgress,
                lastSignal,
                "did not end within " + ceiling + " although it progressed"));
      }
      Thread.sleep(pollMillis);
    }
    return Optional.empty();
  }

  private String hung(long now, long start, long lastProgress, String signal, String reason) {
    Instant seen = Instant.now().minusNanos(now - lastProgress);
    return "hung: "
        + what
        + " "
        + reason
        + " (watched: "
        + String.join(", ", signals.keySet())
        + "); last progress: "
        + (signal == null
            ? "none since the watch began " + Duration.ofNanos(now - start) + " ago"
            : signal + " at " + seen + ", " + Duration.ofNanos(now - lastProgress) + " ago");
  }

  private Map<String, Long> read() {
    Map<String, Long> values = new LinkedHashMap<>();
    signals.forEach((name, value) -> values.put(name, value.getAsLong()));
    return values;
  }

  /** The CPU time a process used, in milliseconds; -1 once it is gone or not measurable. */
  public static LongSupplier cpuMillis(ProcessHandle process) {
    return () -> process.info().totalCpuDuration().map(Duration::toMillis).orElse(-1L);
  }

  /** The CPU time a thread used, in nanoseconds; -1 once it is gone or not measurable. */
  public static LongSupplier cpuNanos(Thread thread) {
    return () -> THREADS.isThreadCpuTimeSupported() ? THREADS.getThreadCpuTime(thread.getId()) : -1;
  }

  /** The size of a file a process writes its output to; -1 before it exists. */
  public static LongSupplier bytesIn(Path file) {
    return () -> {
      try {
        return Files.size(file);
      } catch (java.io.IOException e) {
        return -1;
      }
    };
  }
}
