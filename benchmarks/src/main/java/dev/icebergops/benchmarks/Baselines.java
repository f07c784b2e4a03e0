package dev.icebergops.benchmarks;

/**
 * The source of the baseline migration of the benchmarks' 300-chain: {@code B0290__Baseline}
 * creates {@code items} as migrations 0001..0290 leave it, with the same field ids ({@code id} 1,
 * {@code c<k>} k) given explicitly, so that 0291..0300 apply on top of it unchanged.
 *
 * <p>A runner that does not know baselines ignores the class (its name is not {@code
 * V<NNNN>__<Description>}) and migrates all 300 versions; the measure then says so.
 */
final class Baselines {

  /** The chain the baseline belongs to. */
  static final int CHAIN = 300;

  /** The baseline's version. */
  static final int VERSION = 290;

  /** The package of the chain with the baseline: the 300-chain's migrations and the baseline. */
  static final String PACKAGE = "bench.c" + CHAIN + "b";

  /** The baseline's simple class name. */
  static final String CLASS_NAME = "B" + Chains.version(VERSION) + "__Baseline";

  /** How many versions a runner that applies the baseline runs: it, then those after it. */
  static final int STEPS_WITH_BASELINE = 1 + CHAIN - VERSION;

  private Baselines() {}

  /** The baseline's Java source, in {@link #PACKAGE}. */
  static String source() {
    return """
        package %1$s;

        import dev.icebergops.migration.BaseMigration;
        import dev.icebergops.migration.MigrationContext;
        import java.util.ArrayList;
        import java.util.List;
        import org.apache.iceberg.Schema;
        import org.apache.iceberg.types.Types;

        /** The state of %2$s built directly: items (id, c2..c%3$d), ids as the chain assigns them. */
        public class %4$s extends BaseMigration {
          @Override public String version() {
            return "%2$s";
          }
          @Override public String description() {
            return "Baseline";
          }
          @Override public void upgrade(MigrationContext ctx) {
            List<Types.NestedField> fields = new ArrayList<>();
            fields.add(Types.NestedField.required(1, "id", Types.LongType.get()));
            for (int k = 2; k <= %3$d; k++) {
              fields.add(Types.NestedField.optional(k, "c" + k, Types.LongType.get()));
            }
            ctx.createTableIfNotExists("%5$s", new Schema(fields));
          }
          @Override public void downgrade(MigrationContext ctx) {
            ctx.dropTableIfExists("%5$s");
          }
        }
        """
        .formatted(PACKAGE, Chains.version(VERSION), VERSION, CLASS_NAME, Chains.TABLE);
  }
}
