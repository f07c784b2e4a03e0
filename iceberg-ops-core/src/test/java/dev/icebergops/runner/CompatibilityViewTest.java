package dev.icebergops.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.MigrationContexts;
import dev.icebergops.runner.ViewHelpersTest.V0001__CreateOrdersAndView;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.SharedEnvironment;
import java.util.Map;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.catalog.ViewCatalog;
import org.apache.iceberg.types.Types;
import org.apache.iceberg.view.View;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The compatibility view of a rename, on the REST catalog over HTTP with an S3 store: after the
 * migration it answers the old column name from the renamed column, and the downgrade drops it.
 */
@ExtendWith(SharedEnvironment.class)
class CompatibilityViewTest {

  public static class V0002__RenameTotal extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.enforceRename("orders", "total", "amount");
      ctx.createCompatibilityView("orders", "orders_v1", Map.of("total", "amount"));
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      ctx.dropViewIfExists("orders_v1");
      ctx.enforceRename("orders", "amount", "total");
    }
  }

  private OwnHistory own;
  private MigrationRunner runner;

  @BeforeEach
  void setUp(IcebergTestEnvironment environment) {
    own = OwnHistory.create(environment, "compat");
    runner = own.runner(V0001__CreateOrdersAndView.class, V0002__RenameTotal.class);
  }

  private TableIdentifier view() {
    return TableIdentifier.of(own.namespace(), "orders_v1");
  }

  @Test
  void theViewAnswersTheOldNameAfterTheMigrationAndIsGoneAfterTheDowngrade() {
    runner.migrate();

    View compat = ((ViewCatalog) own.catalog()).loadView(view());
    assertThat(compat.schema().columns())
        .extracting(Types.NestedField::name, f -> f.type().toString())
        .containsExactly(tuple("id", "long"), tuple("total", "double"));
    assertThat(compat.sqlFor("spark").sql())
        .isEqualTo("SELECT `id`, `amount` AS `total` FROM `orders`");
    assertThat(compat.sqlFor("trino").sql())
        .isEqualTo("SELECT \"id\", \"amount\" AS \"total\" FROM \"orders\"");
    assertThat(compat.currentVersion().defaultNamespace()).isEqualTo(Namespace.of(own.namespace()));
    assertThat(runner.preview().versions()).isEmpty();

    runner.rollback(1);

    assertThat(((ViewCatalog) own.catalog()).viewExists(view())).isFalse();
    assertThat(own.catalog().loadTable(TableIdentifier.of(own.namespace(), "orders")).schema())
        .extracting(s -> s.findField("total"))
        .isNotNull();
  }

  @Test
  void thePreviewShowsTheCompatibilityViewTheRenameBrings() {
    runner.migrate("0001");

    assertThat(runner.preview().versions().get(0).changes())
        .filteredOn(TableChange::isView)
        .extracting(TableChange::table, TableChange::kind)
        .containsExactly(tuple(view().toString(), TableChange.Kind.CREATED));
  }

  @Test
  void aCompatibilityViewBeforeTheRenameIsRefusedNamingTheColumn() {
    runner.migrate("0001");
    MigrationContext ctx = MigrationContexts.of(own.catalog(), own.namespace());

    assertThatThrownBy(
            () -> ctx.createCompatibilityView("orders", "orders_v1", Map.of("total", "amount")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot create compatibility view %s of %s.orders: it has no top-level column amount",
            view(), own.namespace());
  }
}
