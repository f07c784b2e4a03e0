package dev.icebergops.testing;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of a child JVM that runs a class of the tests' own class path: the crashes,
 * kills and lease holders of the failure-model tests.
 *
 * <p>A child lives for seconds and runs one operation, so it compiles with C1 alone and collects
 * with the serial collector: C2's compiler threads and G1's workers would spend the CPU of a
 * two-core machine on code the child leaves before it is hot.
 */
public final class ChildJvm {

  /**
   * The runner's time bound for remote calls in a child whose outcome is decided by a halt, a kill
   * or its parent: the hang bound of docs/reliability.md ("Under load"), so that a saturated
   * machine (a lease take of more than the default 60 s at a load of 26 was seen) never reads as an
   * outage.
   */
  public static final Duration REMOTE_BOUND = Duration.ofMinutes(10);

  private ChildJvm() {}

  /** {@code java <flags> -cp <this class path> <main> <args...>}. */
  public static List<String> command(Class<?> main, String... args) {
    List<String> command = new ArrayList<>();
    command.add(ProcessHandle.current().info().command().orElse("java"));
    command.add("-XX:TieredStopAtLevel=1");
    command.add("-XX:+UseSerialGC");
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(main.getName());
    command.addAll(List.of(args));
    return command;
  }
}
