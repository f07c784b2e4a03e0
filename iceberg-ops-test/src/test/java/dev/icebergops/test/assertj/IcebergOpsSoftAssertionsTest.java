package dev.icebergops.test.assertj;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.icebergops.schema.SchemaDiff;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.inmemory.InMemoryCatalog;
import org.apache.iceberg.types.Types;
import org.assertj.core.api.junit.jupiter.InjectSoftAssertions;
import org.assertj.core.api.junit.jupiter.SoftAssertionsExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;
import org.opentest4j.MultipleFailuresError;

class IcebergOpsSoftAssertionsTest {

  private static final Schema BEFORE =
      new Schema(Types.NestedField.required(1, "id", Types.LongType.get()));
  private static final Schema AFTER =
      new Schema(
          Types.NestedField.required(1, "id", Types.LongType.get()),
          Types.NestedField.optional(2, "region", Types.StringType.get()));

  @Test
  void collectsEveryFailureIntoOneError() {
    Throwable thrown =
        catchAll(
            () ->
                IcebergOpsSoftAssertions.assertSoftly(
                    softly -> {
                      softly.assertThat(SchemaDiff.between(BEFORE, AFTER)).isEmpty().hasAdded("x");
                      softly.assertThat(BEFORE).hasColumn("id").ofType("int").isRequired();
                      softly.assertThat("standard").startsWith("stan"); // AssertJ's own
                    }));
    assertThat(thrown).isInstanceOf(MultipleFailuresError.class);
    List<Throwable> failures = ((MultipleFailuresError) thrown).getFailures();
    assertThat(failures).hasSize(3);
    assertThat(failures.get(0)).hasMessageContaining("to be empty (the schemas identical)");
    assertThat(failures.get(1)).hasMessageContaining("to have added column:%n  \"x\"".formatted());
    assertThat(failures.get(2))
        .hasMessageContaining("Expecting column \"id\" of:")
        .hasMessageContaining("to have type:%n  int%nbut was:%n  long".formatted());
  }

  @Test
  void aMissingColumnIsReportedOnceAndItsChecksAreSkipped() {
    InMemoryCatalog catalog = new InMemoryCatalog();
    catalog.initialize("memory", Map.of());
    catalog.createNamespace(Namespace.of("sales"));
    Table orders = catalog.createTable(TableIdentifier.of("sales", "orders"), AFTER);

    IcebergOpsSoftAssertions softly = new IcebergOpsSoftAssertions();
    softly
        .assertThat(orders)
        .as("orders")
        .hasColumn("amount")
        .ofType("double")
        .isRequired()
        .and()
        .hasColumn("region")
        .isRequired()
        .and()
        .hasProperty("owner", "sales");
    List<AssertionError> errors = softly.assertionErrorsCollected();
    assertThat(errors).hasSize(3);
    assertThat(errors.get(0)).hasMessageContaining("[orders] %nExpecting actual:".formatted());
    assertThat(errors.get(0))
        .hasMessageContaining("to have column:%n  \"amount\"%nbut it does not".formatted());
    assertThat(errors.get(1))
        .hasMessageContaining("[orders] %nExpecting column \"region\"".formatted());
    assertThat(errors.get(2)).hasMessageContaining("owner=sales");
    assertThatThrownBy(softly::assertAll)
        .isInstanceOf(MultipleFailuresError.class)
        .hasMessageContaining("Multiple Failures (3 failures)");
  }

  @Test
  void passesWhenEverythingHolds() {
    IcebergOpsSoftAssertions.assertSoftly(
        softly -> {
          softly.assertThat(SchemaDiff.between(BEFORE, AFTER)).hasOnlyAdditions();
          softly.assertThat(AFTER).hasColumn("region").isOptional().and().hasNoLegacyColumns();
        });
  }

  @Test
  void worksWithAssertJsJUnit5Extension() {
    Events tests =
        EngineTestKit.engine("junit-jupiter")
            .configurationParameter(RunOnlyInTestKit.KEY, "true")
            .selectors(selectClass(InjectedSoftly.class))
            .execute()
            .testEvents();
    tests.assertStatistics(stats -> stats.started(1).failed(1));
    Throwable thrown =
        tests.failed().stream()
            .findFirst()
            .orElseThrow()
            .getPayload(TestExecutionResult.class)
            .orElseThrow()
            .getThrowable()
            .orElseThrow();
    assertThat(thrown).isInstanceOf(MultipleFailuresError.class);
    assertThat(((MultipleFailuresError) thrown).getFailures())
        .hasSize(2)
        .anySatisfy(e -> assertThat(e).hasMessageContaining("to have removed column"))
        .anySatisfy(e -> assertThat(e).hasMessageContaining("to have legacy column"));
  }

  private static Throwable catchAll(Runnable runnable) {
    try {
      runnable.run();
    } catch (Throwable t) {
      return t;
    }
    throw new AssertionError("Expected the soft assertions to fail");
  }

  /** Run only through {@link #worksWithAssertJsJUnit5Extension()}; two failures on purpose. */
  @ExtendWith({RunOnlyInTestKit.class, SoftAssertionsExtension.class})
  static class InjectedSoftly {

    @InjectSoftAssertions IcebergOpsSoftAssertions softly;

    @Test
    void twoFailures() {
      softly.assertThat(SchemaDiff.between(BEFORE, AFTER)).hasAdded("region").hasRemoved("id");
      softly.assertThat(AFTER).hasLegacyColumn("region");
    }
  }

  /** Keeps {@link InjectedSoftly} out of ordinary test runs. */
  static final class RunOnlyInTestKit implements ExecutionCondition {
    static final String KEY = "iceberg-ops.assertj.testkit";

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
      return context.getConfigurationParameter(KEY).isPresent()
          ? ConditionEvaluationResult.enabled("run by EngineTestKit")
          : ConditionEvaluationResult.disabled("run only through EngineTestKit");
    }
  }
}
