package dev.icebergops.runner;

import dev.icebergops.migration.ResolvedMigration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds, in an empty shadow, the state the applied versions produce (from the baseline that built
 * the namespace, if one did) and compares each table with the live one. The live catalog is only
 * read.
 */
final class DriftCheck {

  private static final Logger LOG = LoggerFactory.getLogger(DriftCheck.class);

  private final Catalog live;
  private final String namespace;

  DriftCheck(Catalog live, String namespace) {
    this.live = live;
    this.namespace = namespace;
  }

  /**
   * Compares the live tables with what the applied versions of {@code state} make.
   *
   * @param state the namespace's state
   * @param liveTables the names of the namespace's live tables, without the history table
   * @throws IllegalStateException if an applied version has no migration, or the replay fails
   */
  DriftReport check(NamespaceState state, List<String> liveTables) {
    List<ResolvedMigration> applied = applied(state);
    ShadowCatalog expected = ShadowCatalog.empty();
    for (ResolvedMigration migration : applied) {
      ShadowRun.Ended ended = ShadowRun.upgrade(expected, namespace, migration);
      if (ended.error() != null) {
        throw new IllegalStateException(
            "Cannot check drift of "
                + namespace
                + ": replaying the migrations on an empty shadow failed: "
                + ended.message(migration, namespace),
            ended.error());
      }
    }
    LOG.info("Replayed {} versions of {} on a shadow to check drift", applied.size(), namespace);
    Map<TableIdentifier, TableMetadata> made = expected.tables();
    TreeSet<String> names = new TreeSet<>();
    made.keySet().forEach(id -> names.add(id.toString()));
    liveTables.forEach(table -> names.add(namespace + "." + table));
    List<DriftFinding> findings = new ArrayList<>();
    for (String name : names) {
      TableIdentifier id = TableIdentifier.parse(name);
      TableMetadata want = made.get(id);
      TableMetadata have = load(id);
      if (have == null && want != null) {
        findings.add(new DriftFinding(name, DriftFinding.Kind.TABLE_MISSING, null, null, null));
      } else if (want == null && have != null) {
        findings.add(new DriftFinding(name, DriftFinding.Kind.TABLE_UNEXPECTED, null, null, null));
      } else if (want != null) {
        findings.addAll(DriftComparison.compare(name, want, have));
      }
    }
    return new DriftReport(namespace, state.current(), findings);
  }

  /** The migrations of the applied versions, in order: the baseline that built it first. */
  private List<ResolvedMigration> applied(NamespaceState state) {
    List<ResolvedMigration> applied = new ArrayList<>();
    for (MigrationStatus status : VersionStatuses.of(state)) {
      if (status.state() != MigrationStatus.State.APPLIED) {
        continue;
      }
      ResolvedMigration migration = state.migration(status.version());
      if (migration == null) {
        throw new IllegalStateException(
            "Cannot check drift of "
                + namespace
                + ": version "
                + status.version()
                + " is applied but no migration has it");
      }
      applied.add(migration);
    }
    return applied;
  }

  private TableMetadata load(TableIdentifier id) {
    if (!live.tableExists(id)) {
      return null;
    }
    Table table = live.loadTable(id);
    if (!(table instanceof HasTableOperations withOps)) {
      throw new IllegalStateException(
          "Cannot check drift of " + id + ": the catalog does not expose its metadata");
    }
    return withOps.operations().current();
  }
}
