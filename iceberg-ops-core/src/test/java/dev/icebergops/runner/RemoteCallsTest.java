package dev.icebergops.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.icebergops.history.MigrationHistory;
import dev.icebergops.runner.RemoteCalls.StepTimeoutException;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.FaultProxy;
import dev.icebergops.testing.FaultProxy.Fault;
import dev.icebergops.testing.ProxiedClients;
import dev.icebergops.testing.SharedEnvironment;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.CommitFailedException;
import org.apache.iceberg.exceptions.CommitStateUnknownException;
import org.apache.iceberg.exceptions.NoSuchTableException;
import org.apache.iceberg.exceptions.RESTException;
import org.apache.iceberg.exceptions.ServiceFailureException;
import org.apache.iceberg.exceptions.ServiceUnavailableException;
import org.apache.iceberg.inmemory.InMemoryCatalog;
import org.apache.iceberg.rest.RESTCatalog;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.core.exception.SdkClientException;

/**
 * The bound on the runner's own remote calls, against the REST catalog behind a fault-injecting
 * proxy: an answer held past the bound, a server error, and what an operation throws.
 */
@ExtendWith(SharedEnvironment.class)
class RemoteCallsTest {

  private IcebergTestEnvironment env;
  private FaultProxy proxy;
  private RESTCatalog client;
  private String namespace;
  private String endpoints;

  @BeforeEach
  void setUp(IcebergTestEnvironment env) throws Exception {
    this.env = env;
    proxy = FaultProxy.start(env.catalogProperties().get("uri"), Duration.ofSeconds(5));
    client = ProxiedClients.catalogThrough(env, proxy);
    namespace = "remote_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    endpoints =
        "the catalog at "
            + proxy.uri()
            + " or its store at "
            + env.catalogProperties().get("s3.endpoint");
  }

  @AfterEach
  void tearDown() throws Exception {
    client.close();
    proxy.close();
  }

  private Object readHistory() {
    return new MigrationHistory(client, "_ops_" + namespace).load(namespace);
  }

  private void holdTheNextAnswer() {
    proxy.inject(Fault.SLOW, RemoteCallsTest::readsTheCatalog, 1);
  }

  @Test
  void aCallWithNoAnswerFailsAtTheBoundNamingTheEndpointsAndTheNextFailsAtOnce() throws Exception {
    RemoteCalls remote = new RemoteCalls(client, Duration.ofSeconds(1));
    holdTheNextAnswer();

    assertThatThrownBy(() -> remote.call("read the history of " + namespace, this::readHistory))
        .isInstanceOf(MigrationException.class)
        .hasMessage(
            "Cannot read the history of "
                + namespace
                + ": no answer within 1 s from "
                + endpoints
                + " (the runner's time bound; set it with MigrationRunner.Builder.timeout)");
    assertThat(proxy.injectedInto()).contains(" /v1/namespaces/_ops_" + namespace);

    AtomicBoolean tried = new AtomicBoolean();
    assertThatThrownBy(
            () ->
                remote.call(
                    "release the run lease of " + namespace,
                    () -> {
                      tried.set(true);
                      return readHistory();
                    }))
        .isInstanceOf(MigrationException.class)
        .hasMessage(
            "Cannot release the run lease of "
                + namespace
                + ": "
                + endpoints
                + " did not answer within 1 s moments ago; not tried again");
    assertThat(tried).isFalse();

    Thread.sleep(1500); // one bound after the unanswered call, calls are tried again
    assertThat(remote.call("read the history of " + namespace, this::readHistory)).isNotNull();
  }

  @Test
  void aStepWithNoAnswerGivesTheMigrationUpAtTheBound() {
    RemoteCalls remote = new RemoteCalls(client, Duration.ofMillis(300));
    StepLog steps = new StepLog(done -> {});
    holdTheNextAnswer();

    assertThatThrownBy(
            () ->
                remote.runSteps(
                    steps,
                    () -> {
                      steps.beforeStep("load table " + namespace + ".t");
                      client.tableExists(TableIdentifier.of(Namespace.of(namespace), "t"));
                      steps.afterStep("load table " + namespace + ".t");
                    }))
        .isInstanceOf(StepTimeoutException.class)
        .hasMessage(
            "step 'load table "
                + namespace
                + ".t' had no answer within 300 ms from "
                + endpoints
                + "; it may still commit");
    assertThat(steps.done()).isEmpty();
    assertThatThrownBy(() -> remote.call("read the history of " + namespace, this::readHistory))
        .hasMessageEndingWith(" did not answer within 300 ms moments ago; not tried again");
  }

  @Test
  void aStepSlowerThanAPollButWithinTheBoundCompletes() throws Exception {
    RemoteCalls remote = new RemoteCalls(client, Duration.ofSeconds(30));
    StepLog steps = new StepLog(done -> {});
    holdTheNextAnswer(); // held for 5 s: many polls of the step's time, all within the bound

    remote.runSteps(
        steps,
        () -> {
          steps.beforeStep("check table");
          client.tableExists(TableIdentifier.of(Namespace.of(namespace), "t"));
          steps.afterStep("check table");
        });

    assertThat(proxy.injectedInto()).isNotNull();
    assertThat(steps.done()).containsExactly("check table");
  }

  @Test
  void aStepRunningTheMigrationsOwnCodeIsNotGivenUpAtTheBound() throws Exception {
    RemoteCalls remote = new RemoteCalls(client, Duration.ofMillis(300));
    StepLog steps = new StepLog(done -> {});
    holdTheNextAnswer(); // held for 5 s, far past the bound: a staged write's own reads and writes

    remote.runSteps(
        steps,
        () -> {
          steps.beforeOwnCodeStep("write staged data of " + namespace + ".t on branch b");
          client.tableExists(TableIdentifier.of(Namespace.of(namespace), "t"));
          steps.afterStep("write staged data of " + namespace + ".t on branch b");
        });

    assertThat(proxy.injectedInto()).isNotNull();
    assertThat(steps.done())
        .containsExactly("write staged data of " + namespace + ".t on branch b");
  }

  @Test
  void aStepThatAnswersEndsTheBodyAndItsErrorsComeBackAsTheyAre() throws Exception {
    RemoteCalls remote = new RemoteCalls(client, Duration.ofSeconds(30));
    StepLog steps = new StepLog(done -> {});

    AtomicReference<Thread> ranOn = new AtomicReference<>();
    remote.runSteps(
        steps,
        () -> {
          steps.beforeStep("check table");
          client.tableExists(TableIdentifier.of(Namespace.of(namespace), "t"));
          steps.afterStep("check table");
          ranOn.set(Thread.currentThread());
        });
    assertThat(steps.done()).containsExactly("check table");
    assertThat(ranOn.get()).isNotSameAs(Thread.currentThread());

    int closedPort = closedPort();
    assertThatThrownBy(() -> remote.runSteps(steps, () -> new Socket("127.0.0.1", closedPort)))
        .isInstanceOf(ConnectException.class);
    AssertionError error = new AssertionError("a migration's own error");
    assertThatThrownBy(
            () ->
                remote.runSteps(
                    steps,
                    () -> {
                      throw error;
                    }))
        .isSameAs(error);
  }

  @Test
  void aServerErrorFailsTheCallNamingTheEndpoints() {
    RemoteCalls remote = new RemoteCalls(client, Duration.ofSeconds(30));
    // a write: the client retries a read that got a server error, never a write
    proxy.inject(Fault.HTTP_500, line -> line.startsWith("POST /v1/namespaces "), 1);

    assertThatThrownBy(
            () ->
                remote.call(
                    "create namespace " + namespace,
                    () -> {
                      client.createNamespace(Namespace.of(namespace));
                      return namespace;
                    }))
        .isInstanceOf(MigrationException.class)
        .hasMessageStartingWith("Cannot create namespace " + namespace + ": ")
        .hasMessageEndingWith(" (" + endpoints + ")")
        .cause()
        .isInstanceOf(ServiceFailureException.class);
    assertThat(proxy.injectedInto()).startsWith("POST /v1/namespaces ");
    assertThat(client.namespaceExists(Namespace.of(namespace))).isFalse();
  }

  @Test
  void whatAnOperationThrowsReachesTheCaller() throws Exception {
    RemoteCalls remote = new RemoteCalls(client, Duration.ofSeconds(30));

    assertThatThrownBy(
            () ->
                remote.call(
                    "load table t",
                    () -> client.loadTable(TableIdentifier.of(Namespace.of(namespace), "t"))))
        .isInstanceOf(NoSuchTableException.class);
    int closedPort = closedPort();
    assertThatThrownBy(
            () -> remote.call("open a socket", () -> new Socket("127.0.0.1", closedPort)))
        .isInstanceOf(MigrationException.class)
        .hasMessageStartingWith("Cannot open a socket: java.net.ConnectException: ")
        .cause()
        .isInstanceOf(ConnectException.class);
    AssertionError error = new AssertionError("an operation's own error");
    assertThatThrownBy(
            () ->
                remote.call(
                    "fail",
                    () -> {
                      throw error;
                    }))
        .isSameAs(error);
  }

  @Test
  void anInterruptedCallerStopsWaiting() {
    RemoteCalls remote = new RemoteCalls(client, Duration.ofSeconds(30));
    holdTheNextAnswer();

    Thread.currentThread().interrupt();
    try {
      assertThatThrownBy(() -> remote.call("read the history of " + namespace, this::readHistory))
          .isInstanceOf(MigrationException.class)
          .hasMessage("Cannot read the history of " + namespace + ": interrupted")
          .cause()
          .isInstanceOf(InterruptedException.class);
      assertThat(Thread.currentThread().isInterrupted()).isTrue();
    } finally {
      Thread.interrupted();
    }
  }

  @Test
  void withoutABoundACallRunsOnTheCallersThread() throws Exception {
    RemoteCalls remote = new RemoteCalls(client, Duration.ZERO);

    assertThat(remote.call("name the thread", Thread::currentThread))
        .isSameAs(Thread.currentThread());
    assertThat(
            new RemoteCalls(client, Duration.ofSeconds(-1))
                .call("name the thread", Thread::currentThread))
        .isSameAs(Thread.currentThread());
    int closedPort = closedPort();
    assertThatThrownBy(
            () -> remote.call("open a socket", () -> new Socket("127.0.0.1", closedPort)))
        .isInstanceOf(IllegalStateException.class)
        .cause()
        .isInstanceOf(ConnectException.class);
    assertThatThrownBy(
            () ->
                remote.call(
                    "load table t",
                    () -> client.loadTable(TableIdentifier.of(Namespace.of(namespace), "t"))))
        .isInstanceOf(NoSuchTableException.class);
  }

  @Test
  void endpointsNameTheCatalogAndItsStoreWhenKnown() {
    assertThat(new RemoteCalls(client, Duration.ofSeconds(1)).endpoints()).isEqualTo(endpoints);

    Map<String, String> properties = new HashMap<>(env.catalogProperties());
    properties.remove("s3.endpoint");
    try (RESTCatalog noStore = new RESTCatalog()) {
      noStore.initialize("no-store", properties);
      assertThat(new RemoteCalls(noStore, Duration.ofSeconds(1)).endpoints())
          .isEqualTo("the catalog at " + properties.get("uri"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }

    InMemoryCatalog memory = new InMemoryCatalog();
    memory.initialize("mem", Map.of());
    assertThat(new RemoteCalls(memory, Duration.ofSeconds(1)).endpoints()).isEqualTo("catalog mem");
  }

  @Test
  void connectionAndServerErrorsAreTheUnreachableOnes() {
    List<Throwable> unreachable =
        List.of(
            new RESTException("no route"),
            new CommitStateUnknownException(new RuntimeException("lost")),
            new ServiceFailureException("500"),
            new ServiceUnavailableException("503"),
            new UncheckedIOException(new IOException("reset")),
            SdkClientException.create("store unreachable"));
    assertThat(unreachable).allMatch(RemoteCalls::isUnreachable);

    List<Throwable> requestErrors =
        List.of(
            new NoSuchTableException("no table"),
            new CommitFailedException("conflict"),
            new IllegalArgumentException("bad"));
    assertThat(requestErrors).noneMatch(RemoteCalls::isUnreachable);
  }

  /** A request that reads a namespace or a table: GET, or HEAD for an existence check. */
  private static boolean readsTheCatalog(String requestLine) {
    return (requestLine.startsWith("GET ") || requestLine.startsWith("HEAD "))
        && requestLine.contains(" /v1/namespaces/");
  }

  private static int closedPort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }
}
