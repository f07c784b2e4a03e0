import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.schema.EnforceOptions;
import org.apache.iceberg.types.Types;

public class V0002__AddRegion extends BaseMigration {

  @Override
  public void upgrade(MigrationContext ctx) {
    ctx.enforceColumn("orders", "region", Types.StringType.get(), EnforceOptions.defaults());
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    ctx.deleteColumn("orders", "region");
  }
}
