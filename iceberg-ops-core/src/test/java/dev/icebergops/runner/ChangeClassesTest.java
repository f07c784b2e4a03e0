package dev.icebergops.runner;

import static dev.icebergops.migration.ChangeClass.ADDITIVE;
import static dev.icebergops.migration.ChangeClass.BREAKING;
import static dev.icebergops.migration.ChangeClass.COMPATIBLE;
import static dev.icebergops.migration.ChangeClass.DESTRUCTIVE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.icebergops.migration.Migration;
import dev.icebergops.runner.PreviewFixtures.V0001__CreateOrders;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.SharedEnvironment;
import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Each change a preview reports, on the real REST catalog and S3 store, has the class its readers
 * need: one pending version per {@code MigrationContext} helper ({@link ClassedFixtures}), row by
 * row; the declarations show, and a gate lets through what is declared.
 */
@ExtendWith(SharedEnvironment.class)
class ChangeClassesTest {

  private OwnHistory own;
  private IcebergTestEnvironment environment;

  @BeforeEach
  void setUp(IcebergTestEnvironment environment) {
    this.environment = environment;
    own = OwnHistory.create(environment, "classes");
    own.runner(V0001__CreateOrders.class).migrate();
    Table orders = own.catalog().loadTable(TableIdentifier.of(own.namespace(), "orders"));
    orders.newFastAppend().commit(); // two snapshots: an expiry has one to expire
    orders.newFastAppend().commit();
  }

  private MigrationPreview previewOfEveryHelper() {
    List<Class<? extends Migration>> chain = new ArrayList<>();
    chain.add(V0001__CreateOrders.class);
    chain.addAll(ClassedFixtures.CHAIN);
    @SuppressWarnings("unchecked")
    Class<? extends Migration>[] types = chain.toArray(new Class[0]);
    return own.runner(types).preview();
  }

  @Test
  void everyHelpersChangeHasItsClassRowByRow() {
    MigrationPreview preview = previewOfEveryHelper();

    List<org.assertj.core.groups.Tuple> rows = new ArrayList<>();
    for (VersionPreview v : preview.versions()) {
      v.classed()
          .forEach(
              c -> rows.add(tuple(v.version(), c.changeClass(), c.column(), shown(c.change()))));
    }
    assertThat(rows)
        .containsExactly(
            tuple("0002", ADDITIVE, null, "created"),
            tuple("0002", ADDITIVE, "id", "added column id (id=1, long)"),
            tuple("0002", ADDITIVE, "name", "added column name (id=2, string)"),
            tuple("0002", ADDITIVE, null, "property: set write.parquet.compression-codec = zstd"),
            tuple("0003", ADDITIVE, "region", "added column region (id=4, string)"),
            tuple("0004", ADDITIVE, "channel", "added column channel (id=5, string)"),
            tuple("0005", COMPATIBLE, "qty", "changed column qty (id=2): type int -> long"),
            tuple("0006", BREAKING, "comment", "changed column comment (id=3): renamed from note"),
            tuple(
                "0007",
                COMPATIBLE,
                "region",
                "changed column region (id=4): doc (none) -> 'Sales region'"),
            tuple("0008", COMPATIBLE, null, "partition: added identity(region) as region"),
            tuple("0009", COMPATIBLE, null, "sort order: unsorted -> id ASC NULLS FIRST"),
            tuple(
                "0010",
                COMPATIBLE,
                null,
                "sort order: id ASC NULLS FIRST -> region ASC NULLS FIRST"),
            tuple("0011", ADDITIVE, null, "property: set owner = sales"),
            tuple("0012", ADDITIVE, null, "property: removed owner (was sales)"),
            tuple("0013", ADDITIVE, null, "property: set write.target-file-size-bytes = 268435456"),
            tuple(
                "0014",
                ADDITIVE,
                null,
                "property: set history.expire.max-snapshot-age-ms = 259200000"),
            tuple("0014", ADDITIVE, null, "property: set history.expire.min-snapshots-to-keep = 5"),
            tuple(
                "0015",
                COMPATIBLE,
                "channel",
                "changed column channel (id=5): doc (none) -> 'Where the order came from'"),
            tuple("0016", DESTRUCTIVE, "comment", "removed column comment (id=3, string)"),
            tuple("0017", ADDITIVE, "comment", "added column comment (id=3, string)"),
            tuple(
                "0018", BREAKING, "channel", "changed column channel (id=5): optional -> required"),
            tuple("0019", BREAKING, "currency", "added column currency (id=6, string)"),
            tuple("0020", ADDITIVE, "coupon", "added column coupon (id=7, string)"),
            tuple(
                "0022",
                ADDITIVE,
                null,
                "data commit (append) to ns.customers: run on the shadow only, its rows are not"
                    + " previewed"),
            tuple(
                "0023",
                DESTRUCTIVE,
                null,
                "data commit (delete) to ns.customers: run on the shadow only, its rows are not"
                    + " previewed"),
            tuple(
                "0024",
                DESTRUCTIVE,
                null,
                "expire snapshots of ns.orders: would delete 1 of its 2 snapshots and the files only they"
                    + " reference"),
            tuple("0025", BREAKING, null, "renamed from ns.customers"),
            tuple("0026", DESTRUCTIVE, null, "dropped"),
            tuple("0027", DESTRUCTIVE, null, "dropped"));
    assertThat(preview.versions().get(19).notPreviewed())
        .as("a staged data step, the declared way to rewrite rows, is named and not classed")
        .singleElement()
        .asString()
        .startsWith("stage data of");
  }

  @Test
  void theClassesAndDeclarationsShowInTextMarkdownAndJson() {
    MigrationPreview preview = previewOfEveryHelper();
    String ns = own.namespace();

    assertThat(preview.text())
        .contains("    changed column comment (id=3): renamed from note [breaking]\n")
        .contains("  " + ns + ".clients: dropped [destructive]\n")
        .contains(
            "0023 Delete customers: would apply; not every step previewed\n"
                + "  declared destructive: customers start empty in the new shop\n")
        .contains(
            "  not previewed: data commit (delete) to "
                + ns
                + ".customers: run on the shadow only, its rows are not previewed [destructive]");
    assertThat(preview.markdown())
        .contains("| table | change | class |\n| --- | --- | --- |\n")
        .contains(
            "| `" + ns + ".orders` | removed column comment (id=3, string) | **destructive** |")
        .contains("| `" + ns + ".orders` | added column region (id=4, string) | additive |")
        .contains("> Declared destructive: customers start empty in the new shop");
    String json = preview.asMap().toString();
    assertThat(json)
        .contains("declared={destructive=customers start empty in the new shop}")
        .contains(
            "{class=breaking, table="
                + ns
                + ".orders, column=channel, change=changed column"
                + " channel (id=5): optional -> required}");
  }

  @Test
  void aGateNamesEachUndeclaredChangeOfItsClassOrWorseAndLetsTheDeclaredThrough() {
    MigrationPreview preview = previewOfEveryHelper();
    String ns = own.namespace();

    assertThat(preview.undeclared(DESTRUCTIVE))
        .as("0023 declares its delete")
        .containsExactly(
            "0016 (Delete comment): "
                + ns
                + ".orders column comment: removed column comment (id=3, string) is destructive and"
                + " not declared; declare it on the migration class with @Destructive(\"<why>\")",
            "0024 (Expire orders): "
                + ns
                + ".orders: expire snapshots of "
                + ns
                + ".orders: would delete 1 of its 2 snapshots and the files only they reference is"
                + " destructive and not declared; declare it on the migration class with @Destructive(\"<why>\")",
            "0026 (Drop customers): "
                + ns
                + ".clients: dropped is destructive and not declared; declare it on the migration"
                + " class with @Destructive(\"<why>\")",
            "0027 (Purge orders): "
                + ns
                + ".orders: dropped is destructive and not declared; declare it on the migration"
                + " class with @Destructive(\"<why>\")");
    assertThat(preview.undeclared(BREAKING))
        .extracting(m -> m.substring(0, 4))
        .containsExactly("0006", "0016", "0018", "0019", "0024", "0025", "0026", "0027");
  }

  @Test
  void defaultsOfFormatVersion3HaveTheirClassRowByRow() {
    assertThat(classedRows(previewOf("defaults", ClassedFixtures.DEFAULTS_CHAIN)))
        .as("the classes of format version 3's changes, after the table's creation")
        .filteredOn(row -> !row.toList().get(0).equals("0001"))
        .containsExactly(
            tuple("0002", BREAKING, null, "format version 2 -> 3"),
            tuple(
                "0003",
                ADDITIVE,
                "status",
                "added column status (id=4, string, initial \"legacy\", write \"new\")"),
            tuple(
                "0004",
                ADDITIVE,
                "channel",
                "added column channel (id=5, string, initial \"store\", write \"store\")"),
            tuple(
                "0005",
                COMPATIBLE,
                "channel",
                "changed column channel (id=5): initial \"store\", write \"store\" -> initial"
                    + " \"store\", write \"web\""));
  }

  @Test
  void viewsChangesHaveTheirClassRowByRow() {
    assertThat(classedRows(previewOf("views", ClassedFixtures.VIEWS_CHAIN)))
        .as("the classes of views' changes, after the table's creation")
        .filteredOn(row -> !row.toList().get(0).equals("0001"))
        .containsExactly(
            tuple("0002", ADDITIVE, null, "created"),
            tuple("0002", ADDITIVE, null, "query spark: SELECT id, qty FROM orders WHERE qty > 10"),
            tuple("0002", ADDITIVE, "id", "added column id (id=1, long)"),
            tuple("0002", ADDITIVE, "qty", "added column qty (id=2, int)"),
            tuple(
                "0003",
                COMPATIBLE,
                null,
                "query spark: SELECT id, qty FROM orders WHERE qty > 10 -> SELECT id FROM orders"
                    + " WHERE qty > 100"),
            tuple("0003", BREAKING, "qty", "removed column qty (id=2, int)"),
            tuple("0004", BREAKING, "comment", "changed column comment (id=3): renamed from note"),
            tuple("0004", ADDITIVE, null, "created"),
            tuple(
                "0004",
                ADDITIVE,
                null,
                "query spark: SELECT `id`, `qty`, `comment` AS `note` FROM `orders`"),
            tuple(
                "0004",
                ADDITIVE,
                null,
                "query trino: SELECT \"id\", \"qty\", \"comment\" AS \"note\" FROM \"orders\""),
            tuple("0004", ADDITIVE, "id", "added column id (id=1, long)"),
            tuple("0004", ADDITIVE, "qty", "added column qty (id=2, int)"),
            tuple("0004", ADDITIVE, "note", "added column note (id=3, string)"),
            tuple("0005", BREAKING, null, "dropped"));
  }

  /** The preview of a chain after {@link V0001__CreateOrders}, in a namespace of its own. */
  private MigrationPreview previewOf(
      String name, List<Class<? extends PreviewFixtures.Forward>> after) {
    List<Class<? extends Migration>> chain = new ArrayList<>();
    chain.add(V0001__CreateOrders.class);
    chain.addAll(after);
    @SuppressWarnings("unchecked")
    Class<? extends Migration>[] types = chain.toArray(new Class[0]);
    return OwnHistory.create(environment, name).runner(types).preview();
  }

  /** Each change of the preview as (version, class, column, change). */
  private static List<org.assertj.core.groups.Tuple> classedRows(MigrationPreview preview) {
    List<org.assertj.core.groups.Tuple> rows = new ArrayList<>();
    for (VersionPreview v : preview.versions()) {
      v.classed()
          .forEach(c -> rows.add(tuple(v.version(), c.changeClass(), c.column(), c.change())));
    }
    return rows;
  }

  private String shown(String change) {
    return change.replace(own.namespace() + ".", "ns.");
  }
}
