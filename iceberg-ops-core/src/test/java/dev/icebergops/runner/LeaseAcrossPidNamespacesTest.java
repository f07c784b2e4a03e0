package dev.icebergops.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.icebergops.history.MigrationHistory;
import dev.icebergops.history.RunLease;
import dev.icebergops.history.TestWrites;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.ProgressWatch;
import dev.icebergops.testing.SharedEnvironment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two runs on one host name in different PID namespaces, as two host-network containers are: the
 * holder is a child JVM started with {@code unshare --pid --fork}, whose pid means nothing here.
 */
@ExtendWith(SharedEnvironment.class)
class LeaseAcrossPidNamespacesTest {

  @Test
  void aLiveRunInAnotherPidNamespaceOnThisHostIsNotDeclaredDead(
      IcebergTestEnvironment environment, @TempDir Path dir) throws Exception {
    String suffix = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    String namespace = "pidns_" + suffix;
    String meta = "_ops_" + suffix;
    MigrationHistory history = new MigrationHistory(environment.catalog(), meta);
    long pid = pidGoneHere();
    // in its own PID namespace the holder gets the pid that no process of this namespace has
    List<String> wrapper =
        List.of(
            "unshare",
            "--pid",
            "--fork",
            "--mount-proc",
            "--kill-child",
            "sh",
            "-c",
            "echo \"$0\" > /proc/sys/kernel/ns_last_pid && \"$@\"; exit $?",
            String.valueOf(pid - 1));
    Process holder =
        LeaseHolder.start(wrapper, dir, environment.catalogProperties(), namespace, meta);
    try {
      RunLease held = awaitLease(history, namespace, holder, dir.resolve(namespace + ".log"));

      assertThat(held.host()).isEqualTo(ProcessScope.CURRENT.host());
      assertThat(held.pid()).isEqualTo(pid);
      assertThat(held.pidNamespace()).isNotNull().isNotEqualTo(ProcessScope.CURRENT.pidNamespace());
      assertThat(held.bootId()).isEqualTo(ProcessScope.CURRENT.bootId());
      assertThat(ProcessHandle.of(pid).filter(ProcessHandle::isAlive))
          .as("the holder's pid, looked up in this PID namespace")
          .isEmpty();

      RunnerConfig options =
          RunConfigs.of(namespace, Clock.systemUTC(), Duration.ofMinutes(1), Duration.ZERO);
      RemoteCalls remote = new RemoteCalls(environment.catalog(), Duration.ofSeconds(60));
      assertThatThrownBy(
              () ->
                  LeaseTaking.open(
                      new NamespaceView(TestWrites.table(history), options, remote),
                      "migrate " + namespace))
          .isInstanceOf(ConcurrentMigrationException.class)
          .hasMessageContaining("another run holds its lease: " + held.owner());
      assertThat(history.load(namespace).lease()).contains(held);

      holder.getOutputStream().close();
      assertThat(holder.waitFor(ProgressWatch.HANG_MINUTES, TimeUnit.MINUTES))
          .as("the holder ended")
          .isTrue();
      assertThat(holder.exitValue()).isZero();
      assertThat(history.load(namespace).lease()).as("released by its holder").isEmpty();
    } finally {
      holder.destroyForcibly();
    }
  }

  /** A pid near the top of the range that no process of this PID namespace has. */
  private static long pidGoneHere() throws Exception {
    long max =
        Long.parseLong(Files.readAllLines(Path.of("/proc/sys/kernel/pid_max")).get(0).trim());
    for (long pid = max - 3; pid > 300; pid--) {
      if (ProcessHandle.of(pid).isEmpty()) {
        return pid;
      }
    }
    throw new IllegalStateException("Cannot find a free pid below " + max);
  }

  private static RunLease awaitLease(
      MigrationHistory history, String namespace, Process holder, Path log) throws Exception {
    long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
    while (System.nanoTime() < giveUp) {
      RunLease lease = history.load(namespace).lease().orElse(null);
      if (lease != null) {
        return lease;
      }
      if (!holder.isAlive()) {
        throw new AssertionError(
            "Expecting the child JVM to hold the lease but it ended with "
                + holder.exitValue()
                + ":\n"
                + Files.readString(log));
      }
      Thread.sleep(100);
    }
    throw new AssertionError(
        "Expecting the child JVM to take the lease within 180 s but it did not:\n"
            + Files.readString(log));
  }
}
