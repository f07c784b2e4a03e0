package dev.icebergops.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.icebergops.test.fixtures.Sales;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineTestKit;

/**
 * A test class's state is one value in the class's store under the extension's one namespace,
 * nothing of it in the run's root store, and JUnit closes it when the class ends.
 */
class ClassStateTest {

  /** What {@link Capture} saw at the end of the fixture class, before the extension's own end. */
  private static final List<Object> SEEN = new ArrayList<>();

  @Test
  void theClassStateLivesInTheClassStoreOnlyAndIsClosedWhenTheClassEnds(@TempDir Path reports) {
    SEEN.clear();

    EngineTestKit.engine("junit-jupiter")
        .configurationParameter(ClassReports.DIRECTORY, reports.toString())
        .selectors(selectClass(StatefulSuite.class))
        .execute()
        .testEvents()
        .assertStatistics(stats -> stats.started(10).succeeded(8).aborted(2).failed(0));

    assertThat(SEEN).hasSize(3);
    ClassState state = (ClassState) SEEN.get(0);
    assertThat(state).as("the class's state").isNotNull();
    assertThat(SEEN.get(1)).as("the class's state in the root store").isNull();
    assertThat(SEEN.get(2)).as("closed before the class ended").isEqualTo(false);
    assertThat(state.isClosed()).as("closed once the class ended").isTrue();
    assertThat(state.report().summary()).isEqualTo("8 passed, 0 failed, 2 not applicable");
  }

  /** Registered after the extension, so that its end of class runs first. */
  static final class Capture implements AfterAllCallback {
    @Override
    public void afterAll(ExtensionContext context) {
      ClassState state = ClassState.of(context);
      SEEN.add(state);
      SEEN.add(context.getRoot().getStore(ClassState.STORE).get(ClassState.class));
      SEEN.add(state == null ? null : state.isClosed());
    }
  }

  @IcebergMigrations(
      classes = {Sales.V0001__CreateOrders.class, Sales.V0002__AddRegion.class},
      namespacePrefix = "state")
  @ExtendWith(Capture.class)
  static class StatefulSuite implements MigrationSuite {}
}
