package dev.icebergops.migration;

import java.util.List;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.Record;

/**
 * The branch a staged data step writes on, as its write and its audits see it (see {@link
 * MigrationContext#stageData}).
 *
 * <pre>{@code
 * StagedData.write(branch -> branch.table().newAppend().appendFile(file).toBranch(branch.name()).commit())
 *     .audit("one more row", branch -> branch.rows().size() == branch.mainRows().size() + 1);
 * }</pre>
 */
public interface StagedBranch {

  /**
   * The branch's name, for {@code toBranch(name())}; Spark writes on it through {@code
   * SparkMigrationContext.branch}.
   */
  String name();

  /** The table, through the run's catalog: the write commits with {@code toBranch(name())}. */
  Table table();

  /**
   * The snapshot of main the branch was created from; on a table with no snapshot yet, the empty
   * snapshot the branch began at (the publish then creates main).
   */
  long stagedFrom();

  /** The branch's rows now, read from its head in the table's current schema. */
  List<Record> rows();

  /**
   * Main's rows at {@link #stagedFrom}, as readers see them until the step is published, in the
   * table's current schema: the columns this version added read as null.
   */
  List<Record> mainRows();
}
