package dev.icebergops.runner;

import dev.icebergops.history.MigrationHistory;
import dev.icebergops.history.RunLease;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.FaultProxy;
import dev.icebergops.testing.FaultProxy.Fault;
import dev.icebergops.testing.ProgressWatch;
import dev.icebergops.testing.ProxiedClients;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.rest.RESTCatalog;

/**
 * One operation run through the fault proxies with one fault at one step, then checked and
 * recovered through a healthy client.
 */
final class FaultScenario {

  /** The faulty runner's time bound. */
  static final Duration BOUND = Duration.ofSeconds(4);

  /** The time bound of the runners that set up, measure and recover: no fault meets them. */
  private static final Duration HEALTHY_BOUND = Duration.ofSeconds(60);

  /** How long a slow answer is held: past the bound. */
  static final Duration SLOW = BOUND.plusSeconds(2);

  /** Runs the faulty operations: not the common pool, which has one thread on two cores. */
  private static final ExecutorService RUNS =
      Executors.newCachedThreadPool(
          task -> {
            Thread thread = new Thread(task, "fault-scenario");
            thread.setDaemon(true);
            return thread;
          });

  /** Where a fault is injected. */
  enum Side {
    /** Between the runner's catalog client and the REST server: every catalog request. */
    CATALOG,
    /** In front of S3Proxy for the client only: the history's data and metadata files. */
    STORE,
    /**
     * The runner in a child JVM, killed with SIGKILL when its write reaches the catalog proxy:
     * {@link Fault#DROP} kills it before the write is sent, {@link Fault#LOST_ANSWER} after the
     * catalog committed it.
     */
    CRASH;

    Fault[] faults() {
      // a refusal is no outage: the matrix covers the faults of the connection and the server
      return this == CRASH
          ? new Fault[] {Fault.DROP, Fault.LOST_ANSWER}
          : EnumSet.range(Fault.HTTP_500, Fault.LOST_ANSWER).toArray(Fault[]::new);
    }
  }

  /**
   * What a clean run leaves, to compare a faulted and recovered namespace with; how many writes it
   * sent per side, how many commits to the namespace's tables, and how many commits of its own (the
   * table commits, or the history's for an operation that changes no table).
   */
  record Reference(
      List<String> before,
      List<String> after,
      NamespaceChecks.NamespaceSnapshot end,
      Map<Side, Integer> writes,
      int tableCommits,
      int ownCommits) {
    int writes(Side side) {
      return this.writes.get(side);
    }
  }

  /** What one scenario showed. */
  record Outcome(
      FaultOperation operation,
      Side side,
      Fault fault,
      int step,
      String firedAt,
      String result,
      List<String> problems) {
    boolean nothingLost() {
      return problems.isEmpty();
    }

    @Override
    public String toString() {
      return operation
          + " / "
          + side
          + " "
          + fault
          + " at write "
          + step
          + " ("
          + (firedAt == null ? "not reached" : firedAt)
          + "): "
          + result
          + (problems.isEmpty() ? "" : " -> " + problems);
    }
  }

  private final IcebergTestEnvironment env;
  private final FaultOperation operation;
  private final NamespaceChecks checks;
  private final Map<Side, FaultProxy> proxies = new HashMap<>();

  FaultScenario(
      IcebergTestEnvironment env, FaultOperation operation, FaultProxy catalog, FaultProxy store) {
    this.env = env;
    this.operation = operation;
    this.checks = new NamespaceChecks(env.catalog(), operation);
    proxies.put(Side.CATALOG, catalog);
    proxies.put(Side.STORE, store);
  }

  /**
   * Runs the operation once through the proxies without a fault and under the healthy bound: the
   * faulty bound is for the faults, and on a busy machine the first use of a client (loading the S3
   * SDK) may exceed it. Tried up to three times.
   */
  Reference reference() throws Exception {
    for (int attempt = 1; ; attempt++) {
      try {
        return cleanRun();
      } catch (MigrationException e) {
        if (attempt == 3) {
          throw e;
        }
      }
    }
  }

  private Reference cleanRun() throws Exception {
    String namespace = newNamespace();
    MigrationRunner healthy = healthy(namespace);
    operation.setUp(healthy, env.catalog());
    List<String> before = checks.names(namespace);
    proxies.values().forEach(FaultProxy::clearLog);
    try (RESTCatalog client = faultyClient()) {
      operation.act(
          FaultOperation.runner(client, namespace, meta(namespace), HEALTHY_BOUND, Duration.ZERO));
    }
    Map<Side, Integer> writes = new HashMap<>();
    proxies.forEach(
        (side, proxy) ->
            writes.put(
                side, (int) proxy.requests().stream().filter(FaultProxy.WRITES::test).count()));
    List<String> catalogRequests = proxies.get(Side.CATALOG).requests();
    int tableCommits = (int) catalogRequests.stream().filter(tableCommits(namespace)).count();
    int ownCommits = (int) catalogRequests.stream().filter(ownCommits(namespace)).count();
    List<String> after = checks.names(namespace);
    operation.recover(healthy);
    return new Reference(before, after, checks.snapshot(healthy), writes, tableCommits, ownCommits);
  }

  /** Runs the operation with one fault at one write, checks, recovers and checks again. */
  Outcome run(Reference reference, Side side, Fault fault, int step) throws Exception {
    return run(reference, side, fault, step, false);
  }

  /**
   * Runs the operation with one fault at the n-th write, or at the n-th commit of the migration
   * itself ({@code tableCommitsOnly}), checks, recovers and checks again.
   */
  Outcome run(Reference reference, Side side, Fault fault, int step, boolean tableCommitsOnly)
      throws Exception {
    String namespace = newNamespace();
    MigrationRunner healthy = healthy(namespace);
    operation.setUp(healthy, env.catalog());
    List<String> problems = new ArrayList<>();
    FaultProxy proxy = proxies.get(side);
    proxy.inject(fault, tableCommitsOnly ? tableCommits(namespace) : FaultProxy.WRITES, step);
    String result;
    try (RESTCatalog client = faultyClient()) {
      result = act(faulty(client, namespace), problems);
    }
    proxy.heal();
    String firedAt = proxy.injectedInto();
    checks.historyTellsTheShape(healthy, reference, problems);
    awaitLeaseEnd(healthy, problems);
    checks.wayForwardConverges(healthy, reference.end(), problems);
    return new Outcome(operation, side, fault, step, firedAt, result, problems);
  }

  /**
   * Runs the operation in a child JVM through the catalog proxy and kills it with SIGKILL at the
   * n-th write, or at the n-th of the operation's own commits ({@code ownCommitsOnly}): before it
   * is sent ({@link Fault#DROP}) or after the catalog committed it ({@link Fault#LOST_ANSWER}). The
   * next run must read a version the killed run left running as interrupted, and its lease as gone,
   * and the way forward must converge.
   */
  Outcome crash(Reference reference, Fault when, int step, boolean ownCommitsOnly, Path dir)
      throws Exception {
    String namespace = newNamespace();
    MigrationRunner healthy = healthy(namespace);
    operation.setUp(healthy, env.catalog());
    List<String> problems = new ArrayList<>();
    Map<String, String> properties = new HashMap<>(env.catalogProperties());
    properties.put("uri", proxies.get(Side.CATALOG).uri());
    AtomicReference<Process> child = new AtomicReference<>();
    FaultProxy proxy = proxies.get(Side.CATALOG);
    proxy.inject(
        when,
        ownCommitsOnly ? ownCommits(namespace) : FaultProxy.WRITES,
        step,
        () -> kill(child.get()));
    child.set(KilledRun.start(dir, properties, operation, namespace, meta(namespace)));
    String result = awaitChild(child.get(), proxy, KilledRun.log(dir, namespace), problems);
    proxy.heal();
    String firedAt = proxy.injectedInto();
    checks.killedRunIsGone(healthy, problems);
    checks.historyTellsTheShape(healthy, reference, problems);
    checks.wayForwardConverges(healthy, reference.end(), problems);
    return new Outcome(operation, Side.CRASH, when, step, firedAt, result, problems);
  }

  /**
   * The commits to the namespace's own tables: the migrations' steps, not the history's. A step
   * that changes a table goes out as a multi-table commit with the run lease's proof (the only ones
   * a run sends); a table created, as a POST to the namespace's tables.
   */
  static Predicate<String> tableCommits(String namespace) {
    return line ->
        line.startsWith("POST /v1/namespaces/" + namespace + "/tables")
            || line.startsWith("POST /v1/transactions/commit ");
  }

  /**
   * The operation's own commits: its table commits, or for stamp and repair, which change no table,
   * the commits to the history table (the run lease, and the rows written with its release).
   */
  private Predicate<String> ownCommits(String namespace) {
    return operation.changesTables()
        ? tableCommits(namespace)
        : line ->
            line.startsWith(
                "POST /v1/namespaces/"
                    + meta(namespace)
                    + "/tables/"
                    + MigrationHistory.TABLE_NAME
                    + " ");
  }

  private static void kill(Process process) {
    try {
      process.destroyForcibly().waitFor(); // SIGKILL on Linux and macOS
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Waits for the child to end; it is hung only when it made no progress for {@link
   * ProgressWatch#STALL}: no request through the catalog proxy, no output, no CPU time.
   */
  private static String awaitChild(Process child, FaultProxy proxy, Path log, List<String> problems)
      throws Exception {
    Optional<String> hang =
        ProgressWatch.of("the child JVM " + child.pid())
            .signal("a request through the catalog proxy", proxy::seen)
            .signal("output", ProgressWatch.bytesIn(log))
            .signal("CPU time", ProgressWatch.cpuMillis(child.toHandle()))
            .await(() -> !child.isAlive());
    if (hang.isPresent()) {
      problems.add(hang.get());
      child.destroyForcibly().waitFor();
      return "hung";
    }
    return "exit " + child.exitValue();
  }

  /**
   * Runs the operation on its own thread and waits for it; it is hung only when it made no progress
   * for {@link ProgressWatch#STALL}: no request through either proxy, no CPU time on its thread.
   */
  private String act(MigrationRunner faulty, List<String> problems) throws Exception {
    AtomicReference<Thread> runs = new AtomicReference<>(Thread.currentThread());
    CompletableFuture<Throwable> run =
        CompletableFuture.supplyAsync(
            () -> {
              runs.set(Thread.currentThread());
              try {
                operation.act(faulty);
                return null;
              } catch (Throwable t) {
                return t;
              }
            },
            RUNS);
    Optional<String> hang =
        ProgressWatch.of("the " + operation + " run")
            .signal("a request through the catalog proxy", proxies.get(Side.CATALOG)::seen)
            .signal("a request through the store proxy", proxies.get(Side.STORE)::seen)
            .signal("CPU time of its thread", () -> ProgressWatch.cpuNanos(runs.get()).getAsLong())
            .await(run::isDone);
    if (hang.isPresent()) {
      problems.add(hang.get());
      runs.get().interrupt();
      return "hung";
    }
    try {
      Throwable thrown = run.get();
      return thrown == null ? "succeeded" : "failed: " + thrown.getClass().getSimpleName();
    } catch (ExecutionException e) {
      return "failed: " + e.getCause();
    }
  }

  /**
   * Waits until the faulty run's lease is released or expired: the run has returned, so nothing
   * renews it and it expires by the clock within its duration, however slow the machine. Still held
   * after {@link ProgressWatch#STALL}, something renews it: a problem, named with the lease.
   */
  private static void awaitLeaseEnd(MigrationRunner healthy, List<String> problems)
      throws InterruptedException {
    AtomicReference<Optional<RunLease>> held = new AtomicReference<>(Optional.empty());
    Optional<String> hang =
        ProgressWatch.of("the faulty run's lease")
            .await(
                () -> {
                  held.set(
                      healthy
                          .lease()
                          .filter(l -> ProcessScope.CURRENT.mayBeAlive(l, Instant.now())));
                  return held.get().isEmpty();
                });
    hang.ifPresent(h -> problems.add(h + "; the lease is still held: " + held.get().orElseThrow()));
  }

  private static String newNamespace() {
    return "fx_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
  }

  static String meta(String namespace) {
    return "_ops_" + namespace;
  }

  private MigrationRunner healthy(String namespace) {
    return FaultOperation.runner(
        env.catalog(), namespace, meta(namespace), HEALTHY_BOUND, Duration.ofSeconds(30));
  }

  private static MigrationRunner faulty(Catalog client, String namespace) {
    return FaultOperation.runner(client, namespace, meta(namespace), BOUND, Duration.ZERO);
  }

  private RESTCatalog faultyClient() {
    return ProxiedClients.through(env, proxies.get(Side.CATALOG), proxies.get(Side.STORE));
  }
}
