package dev.icebergops.runner;

import dev.icebergops.migration.internal.StepListener;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The helper steps one upgrade or downgrade completed. Before each step after the first, it has the
 * steps done so far recorded, so that a run that dies later leaves a row saying what it committed.
 */
class StepLog implements StepListener {

  private final List<String> done = new ArrayList<>();
  private final Consumer<List<String>> recordProgress;
  private int recorded;
  private volatile String current;
  private volatile long currentSince;
  private volatile boolean bounded;

  StepLog(Consumer<List<String>> recordProgress) {
    this.recordProgress = recordProgress;
  }

  @Override
  public void beforeStep(String step) {
    if (done.size() > recorded) {
      recordProgress.accept(List.copyOf(done));
      recorded = done.size();
    }
    currentSince = System.nanoTime();
    bounded = true;
    current = step;
  }

  @Override
  public void beforeOwnCodeStep(String step) {
    beforeStep(step);
    bounded = false;
  }

  @Override
  public void afterStep(String step) {
    done.add(step);
    current = null;
  }

  /** The steps completed so far, in order. */
  List<String> done() {
    return List.copyOf(done);
  }

  /** The step under way when the migration failed, or null between steps. */
  String current() {
    return current;
  }

  /**
   * How long the step under way has been waiting on the catalog: zero between steps and while a
   * step runs the migration's own code.
   */
  java.time.Duration currentFor() {
    return current == null || !bounded
        ? java.time.Duration.ZERO
        : java.time.Duration.ofNanos(System.nanoTime() - currentSince);
  }

  /** The steps completed, for messages: {@code [add column t.a]} or {@code none}. */
  String describeDone() {
    return done.isEmpty() ? "none" : String.join("; ", done);
  }
}
