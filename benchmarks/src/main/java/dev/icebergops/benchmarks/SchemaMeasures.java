package dev.icebergops.benchmarks;

import dev.icebergops.schema.ColumnSpec;
import dev.icebergops.schema.SchemaContract;
import dev.icebergops.schema.SchemaDiff;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.TypeUtil;
import org.apache.iceberg.types.Types;

/** B6: SchemaDiff and contract validation on a 5,000-field nested schema. */
final class SchemaMeasures {

  private static final int STRUCTS = 50;
  private static final int LEAVES = 99; // 50 structs of 99 leaves: 5,000 fields

  private static final int WARM_UP_PASSES = 10;

  private SchemaMeasures() {}

  /**
   * Times each call on schemas built beforehand but never used, so that no index a {@link Schema}
   * caches (its name index, say) is reused from an earlier call.
   */
  static void run(int repetitions) {
    int calls = 2 * repetitions;
    Schema[] befores = new Schema[calls];
    Schema[] afters = new Schema[calls];
    for (int i = 0; i < calls; i++) {
      befores[i] = schema(false);
      afters[i] = schema(true);
    }
    SchemaContract contract = contract(afters[0]);
    Map<String, IntFunction<Object>> measures = new LinkedHashMap<>();
    measures.put("b6.index-by-id", i -> TypeUtil.indexById(afters[i].asStruct()));
    measures.put("b6.schema-diff", i -> SchemaDiff.between(befores[i], afters[i]));
    measures.put("b6.contract-validate", i -> contract.validate(afters[i]));
    // every measure warms up before any is timed, so that the anchor is not timed colder: ten
    // passes, each on schemas built anew (a schema caches its indexes once used); with one pass
    // the anchor's median came out 0.18 ms in one JVM and 1.6 ms in the next, the measures steady
    for (int pass = 0; pass < WARM_UP_PASSES; pass++) {
      for (int i = repetitions; i < calls; i++) {
        befores[i] = schema(false);
        afters[i] = schema(true);
      }
      measures.values().forEach(work -> warmUp(work, repetitions));
    }
    // one call of each per round, so that a change of load on the machine hits all three alike
    Map<String, List<Long>> nanos = new LinkedHashMap<>();
    for (int i = 0; i < repetitions; i++) {
      for (Map.Entry<String, IntFunction<Object>> measure : measures.entrySet()) {
        long start = System.nanoTime();
        consume(measure.getValue().apply(i));
        nanos
            .computeIfAbsent(measure.getKey(), k -> new ArrayList<>())
            .add(System.nanoTime() - start);
      }
    }
    nanos.forEach((key, times) -> Results.emit(key, Stats.median(times) / 1_000_000.0));
  }

  private static void warmUp(IntFunction<Object> work, int repetitions) {
    for (int i = 0; i < repetitions; i++) {
      consume(work.apply(repetitions + i));
    }
  }

  private static int sink;

  private static void consume(Object result) {
    sink += System.identityHashCode(result) & 1;
  }

  /** 50 structs of 99 long fields; the changed variant renames one field per struct. */
  static Schema schema(boolean changed) {
    List<Types.NestedField> columns = new ArrayList<>();
    int id = 1;
    for (int s = 0; s < STRUCTS; s++) {
      int structId = id++;
      List<Types.NestedField> leaves = new ArrayList<>();
      for (int f = 0; f < LEAVES; f++) {
        String name = changed && f == 0 ? "renamed_" + s : "f" + f;
        leaves.add(Types.NestedField.optional(id++, name, Types.LongType.get()));
      }
      columns.add(Types.NestedField.optional(structId, "s" + s, Types.StructType.of(leaves)));
    }
    return new Schema(columns);
  }

  private static SchemaContract contract(Schema schema) {
    List<ColumnSpec> specs = new ArrayList<>();
    for (Types.NestedField struct : schema.columns()) {
      for (Types.NestedField leaf : struct.type().asStructType().fields()) {
        specs.add(ColumnSpec.required(struct.name() + "." + leaf.name(), leaf.type()));
      }
    }
    return new SchemaContract(specs, false);
  }
}
