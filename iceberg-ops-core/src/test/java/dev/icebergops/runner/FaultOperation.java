package dev.icebergops.runner;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.MigrationHistory;
import dev.icebergops.history.NamespaceHistory;
import dev.icebergops.history.TestWrites;
import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.MigrationSource;
import dev.icebergops.runner.FailureFixtures.V0001__CreateT;
import dev.icebergops.runner.FailureFixtures.V0002__AddAAndB;
import dev.icebergops.runner.ValidationFinding.Kind;
import dev.icebergops.schema.EnforceOptions;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.types.Types;

/**
 * The operations the fault matrix runs under each fault: each brings a namespace to its before
 * state with a healthy client, runs once through the faulty one, and is then recovered the way the
 * runner's javadoc prescribes.
 */
enum FaultOperation {
  MIGRATE("migrate", Set.of(List.of("id"), List.of("id", "a"))) {
    @Override
    void act(MigrationRunner runner) {
      runner.migrate("0002");
    }

    @Override
    void recover(MigrationRunner runner) {
      undoUnfinished(runner);
      runner.migrate("0002");
    }
  },
  ROLLBACK("rollback", Set.of(List.of("id", "a"))) {
    @Override
    void setUp(MigrationRunner runner, Catalog catalog) {
      runner.migrate("0002");
    }

    @Override
    void act(MigrationRunner runner) {
      runner.rollback(1);
    }

    @Override
    void recover(MigrationRunner runner) {
      runner.rollbackTo("0001");
    }
  },
  STAMP("stamp", Set.of()) {
    @Override
    void setUp(MigrationRunner runner, Catalog catalog) {
      runner.migrate("0001");
      catalog
          .loadTable(TableIdentifier.of(runner.namespace(), "t"))
          .updateSchema()
          .addColumn("a", Types.StringType.get())
          .addColumn("b", Types.StringType.get())
          .commit();
    }

    @Override
    void act(MigrationRunner runner) {
      runner.stamp("0002");
    }

    @Override
    void recover(MigrationRunner runner) {
      runner.stamp("0002");
    }

    @Override
    List<String> shapeWhenApplied(String highest) {
      return List.of("id", "a", "b"); // stamp changes no table
    }
  },
  REPAIR("repair", Set.of()) {
    @Override
    void setUp(MigrationRunner runner, Catalog catalog) {
      runner.migrate("0001");
      MigrationHistory history = runner.historyTable();
      NamespaceHistory read = history.load(runner.namespace());
      TestWrites.writer(history)
          .commit(
              read,
              read.with(
                  new HistoryRecord(
                      "0002",
                      runner.namespace(),
                      "Add a and b",
                      HistoryRecord.Status.RUNNING,
                      null,
                      null,
                      Instant.now(),
                      0L,
                      "upgrade",
                      List.of(),
                      "a-run-that-died")));
    }

    @Override
    void act(MigrationRunner runner) {
      runner.repair();
    }

    @Override
    void recover(MigrationRunner runner) {
      runner.repair();
      runner.migrate("0002");
    }
  },
  ARCHIVAL(
      "archival (enforceColumn, legacyArchival)",
      Set.of(List.of("id", "a__legacy_1", "b"), List.of("id", "a__legacy_1", "b", "a"))) {
    @Override
    void setUp(MigrationRunner runner, Catalog catalog) {
      runner.migrate("0002");
    }

    @Override
    void act(MigrationRunner runner) {
      runner.migrate();
    }

    @Override
    void recover(MigrationRunner runner) {
      undoUnfinished(runner);
      runner.migrate();
    }
  };

  private final String label;
  private final Set<List<String>> halfStates;

  FaultOperation(String label, Set<List<String>> halfStates) {
    this.label = label;
    this.halfStates = halfStates;
  }

  String label() {
    return label;
  }

  /**
   * The table shapes documented as half-states of a version that failed or was interrupted: those
   * between two of its commits. Column names only; the archived column's type shows in its name.
   */
  Set<List<String>> halfStates() {
    return halfStates;
  }

  /** The table's columns when the history says {@code highest} is the highest applied version. */
  List<String> shapeWhenApplied(String highest) {
    if (highest == null) {
      return List.of();
    }
    return switch (highest) {
      case "0001" -> List.of("id");
      case "0002" -> List.of("id", "a", "b");
      default -> List.of("id", "a__legacy_1", "b", "a");
    };
  }

  /**
   * Whether the operation commits to the namespace's tables: stamp and repair change no table,
   * their own commits are the history's (the run lease, then the rows with the lease's release).
   */
  boolean changesTables() {
    return this != STAMP && this != REPAIR;
  }

  /** Brings the namespace to this operation's before state, through a healthy client. */
  void setUp(MigrationRunner runner, Catalog catalog) {}

  /** Runs the operation once. */
  abstract void act(MigrationRunner runner);

  /** The documented way forward after the operation failed, or a no-op after it succeeded. */
  abstract void recover(MigrationRunner runner);

  /** Undoes a failed or interrupted version first, as validate() asks before migrating again. */
  private static void undoUnfinished(MigrationRunner runner) {
    try {
      runner.validate();
    } catch (MigrationValidationException e) {
      if (e.findings().stream()
          .anyMatch(f -> f.kind() == Kind.FAILED || f.kind() == Kind.INTERRUPTED)) {
        runner.rollback(1);
      }
    }
  }

  /**
   * A runner of this operation's migrations: 0001 creates t, 0002 adds a and b, 0003 archives a.
   */
  static MigrationRunner runner(
      Catalog catalog, String namespace, String meta, Duration timeout, Duration leaseWait) {
    return MigrationRunner.builder(catalog)
        .namespace(namespace)
        .metaNamespace(meta)
        .source(
            MigrationSource.of(V0001__CreateT.class, V0002__AddAAndB.class, V0003__ArchiveA.class))
        .timeout(timeout)
        .leaseDuration(Duration.ofSeconds(5))
        .leaseWait(leaseWait)
        .build();
  }

  /** Makes a a long: the string column is archived as a__legacy_1 and a fresh a is added. */
  public static class V0003__ArchiveA extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.enforceColumn("t", "a", Types.LongType.get(), EnforceOptions.legacyArchival());
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      var schema = ctx.loadTable("t").schema();
      if (schema.findField("a__legacy_1") == null) {
        return;
      }
      if (schema.findField("a") != null) {
        ctx.deleteColumn("t", "a");
      }
      ctx.enforceRename("t", "a__legacy_1", "a");
    }
  }
}
