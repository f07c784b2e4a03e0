package dev.icebergops.migration;

import dev.icebergops.migration.internal.MigrationName;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/**
 * Versions missing between two versions of a migration set, for example {@code 0006} between {@code
 * 0005} and {@code 0007}. A gap is not an error (a version may be left out on purpose, as Flyway
 * allows), but it is often a migration that was not found, so {@code status}, {@code plan} and the
 * toolkit's report show it.
 *
 * <pre>{@code
 * VersionGap.between(List.of("0001", "0002", "0005")); // [no version 0003 to 0004 between 0002 and 0005]
 * }</pre>
 *
 * @param after the version below the gap
 * @param before the version above the gap
 */
public record VersionGap(String after, String before) {

  /**
   * Checks the two versions.
   *
   * @param after the version below the gap
   * @param before the version above the gap
   * @throws IllegalArgumentException if a version is not four digits, or {@code before} is not more
   *     than one above {@code after}
   */
  public VersionGap {
    if (!MigrationName.isValidVersion(after)
        || !MigrationName.isValidVersion(before)
        || Integer.parseInt(before) - Integer.parseInt(after) < 2) {
      throw new IllegalArgumentException(
          "Cannot create version gap from " + after + " to " + before + ": no version is between");
    }
  }

  /**
   * The gaps between consecutive versions; versions that are not four digits are ignored, and
   * nothing counts as missing below the lowest version.
   *
   * @param versions four-digit versions, in any order; duplicates are fine
   * @return the gaps, lowest first; empty when the versions are consecutive
   */
  public static List<VersionGap> between(Collection<String> versions) {
    TreeSet<String> sorted = new TreeSet<>();
    versions.stream().filter(MigrationName::isValidVersion).forEach(sorted::add);
    List<VersionGap> gaps = new ArrayList<>();
    String previous = null;
    for (String version : sorted) {
      if (previous != null && Integer.parseInt(version) - Integer.parseInt(previous) > 1) {
        gaps.add(new VersionGap(previous, version));
      }
      previous = version;
    }
    return gaps;
  }

  /** The missing versions: {@code 0006}, or {@code 0006 to 0009}. */
  public String missing() {
    int first = Integer.parseInt(after) + 1;
    int last = Integer.parseInt(before) - 1;
    return first == last
        ? String.format(Locale.ROOT, "%04d", first)
        : String.format(Locale.ROOT, "%04d to %04d", first, last);
  }

  /** {@code no version 0006 between 0005 and 0007}. */
  @Override
  public String toString() {
    return "no version " + missing() + " between " + after + " and " + before;
  }
}
