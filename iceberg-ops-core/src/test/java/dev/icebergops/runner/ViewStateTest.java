package dev.icebergops.runner;

import static dev.icebergops.runner.ViewHelpersTest.ALL;
import static dev.icebergops.runner.ViewHelpersTest.LARGE;
import static dev.icebergops.runner.ViewHelpersTest.ORDERS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.MigrationContexts;
import dev.icebergops.runner.DriftFinding.Kind;
import dev.icebergops.runner.ViewHelpersTest.V0001__CreateOrdersAndView;
import dev.icebergops.runner.ViewHelpersTest.V0002__LargeOrdersOnly;
import dev.icebergops.state.NamespaceTables;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.SharedEnvironment;
import java.util.List;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.catalog.ViewCatalog;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Views in the one table-state model, on the REST catalog over HTTP with an S3 store: a namespace's
 * capture holds its views, the preview shows a view created, replaced and dropped, and drift finds
 * a view changed, dropped or made by hand.
 */
@ExtendWith(SharedEnvironment.class)
class ViewStateTest {

  public static class V0003__DropView extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.dropViewIfExists("order_totals");
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      ctx.createViewIfNotExists("order_totals", ORDERS, "spark", LARGE);
    }
  }

  private OwnHistory own;
  private MigrationRunner runner;

  @BeforeEach
  void setUp(IcebergTestEnvironment environment) {
    own = OwnHistory.create(environment, "views");
    runner =
        own.runner(
            V0001__CreateOrdersAndView.class, V0002__LargeOrdersOnly.class, V0003__DropView.class);
  }

  private String view() {
    return own.namespace() + ".order_totals";
  }

  private ViewCatalog views() {
    return (ViewCatalog) own.catalog();
  }

  @Test
  void aCaptureOfTheNamespaceHoldsItsViewWithItsQueryAndSchema() {
    runner.migrate("0002");

    NamespaceTables captured = NamespaceTables.capture(own.catalog(), own.namespace());

    assertThat(captured.tables()).containsExactly("order_totals", "orders");
    assertThat(captured.states().get("order_totals").view()).containsExactly(entry(LARGE));
    assertThat(captured.states().get("order_totals").topLevelColumns())
        .containsExactly("id", "total");
    assertThat(captured.states().get("order_totals").properties())
        .as("the runner's record of the version it replaced is not part of the view's shape")
        .isEmpty();
    assertThat(captured.states().get("orders").isView()).isFalse();
  }

  private static java.util.Map.Entry<String, String> entry(String sql) {
    return java.util.Map.entry("spark", sql);
  }

  @Test
  void thePreviewShowsAViewCreatedReplacedAndDropped() {
    MigrationPreview preview = runner.preview();

    List<TableChange> created = changesOf(preview, "0001");
    assertThat(created)
        .filteredOn(TableChange::isView)
        .extracting(TableChange::table, TableChange::kind, TableChange::viewQueries)
        .containsExactly(tuple(view(), TableChange.Kind.CREATED, List.of("spark: " + ALL)));
    assertThat(changesOf(preview, "0002"))
        .extracting(TableChange::table, TableChange::kind, TableChange::lines)
        .containsExactly(
            tuple(
                view(), TableChange.Kind.CHANGED, List.of("query spark: " + ALL + " -> " + LARGE)));
    assertThat(changesOf(preview, "0003"))
        .extracting(TableChange::table, TableChange::kind, TableChange::isView)
        .containsExactly(tuple(view(), TableChange.Kind.DROPPED, true));
    assertThat(preview.text()).contains(view() + " (view): dropped");
    assertThat(preview.markdown())
        .contains("| `" + view() + "` (view) | query spark: " + ALL + " -> " + LARGE + " |");
  }

  @Test
  void thePreviewOfAPendingReplaceComparesWithTheLiveView() {
    runner.migrate("0001");

    MigrationPreview preview = runner.preview();

    assertThat(changesOf(preview, "0002"))
        .extracting(TableChange::kind, TableChange::viewQueries)
        .containsExactly(
            tuple(TableChange.Kind.CHANGED, List.of("spark: " + ALL + " -> " + LARGE)));
  }

  @Test
  void driftFindsAViewReplacedByHandAndAViewNoMigrationMakes() {
    runner.migrate("0002");
    assertThat(runner.checkDrift().findings()).isEmpty();
    MigrationContext byHand = MigrationContexts.of(own.catalog(), own.namespace());
    byHand.replaceView("order_totals", ORDERS, "spark", ALL);
    byHand.createViewIfNotExists("by_hand", ORDERS, "trino", ALL);

    DriftReport report = runner.checkDrift();

    assertThat(report.findings())
        .extracting(
            DriftFinding::table,
            DriftFinding::kind,
            DriftFinding::subject,
            DriftFinding::expected,
            DriftFinding::actual)
        .containsExactly(
            tuple(own.namespace() + ".by_hand", Kind.TABLE_UNEXPECTED, "view", null, null),
            tuple(view(), Kind.VIEW_QUERY, "spark", LARGE, ALL));
    assertThat(report.text()).contains("the view is not made by the migrations");
  }

  @Test
  void driftFindsAViewDroppedByHand() {
    runner.migrate("0002");
    views().dropView(TableIdentifier.parse(view()));

    assertThat(runner.checkDrift().findings())
        .extracting(DriftFinding::table, DriftFinding::kind, DriftFinding::subject)
        .containsExactly(tuple(view(), Kind.TABLE_MISSING, "view"));
  }

  private static List<TableChange> changesOf(MigrationPreview preview, String version) {
    return preview.versions().stream()
        .filter(v -> v.version().equals(version))
        .findFirst()
        .orElseThrow()
        .changes();
  }
}
