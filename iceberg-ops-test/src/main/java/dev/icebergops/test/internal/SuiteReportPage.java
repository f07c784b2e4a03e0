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

/** Renders a {@link SuiteReport} as Markdown and as a self-contained HTML page. */
final class SuiteReportPage {

  private static final String STYLE =
      "body{font-family:system-ui,sans-serif;margin:2em;color:#1b1f23}"
          + "table{border-collapse:collapse;margin:.5em 0 1.5em}"
          + "th,td{border:1px solid #d0d7de;padding:.3em .7em;text-align:left}"
          + "th{background:#f6f8fa}"
          + ".passed{background:#dafbe1;color:#116329}"
          + ".failed{background:#ff4d4f;color:#fff;font-weight:bold}"
          + ".na,.notrun{background:#f6f8fa;color:#57606a}"
          + "pre{background:#fff1f0;border-left:4px solid #cf222e;padding:.7em;white-space:pre-wrap}"
          + "pre.note{background:#f6f8fa;border-left-color:#57606a}";

  private final SuiteReport report;
  private final Map<String, String> descriptions;
  private final Map<StandardCheck, SuiteReport.Entry> entries;
  private final List<String> setNotes;

  SuiteReportPage(SuiteReport report) {
    this.report = report;
    this.descriptions = report.descriptions();
    this.entries = report.entries();
    this.setNotes = report.setNotes();
  }

  /** The gaps between the set's versions and the migrations its source skipped, one line each. */
  private List<String> setNotes() {
    return setNotes;
  }

  /** One check's outcome as a word: passed, failed, not applicable or not run. */
  private String result(StandardCheck check) {
    SuiteReport.Entry entry = entries.get(check);
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
    SuiteReport.Entry entry = entries.get(check);
    if (entry == null) {
      return "not run";
    }
    if (entry.report() == null) {
      return "not applicable";
    }
    Outcome outcome = entry.report().versions().getOrDefault(version, Outcome.NOT_APPLICABLE);
    return outcome.name().toLowerCase(Locale.ROOT).replace('_', ' ');
  }

  private List<String> headers() {
    List<String> headers = new ArrayList<>(List.of("version", "description"));
    Arrays.stream(StandardCheck.values()).forEach(check -> headers.add(check.title()));
    return headers;
  }

  private List<List<String>> versionRows() {
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
  private List<String[]> findings() {
    List<String[]> findings = new ArrayList<>();
    for (StandardCheck check : StandardCheck.values()) {
      SuiteReport.Entry entry = entries.get(check);
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
  private static List<List<String>> columns(Schema schema) {
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

  String markdown() {
    StringBuilder out = new StringBuilder();
    out.append("# iceberg-ops: ").append(report.title()).append("\n\n");
    out.append("Standard checks: ").append(report.summary()).append(".\n\n");
    out.append("| check | result |\n| --- | --- |\n");
    for (StandardCheck check : StandardCheck.values()) {
      out.append("| ").append(check.title()).append(" | ").append(result(check)).append(" |\n");
    }
    out.append("\n## Versions\n\n");
    mdTable(out, headers(), versionRows());
    setNotes().forEach(note -> out.append("- ").append(note).append('\n'));
    out.append(setNotes().isEmpty() ? "" : "\n");
    mdNotApplicable(out);
    mdFacts(out);
    List<String[]> findings = findings();
    if (!findings.isEmpty()) {
      out.append("## Findings\n");
      for (String[] finding : findings) {
        out.append("\n**").append(finding[0]).append("**, ");
        out.append(finding[1]).append(":\n\n```\n").append(finding[2]).append("\n```\n");
      }
      out.append('\n');
    }
    out.append("## Tables at head\n");
    report
        .headSchemas()
        .forEach(
            (table, schema) -> {
              out.append("\n### ").append(table).append("\n\n");
              mdTable(out, List.of("id", "column", "type", "required", "doc"), columns(schema));
            });
    return out.toString();
  }

  /** Why each "not applicable" cell is one, each reason once. */
  private void mdNotApplicable(StringBuilder out) {
    Map<String, List<String>> reasons = notApplicable();
    if (reasons.isEmpty()) {
      return;
    }
    out.append("Not applicable: the check does not cover the version.\n\n");
    reasons.forEach(
        (why, where) ->
            out.append("- ")
                .append(String.join("; ", where))
                .append(": ")
                .append(why)
                .append('\n'));
    out.append('\n');
  }

  /** Each fact once, with what it meant for each check. */
  private void mdFacts(StringBuilder out) {
    Map<String, Map<String, List<String>>> facts = ReportFacts.facts(entries);
    if (facts.isEmpty()) {
      return;
    }
    out.append("## Facts\n");
    facts.forEach(
        (fact, effects) -> {
          out.append("\n").append(fact).append("\n\n");
          effects.forEach(
              (check, what) ->
                  out.append("- ")
                      .append(check)
                      .append(": ")
                      .append(String.join("; ", what))
                      .append('\n'));
        });
    out.append('\n');
  }

  private Map<String, List<String>> notApplicable() {
    return ReportFacts.notApplicable(entries, new ArrayList<>(descriptions.keySet()));
  }

  private static void mdTable(StringBuilder out, List<String> headers, List<List<String>> rows) {
    out.append("| ").append(String.join(" | ", headers)).append(" |\n|");
    headers.forEach(h -> out.append(" --- |"));
    out.append('\n');
    for (List<String> row : rows) {
      out.append("| ");
      out.append(String.join(" | ", row.stream().map(c -> c.replace("|", "\\|")).toList()));
      out.append(" |\n");
    }
    out.append('\n');
  }

  String html() {
    StringBuilder out = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head>");
    out.append("<meta charset=\"utf-8\"><title>iceberg-ops: ").append(escape(report.title()));
    out.append("</title><style>").append(STYLE).append("</style></head><body>\n");
    out.append("<h1>iceberg-ops: ").append(escape(report.title())).append("</h1>\n");
    out.append("<p id=\"summary\" class=\"").append(report.failed() ? "failed" : "passed");
    out.append("\">Standard checks: ").append(escape(report.summary())).append("</p>\n");
    out.append("<table id=\"checks\"><tr><th>check</th><th>result</th></tr>\n");
    for (StandardCheck check : StandardCheck.values()) {
      String name = check.title();
      String result = result(check);
      out.append("<tr><td>").append(escape(name)).append("</td>").append(td(result));
      out.append("</tr>\n");
    }
    out.append("</table>\n<h2>Versions</h2>\n<table id=\"versions\"><tr>");
    headers().forEach(h -> out.append("<th>").append(escape(h)).append("</th>"));
    out.append("</tr>\n");
    for (List<String> row : versionRows()) {
      out.append("<tr><td>").append(escape(row.get(0))).append("</td><td>");
      out.append(escape(row.get(1))).append("</td>");
      row.subList(2, row.size()).forEach(cell -> out.append(td(cell)));
      out.append("</tr>\n");
    }
    out.append("</table>\n");
    if (!setNotes().isEmpty()) {
      out.append("<ul id=\"set-notes\">");
      setNotes().forEach(note -> out.append("<li>").append(escape(note)).append("</li>"));
      out.append("</ul>\n");
    }
    htmlNotApplicable(out);
    htmlFacts(out);
    htmlFindings(out);
    htmlTables(out);
    return out.append("</body></html>\n").toString();
  }

  private void htmlNotApplicable(StringBuilder out) {
    Map<String, List<String>> reasons = notApplicable();
    if (reasons.isEmpty()) {
      return;
    }
    out.append("<p>Not applicable: the check does not cover the version.</p>\n");
    out.append("<ul id=\"not-applicable\">\n");
    reasons.forEach(
        (why, where) ->
            out.append("<li>")
                .append(escape(String.join("; ", where)))
                .append(": ")
                .append(escape(why))
                .append("</li>\n"));
    out.append("</ul>\n");
  }

  private void htmlFacts(StringBuilder out) {
    Map<String, Map<String, List<String>>> facts = ReportFacts.facts(entries);
    if (facts.isEmpty()) {
      return;
    }
    out.append("<h2>Facts</h2>\n");
    facts.forEach(
        (fact, effects) -> {
          out.append("<p class=\"fact\">").append(escape(fact)).append("</p>\n<ul>\n");
          effects.forEach(
              (check, what) ->
                  out.append("<li>")
                      .append(escape(check))
                      .append(": ")
                      .append(escape(String.join("; ", what)))
                      .append("</li>\n"));
          out.append("</ul>\n");
        });
  }

  private void htmlFindings(StringBuilder out) {
    List<String[]> findings = findings();
    if (findings.isEmpty()) {
      return;
    }
    out.append("<h2>Findings</h2>\n");
    for (String[] finding : findings) {
      out.append("<h3>").append(escape(finding[0])).append(", ");
      out.append(escape(finding[1])).append("</h3>\n<pre");
      out.append("failure".equals(finding[1]) ? " class=\"failure\">" : " class=\"note\">");
      out.append(escape(finding[2])).append("</pre>\n");
    }
  }

  private void htmlTables(StringBuilder out) {
    out.append("<h2>Tables at head</h2>\n");
    report
        .headSchemas()
        .forEach(
            (table, schema) -> {
              out.append("<h3>").append(escape(table)).append("</h3>\n<table class=\"schema\">");
              out.append("<tr><th>id</th><th>column</th><th>type</th><th>required</th>");
              out.append("<th>doc</th></tr>\n");
              for (List<String> row : columns(schema)) {
                out.append("<tr>");
                row.forEach(c -> out.append("<td>").append(escape(c)).append("</td>"));
                out.append("</tr>\n");
              }
              out.append("</table>\n");
            });
  }

  private static String td(String result) {
    String css =
        switch (result) {
          case "passed" -> "passed";
          case "failed" -> "failed";
          case "not run" -> "notrun";
          default -> "na";
        };
    return "<td class=\"" + css + "\">" + escape(result) + "</td>";
  }

  private static String escape(String text) {
    return text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
