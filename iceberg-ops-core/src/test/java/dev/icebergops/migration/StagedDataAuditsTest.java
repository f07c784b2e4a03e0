package dev.icebergops.migration;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.icebergops.schema.ColumnSpec;
import dev.icebergops.schema.SchemaContract;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.inmemory.InMemoryCatalog;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The audits a staged data step offers, each on a branch's rows and main's rows at staging: what
 * passes, and the reason each gives when it fails. The rows are given as read; the table (for its
 * schema) is a real one of Iceberg's in-memory catalog.
 */
class StagedDataAuditsTest {

  private static final Schema SCHEMA =
      new Schema(
          required(1, "id", Types.LongType.get()),
          optional(2, "amount_eur", Types.LongType.get()),
          optional(3, "amount_cents", Types.LongType.get()),
          optional(4, "note", Types.StringType.get()));

  private InMemoryCatalog catalog;
  private Table table;

  @BeforeEach
  void setUp() {
    catalog = new InMemoryCatalog();
    catalog.initialize("memory", Map.of());
    catalog.createNamespace(Namespace.of("ns"));
    table = catalog.createTable(TableIdentifier.of("ns", "payments"), SCHEMA);
  }

  @AfterEach
  void tearDown() throws Exception {
    catalog.close();
  }

  private StagedBranch branch(List<Record> rows, List<Record> mainRows) {
    return new StagedBranch() {
      @Override
      public String name() {
        return "stage_ns_0002_payments";
      }

      @Override
      public Table table() {
        return table;
      }

      @Override
      public long stagedFrom() {
        return 1L;
      }

      @Override
      public List<Record> rows() {
        return rows;
      }

      @Override
      public List<Record> mainRows() {
        return mainRows;
      }
    };
  }

  /** Rows (id, amount_eur, amount_cents); a null triple member is a null value. */
  private static List<Record> rows(Long... values) {
    List<Record> rows = new ArrayList<>();
    for (int i = 0; i < values.length; i += 3) {
      Record row = GenericRecord.create(SCHEMA);
      row.setField("id", values[i]);
      row.setField("amount_eur", values[i + 1]);
      row.setField("amount_cents", values[i + 2]);
      rows.add(row);
    }
    return rows;
  }

  private static final List<Record> MAIN = rows(1L, 10L, null, 2L, 20L, null);
  private static final List<Record> FILLED = rows(1L, 10L, 1000L, 2L, 20L, 2000L);

  @Test
  void aBranchThatKeepsRowsSumsAndFillsTheColumnPassesEveryAudit() {
    StagedData step =
        StagedData.write(branch -> {})
            .contract(
                SchemaContract.of(
                    ColumnSpec.required("id", Types.LongType.get()),
                    ColumnSpec.required("amount_cents", Types.LongType.get())))
            .auditRowCountKept()
            .auditNoNulls("amount_cents")
            .auditSumKept("amount_eur")
            .audit("cents are euros times 100", branch -> true);

    assertThat(step.failedAudit(branch(FILLED, MAIN))).isEmpty();
    assertThat(step.audits())
        .containsExactly(
            "contract",
            "row count kept",
            "no null in amount_cents",
            "sum of amount_eur kept",
            "cents are euros times 100");
  }

  @Test
  void eachAuditSaysWhyItFailed() {
    StagedBranch lostARow = branch(rows(1L, 10L, 1000L), MAIN);
    StagedBranch halfFilled = branch(rows(1L, 10L, 1000L, 2L, 20L, null), MAIN);
    StagedBranch changedASum = branch(rows(1L, 10L, 1000L, 2L, 21L, 2100L), MAIN);
    String on = "failed on branch stage_ns_0002_payments: ";

    assertThat(StagedData.write(b -> {}).auditRowCountKept().failedAudit(lostARow))
        .contains(
            "audit \"row count kept\" "
                + on
                + "the branch has 1 row, main had 2 when it was staged");
    assertThat(StagedData.write(b -> {}).auditNoNulls("amount_cents").failedAudit(halfFilled))
        .contains(
            "audit \"no null in amount_cents\" " + on + "1 of 2 rows have a null amount_cents");
    assertThat(StagedData.write(b -> {}).auditSumKept("amount_eur").failedAudit(changedASum))
        .contains(
            "audit \"sum of amount_eur kept\" "
                + on
                + "the sum on the branch is 31, main's was 30 when it was staged");
    assertThat(StagedData.write(b -> {}).auditSumKept("note").failedAudit(changedASum))
        .contains("audit \"sum of note kept\" " + on + "column note is a string, not a number");
    assertThat(StagedData.write(b -> {}).auditNoNulls("amount_usd").failedAudit(halfFilled))
        .contains("audit \"no null in amount_usd\" " + on + "column amount_usd does not exist");
  }

  @Test
  void theContractAuditChecksTheSchemaAndNoNullInAColumnItRequires() {
    StagedData requiresCents =
        StagedData.write(b -> {})
            .contract(SchemaContract.of(ColumnSpec.required("amount_cents", Types.LongType.get())));
    StagedData requiresUsd =
        StagedData.write(b -> {})
            .contract(SchemaContract.of(ColumnSpec.required("amount_usd", Types.LongType.get())));
    StagedBranch halfFilled = branch(rows(1L, 10L, 1000L, 2L, 20L, null), MAIN);

    assertThat(requiresCents.failedAudit(halfFilled))
        .contains(
            "audit \"contract\" failed on branch stage_ns_0002_payments: 1 of 2 rows have a null"
                + " amount_cents, a column the contract requires");
    assertThat(requiresUsd.failedAudit(halfFilled))
        .contains(
            "audit \"contract\" failed on branch stage_ns_0002_payments: missing required column"
                + " amount_usd (long)");
  }

  @Test
  void theAuditsRunInOrderUpToTheFirstThatFailsAndAnAuditThatThrowsFails() {
    List<String> ran = new ArrayList<>();
    StagedData step =
        StagedData.write(b -> {})
            .audit("first", branch -> ran.add("first"))
            .audit(
                "second",
                branch -> {
                  throw new IllegalStateException("no rates for 2019");
                })
            .audit("third", branch -> ran.add("third"));

    assertThat(step.failedAudit(branch(FILLED, MAIN)))
        .contains(
            "audit \"second\" failed on branch stage_ns_0002_payments: it threw"
                + " java.lang.IllegalStateException: no rates for 2019");
    assertThat(ran).containsExactly("first");
  }

  @Test
  void aStepRefusesMissingParts() {
    assertThatThrownBy(() -> StagedData.write(null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot stage data: the write is null");
    assertThatThrownBy(() -> StagedData.write(b -> {}).auditNoNulls(" "))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot add audit: the column is empty");
    assertThatThrownBy(() -> StagedData.write(b -> {}).audit("", b -> true))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot add audit: the description is empty");
    assertThatThrownBy(() -> StagedData.write(b -> {}).onMainMoved(null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot stage data: the policy is null");
    assertThatThrownBy(() -> MigrationContexts.of(catalog, "ns").stageData("payments", null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot stage data of ns.payments: the step is null");
  }
}
