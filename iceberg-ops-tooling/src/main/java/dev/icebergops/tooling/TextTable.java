package dev.icebergops.tooling;

import dev.icebergops.runner.MigrationStatus;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;

/**
 * Rows of text as aligned lines, the one table layout of the command line and the Maven plugin:
 * each column as wide as its widest cell, two spaces apart; and the versions as such a table.
 */
public final class TextTable {

  private TextTable() {}

  /**
   * The header, then each row, as lines: a null cell is empty, a line break in a cell a space, and
   * no line ends in blanks.
   *
   * @param header the column names
   * @param rows the rows, each with no more cells than the header
   * @return one line for the header and one per row
   * @throws IndexOutOfBoundsException if a row has more cells than the header
   */
  public static List<String> lines(List<String> header, List<List<String>> rows) {
    List<List<String>> all = new ArrayList<>();
    all.add(header);
    all.addAll(rows);
    int[] widths = new int[header.size()];
    for (List<String> row : all) {
      for (int i = 0; i < row.size(); i++) {
        widths[i] = Math.max(widths[i], cell(row.get(i)).length());
      }
    }
    List<String> lines = new ArrayList<>();
    for (List<String> row : all) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < row.size(); i++) {
        String cell = cell(row.get(i));
        line.append(cell).append(" ".repeat(widths[i] - cell.length() + 2));
      }
      lines.add(line.toString().stripTrailing());
    }
    return lines;
  }

  private static String cell(String value) {
    return value == null ? "" : value.replace('\n', ' ');
  }

  /**
   * Versions as a table, the command line's {@code status} and the Maven plugin's {@code status}
   * and {@code plan} alike: version, description, state, updated, note; the header, then one line
   * per version.
   *
   * @param versions the versions, in order
   * @param note the text of each version's NOTE column (null for none)
   * @return one line for the header and one per version
   */
  public static List<String> versions(
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
    return lines(List.of("VERSION", "DESCRIPTION", "STATE", "UPDATED", "NOTE"), rows);
  }
}
