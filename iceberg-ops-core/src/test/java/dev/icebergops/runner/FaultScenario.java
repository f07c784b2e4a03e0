package dev.icebergops.runner;

import dev.icebergops.runner.MigrationStatus.State;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.FaultProxy;
import dev.icebergops.testing.FaultProxy.Fault;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.rest.RESTCatalog;
import org.apache.iceberg.types.Types;

/**
 * One operation run through the fault proxies with one fault at one step, then checked and
 * recovered through a healthy client.
 */
final class FaultScenario {

  /** The faulty runner's time bound. */
  static final Duration BOUND = Duration.ofSeconds(4);

  /** How long a slow answer is held: past the bound. */
  static final Duration SLOW = BOUND.plusSeconds(2);

  /** The hang detector: far past anything the bound allows. */
  private static final long HANG_SECONDS = 90;

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
      return this == CRASH ? new Fault[] {Fault.DROP, Fault.LOST_ANSWER} : Fault.values();
    }
  }

  /** What a clean run leaves, to compare a faulted and recovered namespace with. */
  record Reference(
      List<String> before,
      List<String> after,
      NamespaceSnapshot end,
      Map<Side, Integer> writes,
      int tableCommits) {
    int writes(Side side) {
      return this.writes.get(side);
    }
  }

  /** A namespace's observable state: its table's columns, its statuses, its stored rows. */
  record NamespaceSnapshot(List<String> columns, List<String> statuses, List<String> stored) {}

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
  private final Map<Side, FaultProxy> proxies = new HashMap<>();

  FaultScenario(
      IcebergTestEnvironment env, FaultOperation operation, FaultProxy catalog, FaultProxy store) {
    this.env = env;
    this.operation = operation;
    proxies.put(Side.CATALOG, catalog);
    proxies.put(Side.STORE, store);
  }

  /**
   * Runs the operation once through the proxies without a fault; tried up to three times, since the
   * first use of a client (loading the S3 SDK) on a busy machine may exceed the faulty bound.
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
    List<String> before = names(namespace);
    proxies.values().forEach(FaultProxy::clearLog);
    try (RESTCatalog client = faultyClient()) {
      operation.act(faulty(client, namespace));
    }
    Map<Side, Integer> writes = new HashMap<>();
    proxies.forEach(
        (side, proxy) ->
            writes.put(
                side, (int) proxy.requests().stream().filter(FaultProxy.WRITES::test).count()));
    int tableCommits =
        (int) proxies.get(Side.CATALOG).requests().stream().filter(tableCommits(namespace)).count();
    List<String> after = names(namespace);
    operation.recover(healthy);
    return new Reference(before, after, snapshot(healthy), writes, tableCommits);
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
    checkHistoryTellsTheShape(healthy, reference, problems);
    try {
      awaitLeaseEnd(healthy);
      operation.recover(healthy);
    } catch (RuntimeException e) {
      problems.add("the way forward failed: " + e);
    }
    NamespaceSnapshot end = snapshot(healthy);
    if (!end.equals(reference.end())) {
      problems.add("did not converge: expected " + reference.end() + " but was " + end);
    }
    return new Outcome(operation, side, fault, step, firedAt, result, problems);
  }

  /**
   * Runs the operation in a child JVM through the catalog proxy and kills it with SIGKILL at one
   * write: before it is sent ({@link Fault#DROP}) or after the catalog committed it ({@link
   * Fault#LOST_ANSWER}). The next run must read the version as interrupted, and converge.
   */
  Outcome crash(Reference reference, Fault when, int step, boolean tableCommitsOnly, Path dir)
      throws Exception {
    String namespace = newNamespace();
    MigrationRunner healthy = healthy(namespace);
    operation.setUp(healthy, env.catalog());
    List<String> problems = new ArrayList<>();
    Path props = dir.resolve(namespace + ".properties");
    Properties properties = new Properties();
    properties.putAll(env.catalogProperties());
    properties.put("uri", proxies.get(Side.CATALOG).uri());
    try (OutputStream out = Files.newOutputStream(props)) {
      properties.store(out, null);
    }
    AtomicReference<Process> child = new AtomicReference<>();
    FaultProxy proxy = proxies.get(Side.CATALOG);
    proxy.inject(
        when,
        tableCommitsOnly ? tableCommits(namespace) : FaultProxy.WRITES,
        step,
        () -> kill(child.get()));
    child.set(
        new ProcessBuilder(
                ProcessHandle.current().info().command().orElse("java"),
                "-cp",
                System.getProperty("java.class.path"),
                KilledRun.class.getName(),
                props.toString(),
                operation.name(),
                namespace,
                meta(namespace))
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve(namespace + ".log").toFile())
            .start());
    String result;
    if (!child.get().waitFor(HANG_SECONDS, TimeUnit.SECONDS)) {
      problems.add("hung: the child did not end within " + HANG_SECONDS + " s");
      child.get().destroyForcibly().waitFor();
      result = "hung";
    } else {
      result = "exit " + child.get().exitValue();
    }
    proxy.heal();
    String firedAt = proxy.injectedInto();
    if (healthy.status().stream().anyMatch(s -> s.state() == State.RUNNING)) {
      problems.add("a version of the killed run still reads as running: " + healthy.status());
    }
    checkHistoryTellsTheShape(healthy, reference, problems);
    try {
      operation.recover(healthy);
    } catch (RuntimeException e) {
      problems.add("the way forward failed: " + e);
    }
    NamespaceSnapshot end = snapshot(healthy);
    if (!end.equals(reference.end())) {
      problems.add("did not converge: expected " + reference.end() + " but was " + end);
    }
    return new Outcome(operation, Side.CRASH, when, step, firedAt, result, problems);
  }

  /** The commits to the namespace's own tables: the migrations' steps, not the history's. */
  private static java.util.function.Predicate<String> tableCommits(String namespace) {
    return line -> line.startsWith("POST /v1/namespaces/" + namespace + "/tables");
  }

  private static void kill(Process process) {
    try {
      process.destroyForcibly().waitFor(); // SIGKILL on Linux and macOS
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private String act(MigrationRunner faulty, List<String> problems) throws Exception {
    CompletableFuture<Throwable> run =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                operation.act(faulty);
                return null;
              } catch (Throwable t) {
                return t;
              }
            },
            RUNS);
    try {
      Throwable thrown = run.get(HANG_SECONDS, TimeUnit.SECONDS);
      return thrown == null ? "succeeded" : "failed: " + thrown.getClass().getSimpleName();
    } catch (TimeoutException e) {
      problems.add("hung: no return within " + HANG_SECONDS + " s");
      run.cancel(true);
      return "hung";
    } catch (ExecutionException e) {
      return "failed: " + e.getCause();
    }
  }

  /**
   * A clean history (every version applied, pending or rolled back) must match the table exactly; a
   * failed, running or interrupted version allows the before, after and documented half-states.
   */
  private void checkHistoryTellsTheShape(
      MigrationRunner healthy, Reference reference, List<String> problems) {
    List<MigrationStatus> statuses = healthy.status();
    List<String> shape = names(healthy.namespace());
    boolean unfinished =
        statuses.stream()
            .anyMatch(
                s ->
                    s.state() == State.FAILED
                        || s.state() == State.RUNNING
                        || s.state() == State.INTERRUPTED);
    if (unfinished) {
      if (!shape.equals(reference.before())
          && !shape.equals(reference.after())
          && !operation.halfStates().contains(shape)) {
        problems.add(
            "the table is "
                + shape
                + ", neither before, after nor a documented half-state; history says "
                + describe(statuses));
      }
      return;
    }
    String highest = null;
    for (MigrationStatus status : statuses) {
      if (status.state() == State.APPLIED) {
        highest = status.version();
      }
    }
    List<String> expected = operation.shapeWhenApplied(highest);
    if (!shape.equals(expected)) {
      problems.add(
          "history says "
              + describe(statuses)
              + ", which means "
              + expected
              + ", but the table is "
              + shape);
    }
  }

  /** Waits until the faulty run's lease is released or expired: the run is gone then. */
  private static void awaitLeaseEnd(MigrationRunner healthy) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(HANG_SECONDS);
    while (healthy.lease().filter(l -> RunJournal.isAlive(l, Instant.now())).isPresent()
        && System.nanoTime() < deadline) {
      Thread.sleep(200);
    }
  }

  private static String describe(List<MigrationStatus> statuses) {
    return statuses.stream().map(s -> s.version() + " " + s.state()).toList().toString();
  }

  private NamespaceSnapshot snapshot(MigrationRunner healthy) {
    String namespace = healthy.namespace();
    List<String> columns = new ArrayList<>();
    TableIdentifier table = TableIdentifier.of(namespace, "t");
    if (env.catalog().tableExists(table)) {
      for (Types.NestedField field : env.catalog().loadTable(table).schema().columns()) {
        columns.add(field.name() + ":" + field.type());
      }
    }
    List<String> statuses =
        healthy.status().stream().map(s -> s.version() + " " + s.state()).toList();
    List<String> stored =
        StoredRows.versions(env.catalog(), meta(namespace), namespace).stream().sorted().toList();
    return new NamespaceSnapshot(columns, statuses, stored);
  }

  private List<String> names(String namespace) {
    TableIdentifier table = TableIdentifier.of(namespace, "t");
    if (!env.catalog().tableExists(table)) {
      return List.of();
    }
    return env.catalog().loadTable(table).schema().columns().stream()
        .map(Types.NestedField::name)
        .toList();
  }

  private static String newNamespace() {
    return "fx_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
  }

  private static String meta(String namespace) {
    return "_ops_" + namespace;
  }

  private MigrationRunner healthy(String namespace) {
    return FaultOperation.runner(
        env.catalog(), namespace, meta(namespace), Duration.ofSeconds(60), Duration.ofSeconds(30));
  }

  private static MigrationRunner faulty(Catalog client, String namespace) {
    return FaultOperation.runner(client, namespace, meta(namespace), BOUND, Duration.ZERO);
  }

  private RESTCatalog faultyClient() {
    return client(env, proxies.get(Side.CATALOG), proxies.get(Side.STORE));
  }

  /** A catalog client whose catalog and store requests go through the proxies. */
  static RESTCatalog client(IcebergTestEnvironment env, FaultProxy catalog, FaultProxy store) {
    Map<String, String> properties = new HashMap<>(env.catalogProperties());
    properties.put("uri", catalog.uri());
    properties.put("s3.endpoint", store.uri());
    RESTCatalog client = new RESTCatalog();
    client.initialize("faulty", properties);
    return client;
  }
}
