package dev.icebergops.runner;

import dev.icebergops.runner.FaultScenario.Reference;
import dev.icebergops.runner.MigrationStatus.State;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.types.Types;

/**
 * What a namespace must show after a faulted or killed run, read through a healthy client: the
 * history tells the table's shape, a killed run reads as gone, and the documented way forward
 * converges to a clean run's state. Each check adds what it finds wrong to a list of problems.
 */
final class NamespaceChecks {

  /** A namespace's observable state: its table's columns, its statuses, its stored rows. */
  record NamespaceSnapshot(List<String> columns, List<String> statuses, List<String> stored) {}

  private final Catalog catalog;
  private final FaultOperation operation;

  NamespaceChecks(Catalog catalog, FaultOperation operation) {
    this.catalog = catalog;
    this.operation = operation;
  }

  /**
   * A clean history (every version applied, pending or rolled back) must match the table exactly; a
   * failed, running or interrupted version allows the before, after and documented half-states.
   */
  void historyTellsTheShape(MigrationRunner healthy, Reference reference, List<String> problems) {
    List<MigrationStatus> statuses = healthy.status();
    List<String> shape = names(healthy.namespace());
    boolean unfinished =
        statuses.stream()
            .anyMatch(
                s ->
                    s.state() == State.FAILED
                        || s.state() == State.RUNNING
                        || s.state() == State.INTERRUPTED);
    if (unfinished) {
      if (!shape.equals(reference.before())
          && !shape.equals(reference.after())
          && !operation.halfStates().contains(shape)) {
        problems.add(
            "the table is "
                + shape
                + ", neither before, after nor a documented half-state; history says "
                + describe(statuses));
      }
      return;
    }
    String highest = null;
    for (MigrationStatus status : statuses) {
      if (status.state() == State.APPLIED) {
        highest = status.version();
      }
    }
    List<String> expected = operation.shapeWhenApplied(highest);
    if (!shape.equals(expected)) {
      problems.add(
          "history says "
              + describe(statuses)
              + ", which means "
              + expected
              + ", but the table is "
              + shape);
    }
  }

  /**
   * After a SIGKILL: no version reads as running (one the killed run left running reads as
   * interrupted), and a lease the killed run left reads as not held, so the next run takes it over
   * at once (the lease names a process of this host that is gone).
   */
  void killedRunIsGone(MigrationRunner healthy, List<String> problems) {
    List<MigrationStatus> statuses = healthy.status();
    if (statuses.stream().anyMatch(s -> s.state() == State.RUNNING)) {
      problems.add("a version of the killed run still reads as running: " + describe(statuses));
    }
    healthy
        .lease()
        .filter(l -> ProcessScope.CURRENT.mayBeAlive(l, Instant.now()))
        .ifPresent(l -> problems.add("the killed run's lease still reads as held: " + l));
  }

  /** Takes the operation's documented way forward; the namespace must then equal a clean run's. */
  void wayForwardConverges(
      MigrationRunner healthy, NamespaceSnapshot clean, List<String> problems) {
    try {
      operation.recover(healthy);
    } catch (RuntimeException e) {
      problems.add("the way forward failed: " + e);
    }
    NamespaceSnapshot end = snapshot(healthy);
    if (!end.equals(clean)) {
      problems.add("did not converge: expected " + clean + " but was " + end);
    }
  }

  /** The namespace as it stands: the table's columns and types, the statuses, the stored rows. */
  NamespaceSnapshot snapshot(MigrationRunner healthy) {
    String namespace = healthy.namespace();
    List<String> columns = new ArrayList<>();
    TableIdentifier table = TableIdentifier.of(namespace, "t");
    if (catalog.tableExists(table)) {
      for (Types.NestedField field : catalog.loadTable(table).schema().columns()) {
        columns.add(field.name() + ":" + field.type());
      }
    }
    List<String> statuses =
        healthy.status().stream().map(s -> s.version() + " " + s.state()).toList();
    List<String> stored =
        StoredRows.versions(catalog, FaultScenario.meta(namespace), namespace).stream()
            .sorted()
            .toList();
    return new NamespaceSnapshot(columns, statuses, stored);
  }

  /** The names of the table's columns, in order; empty when the table does not exist. */
  List<String> names(String namespace) {
    TableIdentifier table = TableIdentifier.of(namespace, "t");
    if (!catalog.tableExists(table)) {
      return List.of();
    }
    return catalog.loadTable(table).schema().columns().stream()
        .map(Types.NestedField::name)
        .toList();
  }

  private static String describe(List<MigrationStatus> statuses) {
    return statuses.stream().map(s -> s.version() + " " + s.state()).toList().toString();
  }
}
