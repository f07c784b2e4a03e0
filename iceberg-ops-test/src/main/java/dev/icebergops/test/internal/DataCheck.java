package dev.icebergops.test.internal;

import dev.icebergops.migration.ResolvedMigration;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.test.internal.DataLoss.Kind;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.relocated.com.google.common.collect.Maps;
import org.apache.iceberg.types.TypeUtil;

/**
 * Data survives: up one version at a time, appending generated rows to every table at each; at head
 * every row is read back by field id, and again after each step down, found where it was written
 * or, once a migration rewrote its file, by its values. A loss is laid at the version whose upgrade
 * or downgrade caused it (for rows lost or changed at head, the first version after they were
 * written at whose state the table, read as of then, shows it), and fails unless that version's
 * migration class declares it {@code @Destructive}. A column a declared backfill wrote must read
 * the values it declares. Nulls that read values (a fill) are no loss: reported at the version
 * whose state first shows them, and at the downgrade of that version if it keeps them.
 */
final class DataCheck {

  /** The seed of the generated rows: the same set always gets the same rows. */
  static final long SEED = 42L;

  /**
   * A table's identity, schema and snapshot right after a version's upgrade (null before its first
   * snapshot).
   */
  private record TableState(String uuid, Schema schema, Long snapshotId) {}

  private final CheckRun run;
  private final DeclaredBackfills backfills;

  /** The rows written, by version: those up to the version below it, on a walk below one. */
  private DataLedger ledger;

  private final Map<String, Map<String, TableState>> states = new HashMap<>();
  private final List<String> applied = new ArrayList<>();
  private final Set<String> seen = new HashSet<>();

  /** The version that filled each {@link Kind#FILLED} finding at head, null when none shows it. */
  private final Map<String, String> filledAt = new HashMap<>();

  private final ReadBackFiles files = new ReadBackFiles();
  private final DataMessages messages;

  /** Where each walk below an allowed irreversible version left its namespace, by the version. */
  private final Map<String, NoTraceCheck.Below> walkedBelow;

  /** What an allowed irreversible version meant for the check. */
  private static final String BELOW =
      "the downgrades below it were checked from a fresh namespace, migrated up to the version"
          + " below it with rows written at each version";

  /** Why the walk down stopped above downTo, or null. */
  private CheckRun.Stop stoppedAt;

  DataCheck(CheckRun run) {
    this(run, new HashMap<>());
  }

  private DataCheck(CheckRun run, Map<String, NoTraceCheck.Below> walkedBelow) {
    this.run = run;
    this.walkedBelow = walkedBelow;
    this.messages = new DataMessages(run);
    this.backfills = new DeclaredBackfills(run.settings().backfills());
    this.ledger = new DataLedger(backfills);
  }

  /** Walks up to head and back down, from the start (see {@link CheckRun#fromStart}). */
  static void walk(CheckRun run) {
    DataCheck check = new DataCheck(run);
    if (check.up(run.head())) {
      check.atHead();
      check.down(run.head());
    }
  }

  /**
   * Up one version at a time to {@code top}, recording each table's state and appending a batch to
   * it.
   */
  private boolean up(String top) {
    if (!run.start().isEmpty() && run.start().isAt(run.runner())) {
      reached(run.start().version(), null); // production's tables hold rows too
    }
    for (ResolvedMigration migration : run.migrations()) {
      String version = migration.version();
      if (version.compareTo(top) > 0) {
        break;
      }
      if (!run.upgrade(version, null)) {
        return false;
      }
      reached(version, null);
    }
    return true;
  }

  /**
   * The namespace has just reached a version: records each table's state and appends a batch.
   *
   * @param loaded every table of the namespace, loaded since the version was reached; null to load
   *     them here
   */
  void reached(String version, Map<String, Table> loaded) {
    states.putIfAbsent(MigrationRunner.BASE_VERSION, Map.of());
    run.cover(version);
    applied.add(version);
    Map<String, Table> tables = loaded == null ? run.tables() : loaded;
    Map<String, TableState> state = new TreeMap<>();
    states.put(version, state);
    backfills.reached(version, tables).forEach(problem -> run.failAt(version, problem));
    tables.forEach(
        (name, t) -> {
          Long snapshot = t.currentSnapshot() == null ? null : t.currentSnapshot().snapshotId();
          state.put(name, new TableState(t.uuid().toString(), t.schema(), snapshot));
          String unchecked = ledger.write(version, name, t);
          if (unchecked != null) {
            run.warn(messages.notChecked(name, version, unchecked));
          }
        });
  }

  /** At head: every loss is laid at the upgrade that caused it. */
  void atHead() {
    run.recordHead(Maps.transformValues(states.get(run.head()), TableState::schema));
    Map<String, Table> tables = run.tables();
    backfills.takeMatched();
    List<DataLoss> losses = ledger.compare(tables, files, run.head(), Set.of());
    backfills
        .takeMatched()
        .forEach(
            (backfill, rows) -> {
              if (losses.stream().noneMatch(loss -> loss.backfill() == backfill)) {
                run.note(messages.backfilled(backfill, rows));
              }
            });
    for (DataLoss loss : losses) {
      if (loss.kind() != Kind.FILLED) {
        seen.add(loss.key()); // a fill is reported again at the downgrade that keeps it
      }
      if (loss.kind() == Kind.NOT_AS_DECLARED) {
        run.failAt(loss.backfill().version(), messages.notAsDeclared(loss));
        continue;
      }
      String culprit = culprit(loss, tables.get(loss.table()));
      if (loss.kind() == Kind.FILLED) {
        filledAt.put(loss.key(), culprit);
        run.note(messages.filled(culprit, loss));
      } else if (culprit != null) {
        judge(culprit, loss, messages.upgradeLoss(culprit, loss, addedAlike(culprit, loss)));
      } else if (declaredAfter(loss.writtenAt().get(0)) != null) {
        run.note(messages.declared(declaredAfter(loss.writtenAt().get(0)), loss));
      } else {
        run.fail(messages.unattributedLoss(loss, run.head()));
      }
    }
  }

  /**
   * Down one version at a time from {@code top} to downTo; each new loss is laid at that downgrade.
   */
  private void down(String top) {
    List<ResolvedMigration> all = run.migrations();
    String downTo = run.settings().downTo();
    for (int i = all.size() - 1; i >= 0 && all.get(i).version().compareTo(downTo) > 0; i--) {
      String version = all.get(i).version();
      if (version.compareTo(top) > 0) {
        continue;
      }
      String previous = run.previous(version);
      CheckRun.Stop stop = run.rollBack(previous);
      if (stop != null) {
        stoppedAt = stop;
        stopped(stop);
        return;
      }
      steppedDown(version, previous, run.tables());
    }
  }

  /**
   * The namespace has just been rolled back from {@code version} to {@code previous}.
   *
   * @param tables every table of the namespace, loaded since the rollback
   */
  void steppedDown(String version, String previous, Map<String, Table> tables) {
    // a loss reported already is reported no more: its findings are not even gathered
    for (DataLoss loss : ledger.compare(tables, files, previous, seen)) {
      if (loss.kind() == Kind.FILLED) {
        // noted once: at the downgrade of the version that filled it, or where it first shows
        if (version.equals(filledAt.getOrDefault(loss.key(), version)) && seen.add(loss.key())) {
          run.note(messages.keptFill(version, loss));
        }
      } else if (seen.add(loss.key())) {
        afterDowngrade(version, previous, loss);
      }
    }
  }

  /**
   * A rollback one step down stopped. At an allowed irreversible version, the downgrades below it
   * are checked all the same, from a fresh namespace (see {@link #walkBelow}).
   */
  void stopped(CheckRun.Stop stop) {
    if (run.allowed(stop)) {
      run.fact(run.irreversible(stop), BELOW);
      walkBelow(stop.version());
    } else {
      run.reportStop(stop, "");
    }
  }

  /**
   * Checks the downgrades below an allowed irreversible version: in a fresh namespace, up to the
   * version below it with rows written at each version, then down to downTo, each new loss laid at
   * the downgrade that caused it, as on the first walk. What is lost at the top of this walk was
   * judged at head already. Where the walk left the namespace is kept for the no-trace check
   * ({@link #walkedBelow(String)}), which then needs no walk of its own.
   */
  private void walkBelow(String irreversible) {
    String top = run.previous(irreversible);
    if (top.compareTo(run.settings().downTo()) <= 0) {
      return;
    }
    try (ScratchNamespace scratch =
        ScratchNamespace.open(run, "data_below" + irreversible, false)) {
      CheckRun below = run.on(scratch.runner());
      DataCheck walk = new DataCheck(below, walkedBelow);
      if (walk.up(top)) {
        walk.seeLosses(top);
        walk.down(top);
        walkedBelow.put(irreversible, new NoTraceCheck.Below(scratch.capture(), walk.stoppedAt));
      }
      run.absorb(below);
    }
  }

  /**
   * The check of the downgrades below the allowed irreversible version that stopped a rollback,
   * going on in {@code below}: a namespace at the version below it whose tables are those this
   * check wrote rows to, as they were there (registered from their metadata then). It is the check
   * a fresh walk up to that version would be: its ledger holds the rows written up to there, and
   * what is lost there was judged at head already.
   */
  DataCheck continuing(CheckRun.Stop stop, MigrationRunner below) {
    run.fact(run.irreversible(stop), BELOW);
    String top = run.previous(stop.version());
    DataCheck walk = new DataCheck(run.on(below), walkedBelow);
    walk.ledger = ledger.upTo(top); // with this check's declared backfills
    walk.states.putAll(states); // those above top are never looked up below it
    walk.seeLosses(top);
    return walk;
  }

  /** What is lost at {@code top}, where a walk below starts, was judged at head already. */
  private void seeLosses(String top) {
    ledger.compare(run.tables(), files, top, seen).forEach(l -> seen.add(l.key()));
  }

  /**
   * The walk below {@code irreversible} that {@link #continuing} began left its namespace as {@code
   * left} says, kept for the no-trace check; its findings, {@code walk}'s, go to this check's.
   */
  void walkedBelow(String irreversible, NoTraceCheck.Below left, DataCheck walk) {
    walkedBelow.put(irreversible, left);
    run.absorb(walk.run);
  }

  /**
   * Where the walk below the allowed irreversible version {@code irreversible} left its namespace
   * once it had walked up and back down, or null when it did not (its upgrade failed, say).
   */
  NoTraceCheck.Below walkedBelow(String irreversible) {
    return walkedBelow.get(irreversible);
  }

  private void afterDowngrade(String version, String previous, DataLoss loss) {
    TableState before = states.get(previous).get(loss.table());
    String uuid = states.get(loss.writtenAt().get(0)).get(loss.table()).uuid();
    boolean existedBefore =
        before != null
            && before.uuid().equals(uuid)
            && (loss.wholeRows() || before.schema().findField(loss.fieldId()) != null);
    boolean removal = loss.kind() == Kind.COLUMN_DROPPED || loss.kind() == Kind.TABLE_DROPPED;
    if (removal && !existedBefore) {
      run.note(messages.discarded(version, loss));
    } else {
      judge(version, loss, messages.downgradeLoss(version, loss));
    }
  }

  private void judge(String version, DataLoss loss, String failure) {
    if (run.declaresLoss(version)) {
      run.note(messages.declared(version, loss));
    } else {
      run.failAt(version, failure);
    }
  }

  /** A column of the dropped column's type that the same upgrade added: a rename, most likely. */
  private String addedAlike(String version, DataLoss loss) {
    int at = applied.indexOf(version);
    TableState before = at > 0 ? states.get(applied.get(at - 1)).get(loss.table()) : null;
    TableState after = states.get(version).get(loss.table());
    if (loss.kind() != Kind.COLUMN_DROPPED
        || before == null
        || after == null
        || !before.uuid().equals(after.uuid())) {
      return null;
    }
    return TypeUtil.indexById(after.schema().asStruct()).values().stream()
        .filter(f -> before.schema().findField(f.fieldId()) == null)
        .filter(f -> f.type().toString().equals(loss.type()))
        .map(f -> after.schema().findColumnName(f.fieldId()))
        .findFirst()
        .orElse(null);
  }

  /**
   * The first version after the rows were written whose state explains the loss; else, for rows
   * lost or changed without a schema change to explain it, the first such version at whose state
   * the table (when it still exists), read as of its snapshot then, shows the loss; null when none
   * does or the table's history cannot be read.
   */
  private String culprit(DataLoss loss, Table table) {
    String written = loss.writtenAt().get(0);
    String uuid = states.get(written).get(loss.table()).uuid();
    List<String> later = applied.subList(applied.indexOf(written) + 1, applied.size());
    for (String version : later) {
      TableState state = states.get(version).get(loss.table());
      boolean other = state == null || !state.uuid().equals(uuid);
      boolean has = !other && state.schema().findField(loss.fieldId()) != null;
      boolean explains =
          switch (loss.kind()) {
            case TABLE_DROPPED, TABLE_REPLACED -> other;
            case COLUMN_DROPPED -> other || !has;
            case FILLED, VALUES_CHANGED, ROWS_GONE, NOT_AS_DECLARED -> false;
          };
      if (explains) {
        return version;
      }
    }
    if (table == null) {
      return null;
    }
    Table view = files.view(table);
    for (String version : later) {
      TableState state = states.get(version).get(loss.table());
      if (state == null || !state.uuid().equals(uuid) || state.snapshotId() == null) {
        return null;
      }
      List<DataLoss> then;
      try {
        TableRead read = TableRead.of(view, state.snapshotId(), state.schema());
        then =
            ledger.compare(
                Map.of(loss.table(), read),
                version,
                b -> b.table().equals(loss.table()) && b.version().compareTo(version) < 0,
                Set.of());
      } catch (RuntimeException e) {
        return null; // a snapshot expired by a migration, say
      }
      if (then.stream().anyMatch(l -> l.key().equals(loss.key()))) {
        return version;
      }
    }
    return null;
  }

  /** The first version after {@code written} that declares a loss of data, or null. */
  private String declaredAfter(String written) {
    return applied.stream()
        .filter(v -> v.compareTo(written) > 0 && run.declaresLoss(v))
        .findFirst()
        .orElse(null);
  }
}
