package dev.icebergops.runner;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** Records which migration steps ran and makes chosen ones fail, injected through the factory. */
final class Probe {

  private final List<String> calls = Collections.synchronizedList(new ArrayList<>());
  private final Set<String> failing = ConcurrentHashMap.newKeySet();

  /** Makes a step such as {@code "0002.upgrade"} or {@code "0002.preDowngrade"} throw. */
  Probe failOn(String step) {
    failing.add(step);
    return this;
  }

  Probe heal(String step) {
    failing.remove(step);
    return this;
  }

  void hit(String step) {
    calls.add(step);
    if (failing.contains(step)) {
      throw new IllegalStateException(step + " refused");
    }
  }

  List<String> calls() {
    synchronized (calls) {
      return List.copyOf(calls);
    }
  }
}
