package dev.icebergops.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Prints results as aligned text tables, or as JSON with {@code --json}. */
final class Output {

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private final PrintStream out;
  private final boolean json;

  Output(PrintStream out, boolean json) {
    this.out = out;
    this.json = json;
  }

  boolean json() {
    return json;
  }

  /** A line for people; nothing with {@code --json}. */
  void line(String text) {
    if (!json) {
      out.println(text);
    }
  }

  /** The machine-readable result; nothing without {@code --json}. */
  void json(Object value) {
    if (json) {
      try {
        out.println(JSON.writeValueAsString(value));
      } catch (JsonProcessingException e) {
        throw new IllegalStateException("Cannot write JSON: " + e.getOriginalMessage(), e);
      }
    }
  }

  /** A table with a header row; empty cells for nulls; nothing with {@code --json}. */
  void table(List<String> header, List<List<String>> rows) {
    if (json) {
      return;
    }
    int[] widths = new int[header.size()];
    List<List<String>> all = new ArrayList<>();
    all.add(header);
    all.addAll(rows);
    for (List<String> row : all) {
      for (int i = 0; i < row.size(); i++) {
        widths[i] = Math.max(widths[i], cell(row.get(i)).length());
      }
    }
    for (List<String> row : all) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < row.size(); i++) {
        String cell = cell(row.get(i));
        line.append(cell);
        if (i < row.size() - 1) {
          line.append(" ".repeat(widths[i] - cell.length() + 2));
        }
      }
      out.println(line.toString().stripTrailing());
    }
  }

  static List<String> row(String... cells) {
    return Arrays.asList(cells);
  }

  private static String cell(String value) {
    return value == null ? "" : value.replace('\n', ' ');
  }
}
