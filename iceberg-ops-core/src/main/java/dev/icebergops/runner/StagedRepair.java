package dev.icebergops.runner;

import java.util.Locale;

/**
 * What {@link MigrationRunner#repair(StagedRepair)} does with a branch that a staged data step of a
 * failed or interrupted version left unpublished (see {@code MigrationContext.stageData}).
 *
 * <pre>{@code
 * runner.status();                        // 0002: staged on branch B of ns.payments: audited, ...
 * runner.repair(StagedRepair.PUBLISH);    // main now has the staged rows; 0002 is pending
 * runner.migrate();                       // 0002 finds its data published and does not write again
 * }</pre>
 */
public enum StagedRepair {
  /**
   * Publishes an audited branch onto main in one commit, and keeps it, so that the version's next
   * run finds its data published and does not write it again. A branch whose audit did not pass is
   * refused.
   */
  PUBLISH,
  /** Drops the branch and its audit tag: main stays as it is, and the next run stages again. */
  DROP;

  /**
   * The choice a command line or a build names: {@code publish} or {@code drop}, in any case.
   *
   * @param value the word named
   * @param option how the caller names the setting, for the message ({@code --staged})
   * @param namespace the namespace repaired, for the message
   * @throws IllegalArgumentException if the value is neither
   */
  public static StagedRepair named(String value, String option, String namespace) {
    return switch (value.toLowerCase(Locale.ROOT)) {
      case "publish" -> PUBLISH;
      case "drop" -> DROP;
      default ->
          throw new IllegalArgumentException(
              "Cannot repair %s: %s takes publish or drop, not %s"
                  .formatted(namespace, option, value));
    };
  }
}
