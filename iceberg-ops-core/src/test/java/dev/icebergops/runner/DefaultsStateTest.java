package dev.icebergops.runner;

import static org.apache.iceberg.expressions.Expressions.lit;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.TableOptions;
import dev.icebergops.runner.DriftFinding.Kind;
import dev.icebergops.schema.EnforceOptions;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.SharedEnvironment;
import java.util.Map;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Column defaults in the one table-state model, on the REST catalog over HTTP with an S3 store: the
 * preview shows a column added with its defaults and a write default changed, and drift reports a
 * write default changed by hand.
 */
@ExtendWith(SharedEnvironment.class)
class DefaultsStateTest {

  public static class V0001__CreateOrders extends PreviewFixtures.Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.createTableIfNotExists(
          "orders",
          PreviewFixtures.ORDERS,
          TableOptions.defaults().withProperties(Map.of("format-version", "3")));
    }
  }

  public static class V0002__AddStatus extends PreviewFixtures.Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.addRequiredColumn("orders", "status", Types.StringType.get(), null, lit("old"), null);
    }
  }

  public static class V0003__NewOrdersAreOpen extends PreviewFixtures.Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.enforceColumn(
          "orders", "status", "string", EnforceOptions.defaults().withDefaults(null, lit("open")));
    }
  }

  private OwnHistory own;

  @BeforeEach
  void setUp(IcebergTestEnvironment environment) {
    own = OwnHistory.create(environment, "defaults");
  }

  @Test
  void thePreviewShowsAColumnAddedWithItsDefaultsAndAWriteDefaultChanged() {
    own.runner(V0001__CreateOrders.class).migrate();

    MigrationPreview preview =
        own.runner(V0001__CreateOrders.class, V0002__AddStatus.class, V0003__NewOrdersAreOpen.class)
            .preview();

    assertThat(preview.text())
        .contains("added column status (id=4, string, initial \"old\", write none)")
        .contains(
            "changed column status (id=4): initial \"old\", write none -> initial \"old\","
                + " write \"open\"");
  }

  @Test
  void aWriteDefaultChangedByHandIsDrift() {
    own.runner(V0001__CreateOrders.class, V0002__AddStatus.class).migrate();
    Table orders = own.catalog().loadTable(TableIdentifier.of(own.namespace(), "orders"));
    orders.updateSchema().updateColumnDefault("status", lit("closed")).commit();

    DriftReport report = own.runner(V0001__CreateOrders.class, V0002__AddStatus.class).checkDrift();

    String table = own.namespace() + ".orders";
    assertThat(report.findings())
        .extracting(
            DriftFinding::table,
            DriftFinding::kind,
            DriftFinding::subject,
            DriftFinding::expected,
            DriftFinding::actual)
        .containsExactly(
            tuple(
                table,
                Kind.DEFAULT,
                "status",
                "initial \"old\", write none",
                "initial \"old\", write \"closed\""));
    assertThat(report.text())
        .contains(
            table
                + ": column status has initial \"old\", write \"closed\", expected initial"
                + " \"old\", write none");
  }
}
