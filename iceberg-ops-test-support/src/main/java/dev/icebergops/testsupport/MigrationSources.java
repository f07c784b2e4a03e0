package dev.icebergops.testsupport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The Java source of a migration in the default package, as the command line and the directory
 * source compile it from a migrations directory.
 */
public final class MigrationSources {

  /** The upgrade's body is on line 6, where a compile error in it is reported. */
  private static final String TEMPLATE =
      """
      import dev.icebergops.migration.BaseMigration;
      import dev.icebergops.migration.MigrationContext;

      public class %s extends BaseMigration {
        @Override public void upgrade(MigrationContext ctx) {
          %s
        }
        @Override public void downgrade(MigrationContext ctx) {%s}
      }
      """;

  private MigrationSources() {}

  /**
   * A migration whose upgrade runs {@code upgradeBody} and whose downgrade does nothing.
   *
   * @param className the class name, {@code V0001__CreateOrders} for example
   * @param upgradeBody statements, on line 6 of the source
   * @return the source
   */
  public static String migration(String className, String upgradeBody) {
    return migration(className, upgradeBody, "");
  }

  /**
   * A migration whose upgrade runs {@code upgradeBody} and whose downgrade runs {@code
   * downgradeBody}; both name Iceberg's types by their full names.
   *
   * @param className the class name, {@code V0001__CreateOrders} for example
   * @param upgradeBody statements, on line 6 of the source
   * @param downgradeBody statements
   * @return the source
   */
  public static String migration(String className, String upgradeBody, String downgradeBody) {
    return TEMPLATE.formatted(className, upgradeBody, downgradeBody);
  }

  /**
   * Writes {@link #migration(String, String, String)} to {@code <directory>/<className>.java}.
   *
   * @param directory the migrations directory
   * @param className the class name
   * @param upgradeBody statements of the upgrade
   * @param downgradeBody statements of the downgrade
   * @return the file written
   * @throws IOException if the file cannot be written
   */
  public static Path write(
      Path directory, String className, String upgradeBody, String downgradeBody)
      throws IOException {
    return Files.writeString(
        directory.resolve(className + ".java"), migration(className, upgradeBody, downgradeBody));
  }
}
