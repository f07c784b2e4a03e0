package dev.icebergops.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The hand-written conditions of {@link ArchitectureTest} see a violation where there is one. */
class RulesSeeViolationsTest {

  private static final JavaClasses FIXTURE =
      new ClassFileImporter().importPackages("dev.icebergops.architecture.fixture");

  @Test
  void theCycleConditionReportsEachClassOfACycleWithTheCycle() {
    List<String> details =
        classes().should(new PackageCycles()).evaluate(FIXTURE).getFailureReport().getDetails();

    assertThat(details)
        .containsExactlyInAnyOrder(
            "dev.icebergops.architecture.fixture.Cyclic is in a dependency cycle of"
                + " dev.icebergops.architecture.fixture: [Cyclic, CyclicPartner]",
            "dev.icebergops.architecture.fixture.CyclicPartner is in a dependency cycle of"
                + " dev.icebergops.architecture.fixture: [Cyclic, CyclicPartner]");
  }

  @Test
  void aFrozenCycleStillMatchesWhenItsOtherClassesChange() {
    SameClassInCycle matcher = new SameClassInCycle();

    assertThat(
            matcher.matches(
                "a.B is in a dependency cycle of a: [B, C]",
                "a.B is in a dependency cycle of a: [B, D]"))
        .isTrue();
    assertThat(
            matcher.matches(
                "a.B is in a dependency cycle of a: [B, C]",
                "a.C is in a dependency cycle of a: [B, C]"))
        .isFalse();
  }

  @Test
  void theSignatureConditionSeesAnInternalTypeInAPublicSignature() {
    List<String> details =
        classes()
            .that(ArchitectureTest.areExposedApiTypes())
            .should(ArchitectureTest.mentionNoInternalTypes())
            .evaluate(FIXTURE)
            .getFailureReport()
            .getDetails();

    assertThat(details)
        .containsExactly(
            "dev.icebergops.architecture.fixture.Cyclic.leak ->"
                + " dev.icebergops.architecture.fixture.internal.Hidden");
  }
}
