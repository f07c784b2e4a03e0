package dev.icebergops.maven;

import dev.icebergops.runner.MigrationStatus;
import dev.icebergops.tooling.TextTable;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;

/** Versions as a table in the build log: the command line's columns, aligned as it aligns them. */
final class VersionLines {

  private VersionLines() {}

  /** A header, then one line per version, each indented by two spaces. */
  static List<String> table(
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
    return TextTable.lines(List.of("VERSION", "DESCRIPTION", "STATE", "UPDATED", "NOTE"), rows)
        .stream()
        .map(line -> "  " + line)
        .toList();
  }
}
