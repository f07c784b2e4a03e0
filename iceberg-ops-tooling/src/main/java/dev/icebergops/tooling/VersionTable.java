package dev.icebergops.tooling;

import dev.icebergops.runner.MigrationStatus;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;

/**
 * Versions as a table ({@link TextTable}), the command line's {@code status} and the Maven plugin's
 * {@code status} and {@code plan} alike: version, description, state, updated, note.
 */
public final class VersionTable {

  private VersionTable() {}

  /**
   * The header, then one line per version.
   *
   * @param versions the versions, in order
   * @param note the text of each version's NOTE column (null for none)
   * @return one line for the header and one per version
   */
  public static List<String> lines(
      List<MigrationStatus> versions, Function<MigrationStatus, String> note) {
    List<List<String>> rows =
        versions.stream()
            .map(
                s ->
                    Arrays.asList(
                        s.version(),
                        s.description(),
                        s.state().name().toLowerCase(Locale.ROOT),
                        Objects.toString(s.updatedAt(), null),
                        note.apply(s)))
            .toList();
    return TextTable.lines(List.of("VERSION", "DESCRIPTION", "STATE", "UPDATED", "NOTE"), rows);
  }
}
