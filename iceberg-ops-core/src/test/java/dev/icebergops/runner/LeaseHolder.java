package dev.icebergops.runner;

import dev.icebergops.history.MigrationHistory;
import dev.icebergops.history.TestWrites;
import dev.icebergops.testing.ChildJvm;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.rest.RESTCatalog;

/**
 * A child JVM that takes the run lease of a namespace and holds it until its standard input ends,
 * then releases it. Arguments: a properties file with the catalog properties, the namespace, the
 * meta-namespace.
 */
public final class LeaseHolder {

  private LeaseHolder() {}

  public static void main(String[] args) throws Exception {
    RESTCatalog catalog = ChildCatalog.open(args[0], "holder");
    RunnerConfig options =
        RunConfigs.of(args[1], Clock.systemUTC(), Duration.ofMinutes(30), Duration.ZERO);
    try (HeldLease journal =
        LeaseTaking.open(
            new NamespaceView(
                TestWrites.table(new MigrationHistory(catalog, args[2])),
                options,
                new RemoteCalls(catalog, ChildJvm.REMOTE_BOUND)),
            "hold " + args[1])) {
      while (System.in.read() >= 0) {
        // holds the lease until the parent closes the pipe
      }
    }
  }

  /**
   * Starts a holder whose command is prefixed by {@code wrapper} (such as {@code unshare ...}); its
   * output goes to a file named after the namespace in {@code dir}.
   */
  static Process start(
      List<String> wrapper,
      Path dir,
      Map<String, String> catalogProperties,
      String namespace,
      String meta)
      throws IOException {
    Path props = ChildCatalog.store(dir, namespace, catalogProperties);
    List<String> command = new ArrayList<>(wrapper);
    command.addAll(ChildJvm.command(LeaseHolder.class, props.toString(), namespace, meta));
    return new ProcessBuilder(command)
        .redirectErrorStream(true)
        .redirectOutput(dir.resolve(namespace + ".log").toFile())
        .start();
  }
}
