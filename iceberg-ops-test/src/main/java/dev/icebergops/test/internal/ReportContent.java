package dev.icebergops.test.internal;

import dev.icebergops.test.internal.CheckReport.Outcome;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * What a {@link SuiteReport} says, taken at once, as the rows and words that {@link
 * SuiteReportPage} writes as Markdown and HTML and that the log shows as text.
 *
 * @param title the test class's simple name
 * @param summary "7 passed, 1 failed, 1 not applicable"
 * @param failed whether a check failed
 * @param descriptions each version's description, in version order
 * @param entries each check's entry
 * @param setNotes the gaps between the set's versions and the migrations its source skipped
 * @param headSchemas each table's schema at head, by name
 */
record ReportContent(
    String title,
    String summary,
    boolean failed,
    Map<String, String> descriptions,
    Map<StandardCheck, CheckEntry> entries,
    List<String> setNotes,
    Map<String, Schema> headSchemas) {

  /** Each fact once, with what it meant for each check. */
  Map<String, Map<String, List<String>>> facts() {
    return ReportFacts.facts(entries);
  }

  /** One check's outcome as a word: passed, failed, not applicable or not run. */
  String result(StandardCheck check) {
    CheckEntry entry = entries.get(check);
    if (entry == null) {
      return "not run";
    }
    if (entry.report() == null) {
      return "not applicable";
    }
    return entry.report().passed() ? "passed" : "failed";
  }

  /** One version's outcome in one check. */
  private String cell(StandardCheck check, String version) {
    CheckEntry entry = entries.get(check);
    if (entry == null) {
      return "not run";
    }
    if (entry.report() == null) {
      return "not applicable";
    }
    Outcome outcome = entry.report().versions().getOrDefault(version, Outcome.NOT_APPLICABLE);
    return outcome.name().toLowerCase(Locale.ROOT).replace('_', ' ');
  }

  List<String> headers() {
    List<String> headers = new ArrayList<>(List.of("version", "description"));
    Arrays.stream(StandardCheck.values()).forEach(check -> headers.add(check.title()));
    return headers;
  }

  List<List<String>> versionRows() {
    List<List<String>> rows = new ArrayList<>();
    descriptions.forEach(
        (version, description) -> {
          List<String> row = new ArrayList<>(List.of(version, description));
          for (StandardCheck check : StandardCheck.values()) {
            row.add(cell(check, version));
          }
          rows.add(row);
        });
    return rows;
  }

  /**
   * The versions table as aligned plain text, for the log: a header line, then one line per version
   * with each check's outcome ({@code -} where the check does not cover the version).
   */
  String versionsText() {
    List<List<String>> lines = new ArrayList<>();
    lines.add(headers());
    for (List<String> row : versionRows()) {
      List<String> line = new ArrayList<>(row.subList(0, 2));
      row.subList(2, row.size()).forEach(cell -> line.add(textCell(cell)));
      lines.add(line);
    }
    int[] widths = new int[lines.get(0).size()];
    for (List<String> line : lines) {
      for (int i = 0; i < line.size(); i++) {
        widths[i] = Math.max(widths[i], line.get(i).length());
      }
    }
    StringBuilder out = new StringBuilder();
    for (List<String> line : lines) {
      StringBuilder text = new StringBuilder();
      for (int i = 0; i < line.size(); i++) {
        text.append("  ").append(line.get(i)).append(" ".repeat(widths[i] - line.get(i).length()));
      }
      out.append(text.toString().stripTrailing()).append('\n');
    }
    setNotes().forEach(note -> out.append("  ").append(note).append('\n'));
    return out.toString().stripTrailing();
  }

  /** A cell of the text table: FAILED stands out, a check that does not apply is a dash. */
  private static String textCell(String cell) {
    return switch (cell) {
      case "failed" -> "FAILED";
      case "not applicable" -> "-";
      default -> cell;
    };
  }

  /**
   * Per check and kind ("failure", "warning", "note"), its messages; a check that did not apply is
   * explained with the "not applicable" cells, and facts are stated once on their own.
   */
  List<String[]> findings() {
    List<String[]> findings = new ArrayList<>();
    for (StandardCheck check : StandardCheck.values()) {
      CheckEntry entry = entries.get(check);
      if (entry == null || entry.report() == null) {
        continue;
      }
      entry
          .report()
          .failures()
          .forEach(f -> findings.add(new String[] {check.title(), "failure", f}));
      entry
          .report()
          .warnings()
          .forEach(w -> findings.add(new String[] {check.title(), "warning", w}));
      entry.report().notes().forEach(n -> findings.add(new String[] {check.title(), "note", n}));
    }
    return findings;
  }

  /** Every column and nested field of a schema: path, id, type, required, doc. */
  static List<List<String>> columns(Schema schema) {
    List<List<String>> rows = new ArrayList<>();
    fields("", schema.asStruct().fields(), rows);
    return rows;
  }

  private static void fields(
      String prefix, List<Types.NestedField> fields, List<List<String>> rows) {
    for (Types.NestedField field : fields) {
      String path = prefix + field.name();
      Type type = field.type();
      rows.add(
          List.of(
              String.valueOf(field.fieldId()),
              path,
              type.isNestedType() ? type.typeId().name().toLowerCase(Locale.ROOT) : type.toString(),
              field.isRequired() ? "required" : "optional",
              field.doc() == null ? "" : field.doc()));
      if (type.isNestedType()) {
        fields(path + ".", type.asNestedType().fields(), rows);
      }
    }
  }

  Map<String, List<String>> notApplicable() {
    return ReportFacts.notApplicable(entries, new ArrayList<>(descriptions.keySet()));
  }
}
