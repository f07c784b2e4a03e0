package dev.icebergops.migration;

import dev.icebergops.migration.internal.MigrationName;

/**
 * A {@link Migration} whose version and description come from its class name, {@code
 * V<NNNN>__<Description>}: {@code V0004__AddRegionToOrders} is version {@code 0004}, "Add region to
 * orders" (underscores also separate words). A baseline migration, named {@code
 * B<NNNN>__<Description>}, derives them the same way.
 *
 * <pre>{@code
 * public class V0004__AddRegionToOrders extends BaseMigration {
 *   @Override public void upgrade(MigrationContext ctx) {
 *     ctx.enforceColumn("orders", "region", "string");
 *   }
 *   @Override public void downgrade(MigrationContext ctx) {
 *     ctx.deleteColumn("orders", "region");
 *   }
 * }
 * }</pre>
 */
public abstract class BaseMigration implements Migration {

  /**
   * {@inheritDoc}
   *
   * @throws IllegalStateException if the class name does not follow {@code V<NNNN>__<Description>}
   *     and this method is not overridden
   */
  @Override
  public String version() {
    return name().version();
  }

  /**
   * {@inheritDoc}
   *
   * @throws IllegalStateException if the class name does not follow {@code V<NNNN>__<Description>}
   *     and this method is not overridden
   */
  @Override
  public String description() {
    return name().description();
  }

  private MigrationName name() {
    MigrationName name = MigrationName.parse(getClass().getSimpleName());
    if (name == null) {
      throw new IllegalStateException(
          ("Cannot derive the version of %s: the class name must be V<NNNN>__<Description> (or"
                  + " B<NNNN>__ for a baseline), or override version() and description()")
              .formatted(getClass().getName()));
    }
    return name;
  }

  @Override
  public String toString() {
    return version() + " (" + description() + ")";
  }
}
