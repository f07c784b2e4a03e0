package dev.icebergops.runner;

import static org.apache.iceberg.types.Types.NestedField.required;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.MigrationSource;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;

/**
 * Migrations that fail, crash or count their runs, for the runner's failure model tests; the chain
 * on table {@code t} that other tests of the core run too.
 */
public final class FailureFixtures {

  static final Schema T = new Schema(required(1, "id", Types.LongType.get()));

  /** How often each (namespace, version) upgrade ran, across every runner of a test. */
  static final Map<String, AtomicInteger> UPGRADES = new ConcurrentHashMap<>();

  private FailureFixtures() {}

  static void count(MigrationContext ctx, String version) {
    UPGRADES
        .computeIfAbsent(ctx.namespace() + "/" + version, k -> new AtomicInteger())
        .incrementAndGet();
  }

  /** The chain 0001 to 0005: create t, then add a, b, c and d, each not idempotent. */
  static MigrationSource chainOfFive() {
    return MigrationSource.of(
        V0001__CreateT.class,
        V0002__AddA.class,
        V0003__AddB.class,
        V0004__AddC.class,
        V0005__AddD.class);
  }

  static int upgrades(String namespace, String version) {
    AtomicInteger count = UPGRADES.get(namespace + "/" + version);
    return count == null ? 0 : count.get();
  }

  public static class V0001__CreateT extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      count(ctx, "0001");
      ctx.createTableIfNotExists("t", T);
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      ctx.dropTableIfExists("t");
    }
  }

  /** Adds column a, then fails. */
  public static class V0002__AddAThenFail extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.addColumn("t", "a", Types.StringType.get());
      throw new IllegalStateException("the backfill of a failed");
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      if (ctx.loadTable("t").schema().findField("a") != null) {
        ctx.deleteColumn("t", "a");
      }
    }
  }

  /** Adds a and b; the test swaps in a failing version through the factory. */
  public static class V0002__AddAAndB extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.addColumn("t", "a", Types.StringType.get());
      ctx.addColumn("t", "b", Types.StringType.get());
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      for (String column : new String[] {"b", "a"}) {
        if (ctx.loadTable("t").schema().findField(column) != null) {
          ctx.deleteColumn("t", column);
        }
      }
    }
  }

  /** Adds a, then halts the JVM before adding b: a crash between two commits. */
  public static class V0002__AddAHaltAddB extends V0002__AddAAndB {
    @Override
    public String version() {
      return "0002";
    }

    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.addColumn("t", "a", Types.StringType.get());
      Runtime.getRuntime().halt(137);
      ctx.addColumn("t", "b", Types.StringType.get());
    }
  }

  /** Fails with an Error, not an exception. */
  public static class V0002__FailsAnAssertion extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.addColumn("t", "a", Types.StringType.get());
      throw new AssertionError("a must be filled");
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      ctx.deleteColumn("t", "a");
    }
  }

  /** Non-idempotent: adding an existing column fails. */
  abstract static class AddColumn extends BaseMigration {
    private final String column;

    AddColumn(String column) {
      this.column = column;
    }

    @Override
    public void upgrade(MigrationContext ctx) {
      count(ctx, version());
      ctx.addColumn("t", column, Types.StringType.get());
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      ctx.deleteColumn("t", column);
    }
  }

  public static class V0002__AddA extends AddColumn {
    public V0002__AddA() {
      super("a");
    }
  }

  public static class V0003__AddB extends AddColumn {
    public V0003__AddB() {
      super("b");
    }
  }

  public static class V0004__AddC extends AddColumn {
    public V0004__AddC() {
      super("c");
    }
  }

  public static class V0005__AddD extends AddColumn {
    public V0005__AddD() {
      super("d");
    }
  }
}
