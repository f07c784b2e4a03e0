package dev.icebergops.schema;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.schema.FieldChange.ChangeType;
import java.lang.reflect.Constructor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.statistics.Statistics;
import org.apache.iceberg.Schema;
import org.apache.iceberg.UpdateSchema;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;
import org.apache.iceberg.types.Types.NestedField;

/**
 * Generates random nested schemas, evolves them with Iceberg's own schema-update API, and checks
 * that {@link SchemaDiff} reports exactly the changes the applied operations imply.
 *
 * <p>The expected changes come from a model of the schema that is updated by hand for every
 * operation (never derived from the two Iceberg schemas); after each operation the model is checked
 * against the schema Iceberg produced, so the model can be trusted as the oracle.
 */
class SchemaDiffPropertyTest {

  private static final List<String> DOCS = Arrays.asList(null, "doc A", "doc B");

  // ---------------------------------------------------------------- properties

  @Property(tries = 200)
  void diffReportsExactlyTheChangesOfTheAppliedOperations(
      @ForAll("columns") List<FieldSpec> columns, @ForAll("operations") List<Op> ops) {
    Model model = Model.of(columns);
    Schema before = model.toSchema();
    Map<Integer, Attr> expectedBefore = model.snapshot();

    Schema after = evolve(model, before, ops);
    Map<Integer, Attr> expectedAfter = model.snapshot();

    SchemaDiff diff = SchemaDiff.between(before, after);

    Set<FieldChange> expected = expectedChanges(expectedBefore, expectedAfter);
    List<FieldChange> actual = diff.all();
    Statistics.label("changes").collect(expected.isEmpty() ? "none" : "some");
    assertThat(actual).as("no change is reported twice").doesNotHaveDuplicates();
    assertThat(new HashSet<>(actual))
        .as("diff of%n%s%n->%n%s%nafter %s", before, after, ops)
        .isEqualTo(expected);
    assertThat(diff.added()).allMatch(c -> c.changeType() == ChangeType.ADDED);
    assertThat(diff.removed()).allMatch(c -> c.changeType() == ChangeType.REMOVED);
    assertThat(diff.changed())
        .allMatch(c -> c.changeType() != ChangeType.ADDED && c.changeType() != ChangeType.REMOVED);
    assertThat(diff.isEmpty()).isEqualTo(expected.isEmpty());
  }

  @Property(tries = 200)
  void diffOfASchemaWithItselfIsEmpty(
      @ForAll("columns") List<FieldSpec> columns, @ForAll("operations") List<Op> ops) {
    Model model = Model.of(columns);
    Schema schema = evolve(model, model.toSchema(), ops);

    SchemaDiff diff = SchemaDiff.between(schema, schema);

    assertThat(diff.isEmpty()).isTrue();
    assertThat(diff.summary()).isEqualTo("Schemas are identical.");
    assertThat(SchemaDiff.between(schema, model.toSchema()).isEmpty()).isTrue();
  }

  @Property(tries = 200)
  void swappingTheSchemasSwapsAddedAndRemoved(
      @ForAll("columns") List<FieldSpec> columns, @ForAll("operations") List<Op> ops) {
    Model model = Model.of(columns);
    Schema before = model.toSchema();
    Schema after = evolve(model, before, ops);

    SchemaDiff forward = SchemaDiff.between(before, after);
    SchemaDiff backward = SchemaDiff.between(after, before);

    assertThat(ids(forward.added())).isEqualTo(ids(backward.removed()));
    assertThat(ids(forward.removed())).isEqualTo(ids(backward.added()));
    assertThat(forward.added())
        .extracting(c -> c.name() + ": " + c.newType())
        .containsExactlyInAnyOrderElementsOf(
            backward.removed().stream().map(c -> c.name() + ": " + c.oldType()).toList());
    assertThat(kinds(forward.changed())).isEqualTo(kinds(backward.changed()));
    for (FieldChange rename : forward.changed()) {
      if (rename.changeType() == ChangeType.RENAMED) {
        assertThat(backward.changed())
            .anySatisfy(
                back -> {
                  assertThat(back.changeType()).isEqualTo(ChangeType.RENAMED);
                  assertThat(back.fieldId()).isEqualTo(rename.fieldId());
                  assertThat(back.name()).isEqualTo(rename.oldName());
                  assertThat(back.oldName()).isEqualTo(rename.name());
                });
      }
    }
  }

  private static Set<Integer> ids(List<FieldChange> changes) {
    return changes.stream().map(FieldChange::fieldId).collect(Collectors.toSet());
  }

  private static Set<String> kinds(List<FieldChange> changes) {
    return changes.stream()
        .map(c -> c.changeType() + "#" + c.fieldId())
        .collect(Collectors.toSet());
  }

  // ---------------------------------------------------------------- generators

  @Provide
  Arbitrary<List<FieldSpec>> columns() {
    return field(2).list().ofMinSize(1).ofMaxSize(5);
  }

  @Provide
  Arbitrary<List<Op>> operations() {
    Arbitrary<OpKind> kinds =
        Arbitraries.frequency(
            Tuple.of(2, OpKind.ADD_TOP_LEVEL),
            Tuple.of(3, OpKind.ADD_NESTED),
            Tuple.of(3, OpKind.RENAME),
            Tuple.of(3, OpKind.DELETE),
            Tuple.of(3, OpKind.PROMOTE),
            Tuple.of(3, OpKind.UPDATE_DOC),
            Tuple.of(2, OpKind.MAKE_OPTIONAL),
            Tuple.of(2, OpKind.REQUIRE));
    Arbitrary<Integer> choices = Arbitraries.integers().between(0, 999);
    return Combinators.combine(kinds, choices, choices).as(Op::new).list().ofMaxSize(12);
  }

  private static Arbitrary<Type.PrimitiveType> primitives() {
    Arbitrary<Type.PrimitiveType> decimals =
        Combinators.combine(
                Arbitraries.integers().between(1, 38), Arbitraries.integers().between(0, 38))
            .as((p, s) -> Types.DecimalType.of(p, Math.min(p, s)));
    Arbitrary<Type.PrimitiveType> plain =
        Arbitraries.of(
            Types.StringType.get(),
            Types.LongType.get(),
            Types.DoubleType.get(),
            Types.BooleanType.get(),
            Types.DateType.get(),
            Types.TimestampType.withZone(),
            Types.BinaryType.get());
    Arbitrary<Type.PrimitiveType> ints = Arbitraries.just(Types.IntegerType.get());
    Arbitrary<Type.PrimitiveType> floats = Arbitraries.just(Types.FloatType.get());
    return Arbitraries.frequencyOf(
        Tuple.of(3, ints), Tuple.of(2, floats), Tuple.of(2, decimals), Tuple.of(4, plain));
  }

  private static Arbitrary<TypeSpec> type(int depth) {
    Arbitrary<TypeSpec> primitive = primitives().map(PrimitiveSpec::new);
    if (depth == 0) {
      return primitive;
    }
    Arbitrary<TypeSpec> struct =
        field(depth - 1).list().ofMinSize(1).ofMaxSize(3).map(StructSpec::new);
    Arbitrary<TypeSpec> list =
        Combinators.combine(type(depth - 1), Arbitraries.of(true, false)).as(ListSpec::new);
    Arbitrary<TypeSpec> map =
        Combinators.combine(
                Arbitraries.of(
                    Types.StringType.get(), Types.IntegerType.get(), Types.LongType.get()),
                type(depth - 1),
                Arbitraries.of(true, false))
            .as((k, v, required) -> new MapSpec((Type.PrimitiveType) k, v, required));
    return Arbitraries.frequencyOf(
        Tuple.of(4, primitive), Tuple.of(3, struct), Tuple.of(2, list), Tuple.of(2, map));
  }

  private static Arbitrary<FieldSpec> field(int depth) {
    return Combinators.combine(
            type(depth),
            Arbitraries.of(true, false),
            Arbitraries.of("doc A", "doc B").injectNull(0.4))
        .as(FieldSpec::new);
  }

  // ---------------------------------------------------------------- evolution

  private static final Constructor<?> SCHEMA_UPDATE;

  static {
    try {
      // SchemaUpdate(Schema, int lastColumnId) is Iceberg's own evolution logic without a table.
      SCHEMA_UPDATE =
          Class.forName("org.apache.iceberg.SchemaUpdate")
              .getDeclaredConstructor(Schema.class, int.class);
      SCHEMA_UPDATE.setAccessible(true);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private static UpdateSchema updateOf(Schema schema, int lastColumnId) {
    try {
      return (UpdateSchema) SCHEMA_UPDATE.newInstance(schema, lastColumnId);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Applies each operation with Iceberg and to the model, checking they stay in step. */
  private static Schema evolve(Model model, Schema start, List<Op> ops) {
    Schema schema = start;
    for (Op op : ops) {
      UpdateSchema update = updateOf(schema, model.lastId);
      if (!model.apply(op, update)) {
        continue;
      }
      schema = update.apply();
      Statistics.label("operations").collect(op.kind());
      assertThat(schema.asStruct())
          .as("the model follows Iceberg after %s", op)
          .isEqualTo(model.toSchema().asStruct());
    }
    return schema;
  }

  // ---------------------------------------------------------------- the oracle

  /** What the diff must report, from the model's state before and after the operations. */
  private static Set<FieldChange> expectedChanges(
      Map<Integer, Attr> before, Map<Integer, Attr> after) {
    Set<FieldChange> out = new HashSet<>();
    after.forEach(
        (id, now) -> {
          Attr was = before.get(id);
          if (was == null) {
            if (now.parentId() == null || before.containsKey(now.parentId())) {
              out.add(
                  new FieldChange(
                      id,
                      now.path(),
                      ChangeType.ADDED,
                      null,
                      null,
                      now.type(),
                      null,
                      null,
                      null,
                      null));
            }
            return;
          }
          if (!was.name().equals(now.name())) {
            out.add(
                new FieldChange(
                    id,
                    now.path(),
                    ChangeType.RENAMED,
                    was.path(),
                    null,
                    null,
                    null,
                    null,
                    null,
                    null));
          }
          if (!was.type().equals(now.type()) && was.primitive()) {
            out.add(
                new FieldChange(
                    id,
                    now.path(),
                    ChangeType.TYPE_CHANGED,
                    null,
                    was.type(),
                    now.type(),
                    null,
                    null,
                    null,
                    null));
          }
          if (!Objects.equals(was.doc(), now.doc())) {
            out.add(
                new FieldChange(
                    id,
                    now.path(),
                    ChangeType.DOC_CHANGED,
                    null,
                    null,
                    null,
                    was.doc(),
                    now.doc(),
                    null,
                    null));
          }
          if (was.required() != now.required()) {
            out.add(
                new FieldChange(
                    id,
                    now.path(),
                    ChangeType.NULLABILITY_CHANGED,
                    null,
                    null,
                    null,
                    null,
                    null,
                    was.required(),
                    now.required()));
          }
        });
    before.forEach(
        (id, was) -> {
          if (!after.containsKey(id)
              && (was.parentId() == null || after.containsKey(was.parentId()))) {
            out.add(
                new FieldChange(
                    id,
                    was.path(),
                    ChangeType.REMOVED,
                    null,
                    was.type(),
                    null,
                    null,
                    null,
                    null,
                    null));
          }
        });
    return out;
  }

  /** One field of the model as it stands at a moment. */
  record Attr(
      int id,
      String path,
      String name,
      Integer parentId,
      boolean primitive,
      String type,
      String doc,
      boolean required) {}

  // ---------------------------------------------------------------- specs and operations

  interface TypeSpec {}

  record PrimitiveSpec(Type.PrimitiveType type) implements TypeSpec {}

  record StructSpec(List<FieldSpec> fields) implements TypeSpec {}

  record ListSpec(TypeSpec element, boolean elementRequired) implements TypeSpec {}

  record MapSpec(Type.PrimitiveType key, TypeSpec value, boolean valueRequired)
      implements TypeSpec {}

  record FieldSpec(TypeSpec type, boolean required, String doc) {}

  enum OpKind {
    ADD_TOP_LEVEL,
    ADD_NESTED,
    RENAME,
    DELETE,
    PROMOTE,
    UPDATE_DOC,
    MAKE_OPTIONAL,
    REQUIRE
  }

  /** An operation; {@code target} picks among the fields it applies to, {@code choice} a detail. */
  record Op(OpKind kind, int target, int choice) {}

  // ---------------------------------------------------------------- the model

  enum Role {
    FIELD,
    ELEMENT,
    KEY,
    VALUE
  }

  enum Shape {
    PRIMITIVE,
    STRUCT,
    LIST,
    MAP
  }

  static final class Node {
    final int id;
    final Role role;
    final Shape shape;
    final Node parent;
    final List<Node> children = new ArrayList<>();
    String name;
    Type.PrimitiveType primitive;
    String doc;
    boolean required;

    Node(int id, Role role, Shape shape, Node parent, String name) {
      this.id = id;
      this.role = role;
      this.shape = shape;
      this.parent = parent;
      this.name = name;
    }
  }

  static final class Model {
    private final List<Node> columns = new ArrayList<>();
    private final Map<Integer, Node> byId = new TreeMap<>();
    private int lastId;
    private int names;

    static Model of(List<FieldSpec> specs) {
      Model model = new Model();
      for (FieldSpec spec : specs) {
        model.columns.add(model.fieldFromSpec(spec, null));
      }
      return model;
    }

    private Node fieldFromSpec(FieldSpec spec, Node parent) {
      int id = ++lastId;
      Node node = node(id, Role.FIELD, spec.type(), parent, "c" + id);
      node.required = spec.required();
      node.doc = spec.doc();
      return node;
    }

    private Node node(int id, Role role, TypeSpec spec, Node parent, String name) {
      if (spec instanceof PrimitiveSpec p) {
        Node node = register(new Node(id, role, Shape.PRIMITIVE, parent, name));
        node.primitive = p.type();
        return node;
      }
      if (spec instanceof StructSpec s) {
        Node node = register(new Node(id, role, Shape.STRUCT, parent, name));
        for (FieldSpec field : s.fields()) {
          node.children.add(fieldFromSpec(field, node));
        }
        return node;
      }
      if (spec instanceof ListSpec l) {
        Node node = register(new Node(id, role, Shape.LIST, parent, name));
        Node element = node(++lastId, Role.ELEMENT, l.element(), node, "element");
        element.required = l.elementRequired();
        node.children.add(element);
        return node;
      }
      MapSpec m = (MapSpec) spec;
      Node node = register(new Node(id, role, Shape.MAP, parent, name));
      Node key = node(++lastId, Role.KEY, new PrimitiveSpec(m.key()), node, "key");
      key.required = true;
      Node value = node(++lastId, Role.VALUE, m.value(), node, "value");
      value.required = m.valueRequired();
      node.children.add(key);
      node.children.add(value);
      return node;
    }

    private Node register(Node node) {
      byId.put(node.id, node);
      return node;
    }

    private void unregister(Node node) {
      byId.remove(node.id);
      node.children.forEach(this::unregister);
    }

    Schema toSchema() {
      return new Schema(columns.stream().map(Model::nestedField).toList());
    }

    private static NestedField nestedField(Node node) {
      return NestedField.of(node.id, !node.required, node.name, type(node), node.doc);
    }

    private static Type type(Node node) {
      switch (node.shape) {
        case PRIMITIVE:
          return node.primitive;
        case STRUCT:
          return Types.StructType.of(node.children.stream().map(Model::nestedField).toList());
        case LIST:
          Node element = node.children.get(0);
          return element.required
              ? Types.ListType.ofRequired(element.id, type(element))
              : Types.ListType.ofOptional(element.id, type(element));
        default:
          Node key = node.children.get(0);
          Node value = node.children.get(1);
          return value.required
              ? Types.MapType.ofRequired(key.id, value.id, type(key), type(value))
              : Types.MapType.ofOptional(key.id, value.id, type(key), type(value));
      }
    }

    private static String path(Node node) {
      return node.parent == null ? node.name : path(node.parent) + "." + node.name;
    }

    Map<Integer, Attr> snapshot() {
      Map<Integer, Attr> out = new LinkedHashMap<>();
      byId.forEach(
          (id, node) ->
              out.put(
                  id,
                  new Attr(
                      id,
                      path(node),
                      node.name,
                      node.parent == null ? null : node.parent.id,
                      node.shape == Shape.PRIMITIVE,
                      IcebergTypes.format(type(node)),
                      node.doc,
                      node.required)));
      return out;
    }

    private List<Node> candidates(Predicate<Node> filter) {
      return byId.values().stream().filter(filter).toList();
    }

    private static Node pick(List<Node> candidates, int target) {
      return candidates.get(target % candidates.size());
    }

    /**
     * Applies the operation to the model and records it on the Iceberg update.
     *
     * @return false when no field qualifies, so nothing was done
     */
    boolean apply(Op op, UpdateSchema update) {
      switch (op.kind()) {
        case ADD_TOP_LEVEL:
          {
            Node added = newColumn(null, op.choice());
            columns.add(added);
            update.addColumn(added.name, type(added), added.doc);
            return true;
          }
        case ADD_NESTED:
          {
            List<Node> structs = candidates(n -> n.shape == Shape.STRUCT);
            if (structs.isEmpty()) {
              return false;
            }
            Node parent = pick(structs, op.target());
            Node added = newColumn(parent, op.choice());
            parent.children.add(added);
            update.addColumn(path(parent), added.name, type(added), added.doc);
            return true;
          }
        case RENAME:
          {
            List<Node> fields = candidates(n -> n.role == Role.FIELD);
            if (fields.isEmpty()) {
              return false;
            }
            Node field = pick(fields, op.target());
            String oldPath = path(field);
            field.name = "r" + ++names;
            update.renameColumn(oldPath, field.name);
            return true;
          }
        case DELETE:
          {
            List<Node> fields =
                candidates(n -> n.role == Role.FIELD && (n.parent != null || columns.size() > 1));
            if (fields.isEmpty()) {
              return false;
            }
            Node field = pick(fields, op.target());
            update.deleteColumn(path(field));
            (field.parent == null ? columns : field.parent.children).remove(field);
            unregister(field);
            return true;
          }
        case PROMOTE:
          {
            List<Node> promotable =
                candidates(
                    n ->
                        n.shape == Shape.PRIMITIVE
                            && n.role != Role.KEY
                            && widened(n.primitive, 0) != null);
            if (promotable.isEmpty()) {
              return false;
            }
            Node field = pick(promotable, op.target());
            field.primitive = widened(field.primitive, op.choice());
            update.updateColumn(path(field), field.primitive);
            return true;
          }
        case UPDATE_DOC:
          {
            List<Node> fields = candidates(n -> n.role == Role.FIELD);
            if (fields.isEmpty()) {
              return false;
            }
            Node field = pick(fields, op.target());
            field.doc = DOCS.get(op.choice() % DOCS.size());
            update.updateColumnDoc(path(field), field.doc);
            return true;
          }
        case MAKE_OPTIONAL:
          {
            List<Node> required = candidates(n -> n.role != Role.KEY && n.required);
            if (required.isEmpty()) {
              return false;
            }
            Node field = pick(required, op.target());
            field.required = false;
            update.makeColumnOptional(path(field));
            return true;
          }
        case REQUIRE:
          {
            List<Node> optional = candidates(n -> n.role != Role.KEY && !n.required);
            if (optional.isEmpty()) {
              return false;
            }
            Node field = pick(optional, op.target());
            field.required = true;
            update.allowIncompatibleChanges().requireColumn(path(field));
            return true;
          }
        default:
          throw new IllegalStateException("Unknown operation " + op);
      }
    }

    /** The promoted type for an allowed widening, or null when the type cannot be widened. */
    private static Type.PrimitiveType widened(Type.PrimitiveType type, int choice) {
      switch (type.typeId()) {
        case INTEGER:
          return Types.LongType.get();
        case FLOAT:
          return Types.DoubleType.get();
        case DECIMAL:
          Types.DecimalType decimal = (Types.DecimalType) type;
          if (decimal.precision() >= 38) {
            return null;
          }
          int wider = decimal.precision() + 1 + choice % (38 - decimal.precision());
          return Types.DecimalType.of(wider, decimal.scale());
        default:
          return null;
      }
    }

    /**
     * A new optional column: a primitive, a struct of primitives, a list or a map. Iceberg gives
     * the column the next id and then numbers its nested fields in order, which the model mirrors.
     */
    private Node newColumn(Node parent, int choice) {
      String name = "n" + ++names;
      String doc = DOCS.get(choice % DOCS.size());
      Type.PrimitiveType primitive =
          List.of(
                  Types.IntegerType.get(),
                  Types.FloatType.get(),
                  Types.StringType.get(),
                  Types.DecimalType.of(9, 2))
              .get((choice / 3) % 4);
      TypeSpec spec;
      switch ((choice / 12) % 4) {
        case 0:
          spec = new PrimitiveSpec(primitive);
          break;
        case 1:
          spec =
              new StructSpec(
                  List.of(
                      new FieldSpec(new PrimitiveSpec(primitive), false, null),
                      new FieldSpec(
                          new PrimitiveSpec(Types.LongType.get()), choice % 2 == 0, doc)));
          break;
        case 2:
          spec = new ListSpec(new PrimitiveSpec(primitive), false);
          break;
        default:
          spec = new MapSpec(Types.StringType.get(), new PrimitiveSpec(primitive), false);
          break;
      }
      Node node = node(++lastId, Role.FIELD, spec, parent, name);
      node.required = false;
      node.doc = doc;
      for (Node child : node.children) {
        if (child.role == Role.FIELD) {
          child.name = "n" + ++names;
        }
      }
      return node;
    }
  }
}
