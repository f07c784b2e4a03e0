package dev.icebergops.migration.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class StagedBranchesTest {

  @ParameterizedTest
  @CsvSource({
    "ns, 0002, payments, stage_ns_0002_payments",
    "sales.eu, 0010, orders, stage_sales_eu_0010_orders",
    "sales-eu, 0003, order-lines, stage_sales_eu_0003_order_lines",
  })
  void aBranchIsNamedAfterNamespaceVersionAndTableAsASimpleIdentifier(
      String namespace, String version, String table, String branch) {
    assertThat(StagedBranches.branch(namespace, version, table))
        .isEqualTo(branch)
        .matches("[A-Za-z_][A-Za-z0-9_]*");
  }

  @Test
  void outsideARunTheBranchHasNoVersion() {
    assertThat(StagedBranches.branch("ns", null, "payments")).isEqualTo("stage_ns_payments");
  }

  @Test
  void theAuditedTagIsNamedAfterTheBranch() {
    assertThat(StagedBranches.auditedTag("stage_ns_0002_payments"))
        .isEqualTo("stage_ns_0002_payments_audited");
  }

  @Test
  void aStageStepGivesBackItsTableAndBranch() {
    String step = StagedBranches.stageStep("sales.eu.payments", "stage_sales_eu_0002_payments");

    assertThat(step)
        .isEqualTo("stage data of sales.eu.payments on branch stage_sales_eu_0002_payments");
    assertThat(StagedBranches.staged(step))
        .contains(Map.entry("sales.eu.payments", "stage_sales_eu_0002_payments"));
  }

  @Test
  void aStageStepOfUnknownOutcomeIsAStageStep() {
    assertThat(
            StagedBranches.staged(
                "stage data of ns.payments on branch stage_ns_0002_payments (outcome unknown)"))
        .contains(Map.entry("ns.payments", "stage_ns_0002_payments"));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "add column ns.payments.amount",
        "audit staged data of ns.payments on branch stage_ns_0002_payments",
        "stage data of ns.payments",
        ""
      })
  void otherStepsAreNotStageSteps(String step) {
    assertThat(StagedBranches.staged(step)).isEmpty();
  }

  @Test
  void noStepIsNotAStageStep() {
    assertThat(StagedBranches.staged(null)).isEmpty();
  }
}
