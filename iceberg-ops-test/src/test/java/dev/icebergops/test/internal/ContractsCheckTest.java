package dev.icebergops.test.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.test.fixtures.Sales;
import dev.icebergops.testing.SharedEnvironment;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** At head, every table with a contract file must conform to it; each violation is listed. */
@ExtendWith(SharedEnvironment.class)
class ContractsCheckTest {

  private static final String CONTRACTS = "classpath:dev/icebergops/test/internal/contracts/";

  private Fixture fixture;

  @BeforeEach
  void setUp(IcebergTestEnvironment environment) {
    fixture = new Fixture(environment);
  }

  @Test
  void contractDriftAndMissingTablesFail() {
    CheckReport report =
        fixture.checks(Sales.reversible()).contracts(ContractLocation.of(CONTRACTS + "drift"));

    assertThat(report.failures())
        .containsExactly(
            "Expecting "
                + fixture.ns
                + ".customers at head (0005) to conform to contract customers.yaml, but the table"
                + " does not exist",
            "Expecting "
                + fixture.ns
                + ".orders at head (0005) to conform to contract orders.yml, but:\n"
                + "  - column region has type string, expected int\n"
                + "  - missing required column status (string)\n"
                + "  - unexpected column total (double) is not in the strict contract\n"
                + "  - unexpected column quantity (int) is not in the strict contract\n"
                + "  - unexpected column ts (timestamptz) is not in the strict contract");
    assertThat(fixture.shape().tables()).isEmpty();
  }

  @Test
  void noContractFilesFail(@TempDir Path empty) {
    CheckReport report =
        fixture.checks(Sales.reversible()).contracts(ContractLocation.of(empty.toString()));

    assertThat(report.failures())
        .containsExactly(
            "Expecting contracts for "
                + fixture.ns
                + " at head (0005), but there are no contract files in "
                + empty);
  }

  @Test
  void aMissingLocationFails() {
    CheckReport report =
        fixture.checks(Sales.reversible()).contracts(ContractLocation.of(CONTRACTS + "nowhere"));

    assertThat(report.failureMessage())
        .isEqualTo(
            "Expecting contracts for "
                + fixture.ns
                + " at head (0005) in "
                + CONTRACTS
                + "nowhere, but: Cannot find contracts at "
                + CONTRACTS
                + "nowhere: no directory dev/icebergops/test/internal/contracts/nowhere on the"
                + " class path");
  }
}
