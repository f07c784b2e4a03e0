import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;

/** Misnamed (not V<NNNN>__<Description>): skipped with a warning, a failure with the flag on. */
public class v0003_add_note extends BaseMigration {

  @Override
  public void upgrade(MigrationContext ctx) {}

  @Override
  public void downgrade(MigrationContext ctx) {}
}
