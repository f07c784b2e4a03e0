package dev.icebergops.runner;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;
import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.migration.MigrationContext;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.SharedEnvironment;
import dev.icebergops.testsupport.StandardError;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.Schema;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.catalog.ViewCatalog;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A preview on the real REST catalog + S3 flags each view of the namespace whose SQL reads a column
 * that a pending version renames or drops, naming the view, the column and the version, in text,
 * Markdown and JSON; a view that does not read the column is not flagged. A run applies such a
 * version and warns of each view it breaks.
 */
@ExtendWith(SharedEnvironment.class)
class BrokenViewsTest {

  static final Schema ORDERS =
      new Schema(
          required(1, "id", Types.LongType.get()),
          optional(2, "amount", Types.DecimalType.of(10, 2)),
          optional(3, "note", Types.StringType.get()));

  public static class V0001__CreateOrders extends PreviewFixtures.Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.createTableIfNotExists("orders", ORDERS);
    }
  }

  public static class V0002__RenameAmount extends PreviewFixtures.Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.enforceRename("orders", "amount", "total");
    }
  }

  public static class V0002__DropAmount extends PreviewFixtures.Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.deleteColumn("orders", "amount");
    }
  }

  public static class V0002__DropOrders extends PreviewFixtures.Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.dropTableIfExists("orders");
    }
  }

  public static class V0002__RenameOrders extends PreviewFixtures.Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.catalog().renameTable(ctx.identifier("orders"), ctx.identifier("orders_v1"));
    }
  }

  public static class V0002__SwapOrders extends PreviewFixtures.Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.catalog().renameTable(ctx.identifier("orders"), ctx.identifier("orders_v1"));
      ctx.createTableIfNotExists("orders", ORDERS);
    }
  }

  private OwnHistory own;

  @BeforeEach
  void setUp(IcebergTestEnvironment environment) {
    own = OwnHistory.create(environment, "views");
    own.runner(V0001__CreateOrders.class).migrate();
  }

  private void view(String name, String dialect, String sql) {
    ((ViewCatalog) own.catalog())
        .buildView(TableIdentifier.of(own.namespace(), name))
        .withSchema(new Schema(optional(1, "value", Types.StringType.get())))
        .withDefaultNamespace(Namespace.of(own.namespace()))
        .withQuery(dialect, sql)
        .create();
  }

  private VersionPreview previewOf(Class<? extends PreviewFixtures.Forward> pending) {
    MigrationPreview preview = own.runner(V0001__CreateOrders.class, pending).preview();
    assertThat(preview.versions()).hasSize(1);
    return preview.versions().get(0);
  }

  @Test
  void aViewReadingAColumnAPendingVersionRenamesIsFlaggedInTextMarkdownAndJson() {
    view("big_orders", "spark", "SELECT id, amount FROM orders WHERE amount > 100");
    view("order_notes", "spark", "SELECT o.id, o.note FROM orders o");
    String ns = own.namespace();

    MigrationPreview preview =
        own.runner(V0001__CreateOrders.class, V0002__RenameAmount.class).preview();

    VersionPreview version = preview.versions().get(0);
    assertThat(version.brokenViews())
        .containsExactly(new ViewBreak(ns + ".big_orders", ns + ".orders", "amount", "total"));
    String line =
        "breaks view "
            + ns
            + ".big_orders reads "
            + ns
            + ".orders.amount, which this version renames to total";
    assertThat(preview.text()).contains("0002 Rename amount: would apply\n", "  " + line);
    assertThat(preview.markdown()).contains("- :warning: " + line);
    assertThat(preview.text() + preview.markdown()).doesNotContain("order_notes");
    @SuppressWarnings("unchecked")
    Map<String, Object> json = ((List<Map<String, Object>>) preview.asMap().get("versions")).get(0);
    assertThat(json.get("brokenViews"))
        .isEqualTo(
            List.of(
                Map.of(
                    "view", ns + ".big_orders",
                    "table", ns + ".orders",
                    "column", "amount",
                    "change", "renamed",
                    "renamedTo", "total")));
  }

  @Test
  void aViewReadingAColumnAPendingVersionDropsIsFlaggedInEachDialect() {
    view("amounts_trino", "trino", "SELECT \"id\", \"amount\" FROM \"orders\"");
    view("amounts_spark", "spark", "SELECT `o`.`amount` FROM orders AS o");
    view("ids", "trino", "SELECT id FROM orders WHERE note IS NOT NULL");
    String ns = own.namespace();

    VersionPreview version = previewOf(V0002__DropAmount.class);

    assertThat(version.brokenViews())
        .extracting(ViewBreak::view, ViewBreak::column, ViewBreak::renamedTo)
        .containsExactlyInAnyOrder(
            org.assertj.core.groups.Tuple.tuple(ns + ".amounts_trino", "amount", null),
            org.assertj.core.groups.Tuple.tuple(ns + ".amounts_spark", "amount", null));
    assertThat(version.outcome()).isEqualTo(VersionPreview.Outcome.PREVIEWED);
  }

  @Test
  void aViewReadingATableAPendingVersionDropsOrRenamesIsFlaggedNamingTheViewAndTheTable() {
    view("order_count", "trino", "SELECT count(*) AS n FROM orders");
    view("notes", "spark", "SELECT note FROM orders");
    String ns = own.namespace();

    MigrationPreview dropped =
        own.runner(V0001__CreateOrders.class, V0002__DropOrders.class).preview();
    VersionPreview renamed = previewOf(V0002__RenameOrders.class);

    assertThat(dropped.versions().get(0).brokenViews())
        .containsExactlyInAnyOrder(
            new ViewBreak(ns + ".order_count", ns + ".orders", null, null),
            new ViewBreak(ns + ".notes", ns + ".orders", null, null));
    assertThat(dropped.text())
        .contains(
            "breaks view " + ns + ".order_count reads " + ns + ".orders, which this version drops");
    assertThat(renamed.brokenViews())
        .containsExactlyInAnyOrder(
            new ViewBreak(ns + ".order_count", ns + ".orders", null, ns + ".orders_v1"),
            new ViewBreak(ns + ".notes", ns + ".orders", null, ns + ".orders_v1"));
  }

  @Test
  void selectStarReadsEveryColumn() {
    view("all_orders", "spark", "SELECT * FROM orders");
    view("one_order_id", "spark", "SELECT max(id) AS id FROM orders");

    VersionPreview version = previewOf(V0002__RenameAmount.class);

    assertThat(version.brokenViews())
        .extracting(ViewBreak::view)
        .containsExactly(own.namespace() + ".all_orders");
  }

  @Test
  void aViewWhoseSqlCannotBeReadIsReportedAsNotChecked() {
    view("odd", "spark", "SELECT amount FROM orders TIMESTAMP AS OF '2026-01-01 00:00:00'");

    VersionPreview version = previewOf(V0002__RenameAmount.class);

    assertThat(version.brokenViews()).isEmpty();
    assertThat(version.notPreviewed())
        .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
        .startsWith(
            "view " + own.namespace() + ".odd (spark): its columns are not checked: Cannot read");
  }

  @Test
  void migrateAppliesARenameAViewReadsAndWarnsNamingTheViewTheColumnAndTheVersion() {
    view("big_orders", "spark", "SELECT id, amount FROM orders WHERE amount > 100");
    view("order_notes", "spark", "SELECT o.id, o.note FROM orders o");
    String ns = own.namespace();

    String log =
        StandardError.capture(
            () -> own.runner(V0001__CreateOrders.class, V0002__RenameAmount.class).migrate());

    assertThat(
            own.catalog().loadTable(TableIdentifier.of(ns, "orders")).schema().findField("total"))
        .isNotNull();
    assertThat(log)
        .contains(
            "Migration 0002 breaks a view of "
                + ns
                + ": view "
                + ns
                + ".big_orders reads "
                + ns
                + ".orders.amount, which migration 0002 renames to total; the view fails at query"
                + " time until it is replaced")
        .doesNotContain("order_notes");
  }

  @Test
  void migrateRenamingATableAViewReadsWarnsNamingTheViewTheTableAndItsNewName() {
    view("order_count", "trino", "SELECT count(*) AS n FROM orders");
    String ns = own.namespace();

    assertThat(migrateLog(V0002__RenameOrders.class))
        .contains(
            breaks(ns + ".order_count", ns + ".orders, which migration 0002 renames to " + ns)
                + ".orders_v1; the view fails at query time until it is replaced");
  }

  @Test
  void migrateDroppingATableAViewReadsWarnsNamingTheViewAndTheTable() {
    view("notes", "spark", "SELECT note FROM orders");
    String ns = own.namespace();

    assertThat(migrateLog(V0002__DropOrders.class))
        .contains(
            breaks(ns + ".notes", ns + ".orders, which migration 0002 drops")
                + "; the view fails at query time until it is replaced");
  }

  @Test
  void aTableSwappedForOneWithTheColumnsAViewReadsIsNoBreakInThePreviewNorInMigrate() {
    view("notes", "spark", "SELECT note FROM orders");
    String ns = own.namespace();

    VersionPreview preview = previewOf(V0002__SwapOrders.class);

    assertThat(preview.brokenViews()).isEmpty();
    assertThat(preview.changes())
        .extracting(TableChange::table, TableChange::kind)
        .contains(
            org.assertj.core.groups.Tuple.tuple(ns + ".orders_v1", TableChange.Kind.RENAMED),
            org.assertj.core.groups.Tuple.tuple(ns + ".orders", TableChange.Kind.CREATED));
    assertThat(migrateLog(V0002__SwapOrders.class)).doesNotContain("breaks a view");
    assertThat(own.catalog().tableExists(TableIdentifier.of(own.namespace(), "orders_v1")))
        .isTrue();
  }

  @Test
  void aViewWhoseSqlCannotBeReadIsNotReportedWhenATableSwapBreaksNothingByName() {
    view("odd", "spark", "SELECT note FROM orders TIMESTAMP AS OF '2026-01-01 00:00:00'");

    VersionPreview swapped = previewOf(V0002__SwapOrders.class);
    VersionPreview renamed = previewOf(V0002__RenameOrders.class);

    assertThat(swapped.notPreviewed()).isEmpty();
    assertThat(swapped.outcome()).isEqualTo(VersionPreview.Outcome.PREVIEWED);
    assertThat(renamed.notPreviewed())
        .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
        .startsWith("view " + own.namespace() + ".odd (spark): its columns are not checked");
  }

  /** What {@code migrate} to {@code pending} writes to standard error. */
  private String migrateLog(Class<? extends PreviewFixtures.Forward> pending) {
    return StandardError.capture(() -> own.runner(V0001__CreateOrders.class, pending).migrate());
  }

  /** The start of {@code migrate}'s warning that migration 0002 breaks {@code view}. */
  private String breaks(String view, String reads) {
    return "Migration 0002 breaks a view of "
        + own.namespace()
        + ": view "
        + view
        + " reads "
        + reads;
  }
}
