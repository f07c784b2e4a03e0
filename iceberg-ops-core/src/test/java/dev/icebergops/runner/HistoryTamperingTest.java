package dev.icebergops.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.HistoryRecord.Status;
import dev.icebergops.runner.FailureFixtures.V0001__CreateT;
import dev.icebergops.runner.FailureFixtures.V0002__AddA;
import dev.icebergops.runner.FailureFixtures.V0003__AddB;
import dev.icebergops.runner.MigrationStatus.State;
import dev.icebergops.runner.ValidationFinding.Kind;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.SharedEnvironment;
import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.types.Types;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Other writers tamper with the history table, on the real REST catalog + S3: its partition spec or
 * schema changed so that iceberg-ops cannot write it as it reads it is refused before writing,
 * naming the table, the change and how to restore it; a row it cannot read is shown as unreadable
 * with its raw values, listed by validate and removed by repair; a status spelled another way is
 * read as what it spells and rewritten by repair.
 */
@ExtendWith(SharedEnvironment.class)
class HistoryTamperingTest {

  private OwnHistory own;

  @BeforeEach
  void setUp(IcebergTestEnvironment environment) {
    own = OwnHistory.create(environment, "tampered");
  }

  private MigrationRunner appliedUpTo0003() {
    MigrationRunner runner = own.runner(V0001__CreateT.class, V0002__AddA.class, V0003__AddB.class);
    runner.migrate();
    return runner;
  }

  /** Asserts that migrate refuses to record 0003, naming the namespace, table and change. */
  private AbstractThrowableAssert<?, ? extends Throwable> assertMigrateRefused(
      MigrationRunner runner, String change) {
    return assertThatThrownBy(runner::migrate)
        .hasMessageStartingWith(
            "Cannot record migration 0003 of namespace "
                + own.namespace()
                + " in "
                + own.historyTable()
                + ": "
                + change);
  }

  private Table table() {
    return own.catalog().loadTable(own.historyTable());
  }

  private void setStatus(String version, String status) {
    HistoryEdits.editRow(
        own.catalog(),
        own.historyTable(),
        own.namespace(),
        version,
        row -> row.setField("status", status));
  }

  private List<Record> storedRows() throws Exception {
    List<Record> rows = new ArrayList<>();
    try (CloseableIterable<Record> read = IcebergGenerics.read(table()).build()) {
      read.forEach(row -> rows.add(row.copy()));
    }
    return rows;
  }

  @Test
  void aStatusInAnotherCaseIsReadAsItsValueAndRepairRewritesIt() throws Exception {
    MigrationRunner runner = appliedUpTo0003();
    setStatus("0002", " APPLIED");

    assertThat(runner.status())
        .extracting(MigrationStatus::state)
        .containsExactly(State.APPLIED, State.APPLIED, State.APPLIED);
    assertThat(runner.current()).contains("0003");
    runner.validate();

    // repair (like any write of the namespace) stores it as iceberg-ops writes it
    runner.repair();
    assertThat(storedRows())
        .filteredOn(r -> "0002".equals(r.getField("version")))
        .extracting(r -> r.getField("status"))
        .containsExactly("applied");
  }

  @Test
  void anUnknownStatusIsUnreadableListedByValidateAndRemovedByRepair() {
    MigrationRunner runner = appliedUpTo0003();
    setStatus("0002", "done");

    assertThat(runner.status())
        .extracting(MigrationStatus::version, MigrationStatus::state)
        .containsExactly(
            tuple("0001", State.APPLIED),
            tuple("0002", State.UNREADABLE),
            tuple("0003", State.APPLIED));
    assertThat(runner.status().get(1).error())
        .contains("unreadable row in " + own.historyTable() + ": its status 'done' is unknown")
        .contains("status=done")
        .contains("run repair() to remove the row");
    assertThat(runner.history())
        .extracting(HistoryRecord::version, HistoryRecord::status)
        .contains(tuple("0002", Status.UNREADABLE));
    assertThat(runner.current()).contains("0003");
    OwnHistory.assertOnlyFinding(runner, "0002", Kind.UNREADABLE_ROW);
    assertThatThrownBy(runner::migrate).isInstanceOf(MigrationValidationException.class);

    assertThat(runner.repair().changes())
        .singleElement()
        .satisfies(
            c -> {
              assertThat(c.version()).isEqualTo("0002");
              assertThat(c.change()).contains("removed its unreadable row", "status=done");
            });
    // the row is gone: the version is missing from history, and stamping it is the way out
    assertThat(runner.status().get(1).state()).isEqualTo(State.MISSING_FROM_HISTORY);
    assertThat(runner.stamp("0002").versions()).containsExactly("0002");
    runner.validate();
    assertThat(FailureFixtures.upgrades(own.namespace(), "0002")).isEqualTo(1);
  }

  @Test
  void aNullStatusIsUnreadableAndRepairRemovesIt() {
    MigrationRunner runner = appliedUpTo0003();
    table().updateSchema().makeColumnOptional("status").commit();
    setStatus("0003", null);

    assertThat(runner.status().get(2).state()).isEqualTo(State.UNREADABLE);
    assertThat(runner.status().get(2).error()).contains("its status is null");
    assertThat(runner.current()).contains("0002");

    runner.repair();
    // the highest row is gone: 0003 reads as pending, with its tables to check before migrating
    assertThat(runner.status().get(2).state()).isEqualTo(State.PENDING);
    runner.stamp("0003");
    runner.validate();
  }

  @Test
  void aPartitionFieldAddedByAnotherWriterIsRefusedBeforeWritingAndRestorable() {
    own.runner(V0001__CreateT.class, V0002__AddA.class).migrate();
    table().updateSpec().addField("version").commit();
    long before = table().currentSnapshot().snapshotId();
    MigrationRunner runner = own.runner(V0001__CreateT.class, V0002__AddA.class, V0003__AddB.class);

    assertMigrateRefused(runner, "its partition spec was changed by another")
        .hasMessageContaining("now [namespace, version], iceberg-ops writes [namespace]")
        .hasMessageContaining("table.updateSpec().removeField(\"version\").commit()")
        .hasMessageContaining(
            "ALTER TABLE " + own.historyTable() + " DROP PARTITION FIELD version");
    assertThat(table().currentSnapshot().snapshotId()).isEqualTo(before);
    assertThat(runner.status()).extracting(MigrationStatus::state).contains(State.PENDING);

    table().updateSpec().removeField("version").commit();
    assertThat(runner.migrate().versions()).containsExactly("0003");
    assertThat(namespacesOfFiles()).containsOnly(own.namespace());
  }

  @Test
  void theNamespacePartitionFieldRemovedIsRefusedBeforeWritingAndRestorable() {
    own.runner(V0001__CreateT.class, V0002__AddA.class).migrate();
    table().updateSpec().removeField("namespace").commit();
    MigrationRunner runner = own.runner(V0001__CreateT.class, V0002__AddA.class, V0003__AddB.class);

    assertThat(runner.current()).contains("0002");
    assertMigrateRefused(runner, "its partition spec was changed by another")
        .hasMessageContaining("now [], iceberg-ops writes [namespace]")
        .hasMessageContaining("table.updateSpec().addField(\"namespace\").commit()")
        .hasMessageContaining("ADD PARTITION FIELD namespace");

    table().updateSpec().addField("namespace").commit();
    assertThat(runner.migrate().versions()).containsExactly("0003");
    assertThat(namespacesOfFiles()).containsOnly(own.namespace());
  }

  @Test
  void aRequiredColumnAddedByAnotherWriterIsRefusedNamingItAndRestorable() {
    MigrationRunner first = own.runner(V0001__CreateT.class, V0002__AddA.class);
    first.migrate();
    table()
        .updateSchema()
        .allowIncompatibleChanges()
        .addRequiredColumn("approved_by", Types.StringType.get())
        .commit();
    MigrationRunner runner = own.runner(V0001__CreateT.class, V0002__AddA.class, V0003__AddB.class);

    assertThat(runner.current()).contains("0002");
    assertMigrateRefused(runner, "column approved_by was made required")
        .hasMessageContaining("makeColumnOptional(\"approved_by\")")
        .hasMessageContaining("ALTER COLUMN approved_by DROP NOT NULL");

    table().updateSchema().makeColumnOptional("approved_by").commit();
    assertThat(runner.migrate().versions()).containsExactly("0003");
  }

  @Test
  void aRenamedStatusColumnIsRefusedBeforeWritingUntilRenamedBack() {
    MigrationRunner runner = own.runner(V0001__CreateT.class, V0002__AddA.class);
    runner.migrate();
    table().updateSchema().renameColumn("status", "state").commit();

    // reads keep working: a snapshot is read with the schema it was written with
    assertThat(runner.status())
        .extracting(MigrationStatus::state)
        .containsExactly(State.APPLIED, State.APPLIED);
    assertThatThrownBy(runner::repair)
        .hasMessageContaining("in " + own.historyTable() + ": column status was renamed to state")
        .hasMessageContaining("renameColumn(\"state\", \"status\")")
        .hasMessageContaining("RENAME COLUMN state TO status");

    table().updateSchema().renameColumn("state", "status").commit();
    runner.repair();
    runner.validate();
  }

  private List<String> namespacesOfFiles() {
    List<String> namespaces = new ArrayList<>();
    Table table = table();
    try (CloseableIterable<org.apache.iceberg.FileScanTask> tasks = table.newScan().planFiles()) {
      for (org.apache.iceberg.FileScanTask task : tasks) {
        DataFile file = task.file();
        namespaces.add(
            table.specs().get(file.specId()).fields().isEmpty()
                ? null
                : String.valueOf(file.partition().get(0, Object.class)));
      }
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return namespaces;
  }
}
