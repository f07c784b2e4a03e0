package dev.icebergops.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.icebergops.runner.MigrationRunner;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.NotFoundException;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.SupportsPrefixOperations;
import org.junit.jupiter.api.Test;

/** A table's copy on the real REST catalog and S3 store. */
@IcebergMigrations(classes = TemplateFixtures.V0001__CreateLedger.class, checkDowngrade = false)
class TableCopyTest {

  @Test
  void aCopyWhoseSourceLostADataFileFailsAndLeavesNoTableAndNoObject(
      Catalog catalog, MigrationRunner runner, @IcebergTable("ledger") Table ledger)
      throws Exception {
    TableCopy source = TableCopy.of(id(runner, "ledger"), ledger, true, Map.of());
    try (CloseableIterable<FileScanTask> tasks = ledger.newScan().planFiles()) {
      ledger.io().deleteFile(tasks.iterator().next().file().location());
    }
    TableIdentifier target = id(runner, "ledger_copy");

    assertThat(source.missingDataFile()).isPresent();
    assertThatThrownBy(() -> source.copyTo(catalog, target, null))
        .isInstanceOf(NotFoundException.class);
    assertThat(catalog.tableExists(target)).as("the copy, registered before its files").isFalse();
    List<String> left = new ArrayList<>();
    ((SupportsPrefixOperations) ledger.io())
        .listPrefix(ledger.location() + "_copy/")
        .forEach(file -> left.add(file.location()));
    assertThat(left).as("objects under the failed copy's location").isEmpty();
  }

  private static TableIdentifier id(MigrationRunner runner, String table) {
    return TableIdentifier.of(runner.namespace(), table);
  }
}
