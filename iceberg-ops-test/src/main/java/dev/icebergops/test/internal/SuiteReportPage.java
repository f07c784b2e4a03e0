package dev.icebergops.test.internal;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Renders a {@link SuiteReport} as Markdown and as a self-contained HTML page: one walk over the
 * report's content ({@link #render}), each of its parts written by the format.
 */
abstract class SuiteReportPage {

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

  private static final List<String> COLUMNS = List.of("id", "column", "type", "required", "doc");

  final StringBuilder out = new StringBuilder();

  static String markdown(ReportContent report) {
    return new Markdown().render(report);
  }

  static String html(ReportContent report) {
    return new Html().render(report);
  }

  final String render(ReportContent report) {
    begin(report.title(), "Standard checks: " + report.summary(), report.failed());
    table("id=\"checks\"", List.of("check", "result"), report.checkRows(), 1);
    heading(2, "Versions");
    table("id=\"versions\"", report.headers(), report.versionRows(), 2);
    list("id=\"set-notes\"", report.setNotes());
    Map<String, List<String>> reasons = report.notApplicable();
    if (!reasons.isEmpty()) {
      paragraph("", "Not applicable: the check does not cover the version.");
      list(
          "id=\"not-applicable\"",
          reasons.entrySet().stream()
              .map(e -> String.join("; ", e.getValue()) + ": " + e.getKey())
              .toList());
    }
    Map<String, Map<String, List<String>>> facts = report.facts();
    if (!facts.isEmpty()) {
      heading(2, "Facts");
      facts.forEach(
          (fact, effects) -> {
            paragraph("class=\"fact\"", fact);
            list(
                "",
                effects.entrySet().stream()
                    .map(e -> e.getKey() + ": " + String.join("; ", e.getValue()))
                    .toList());
          });
    }
    List<String[]> findings = report.findings();
    if (!findings.isEmpty()) {
      heading(2, "Findings");
      findings.forEach(finding -> finding(finding[0], finding[1], finding[2]));
    }
    heading(2, "Tables at head");
    report
        .headSchemas()
        .forEach(
            (table, schema) -> {
              heading(3, table);
              table("class=\"schema\"", COLUMNS, ReportContent.columns(schema), COLUMNS.size());
            });
    end();
    return out.toString();
  }

  /** The title, and the summary, marked failed or passed. */
  abstract void begin(String title, String summary, boolean failed);

  abstract void heading(int level, String text);

  abstract void paragraph(String attributes, String text);

  /** A list; nothing when there are no items. */
  abstract void list(String attributes, List<String> items);

  /**
   * A table.
   *
   * @param results the index of the first column whose cells are results (passed, failed, ...)
   */
  abstract void table(
      String attributes, List<String> headers, List<List<String>> rows, int results);

  /** One failure, warning or note of a check. */
  abstract void finding(String check, String kind, String text);

  /** What closes the page: nothing, in Markdown. */
  void end() {}

  private static final class Markdown extends SuiteReportPage {
    @Override
    void begin(String title, String summary, boolean failed) {
      out.append("# iceberg-ops: ").append(title).append("\n\n");
      paragraph("", summary + ".");
    }

    @Override
    void heading(int level, String text) {
      out.append("#".repeat(level)).append(' ').append(text).append("\n\n");
    }

    @Override
    void paragraph(String attributes, String text) {
      out.append(text).append("\n\n");
    }

    @Override
    void list(String attributes, List<String> items) {
      items.forEach(item -> out.append("- ").append(item).append('\n'));
      out.append(items.isEmpty() ? "" : "\n");
    }

    @Override
    void table(String attributes, List<String> headers, List<List<String>> rows, int results) {
      out.append("| ").append(String.join(" | ", headers)).append(" |\n|");
      headers.forEach(h -> out.append(" --- |"));
      out.append('\n');
      rows.forEach(
          row ->
              out.append(
                  row.stream()
                      .map(c -> c.replace("|", "\\|"))
                      .collect(Collectors.joining(" | ", "| ", " |\n"))));
      out.append('\n');
    }

    @Override
    void finding(String check, String kind, String text) {
      out.append("**").append(check).append("**, ").append(kind).append(":\n\n```\n");
      out.append(text).append("\n```\n\n");
    }
  }

  private static final class Html extends SuiteReportPage {
    @Override
    void begin(String title, String summary, boolean failed) {
      out.append("<!DOCTYPE html>\n<html lang=\"en\"><head>");
      out.append("<meta charset=\"utf-8\"><title>iceberg-ops: ").append(escape(title));
      out.append("</title><style>").append(STYLE).append("</style></head><body>\n");
      heading(1, "iceberg-ops: " + title);
      paragraph("id=\"summary\" class=\"" + (failed ? "failed" : "passed") + "\"", summary);
    }

    @Override
    void heading(int level, String text) {
      out.append("<h").append(level).append('>').append(escape(text));
      out.append("</h").append(level).append(">\n");
    }

    @Override
    void paragraph(String attributes, String text) {
      out.append(open("p", attributes)).append(escape(text)).append("</p>\n");
    }

    @Override
    void list(String attributes, List<String> items) {
      if (!items.isEmpty()) {
        out.append(open("ul", attributes));
        items.forEach(item -> out.append("<li>").append(escape(item)).append("</li>"));
        out.append("</ul>\n");
      }
    }

    @Override
    void table(String attributes, List<String> headers, List<List<String>> rows, int results) {
      out.append(open("table", attributes)).append("<tr>");
      headers.forEach(h -> out.append("<th>").append(escape(h)).append("</th>"));
      out.append("</tr>\n");
      for (List<String> row : rows) {
        out.append("<tr>");
        for (int i = 0; i < row.size(); i++) {
          out.append(open("td", i < results ? "" : "class=\"" + css(row.get(i)) + "\""));
          out.append(escape(row.get(i))).append("</td>");
        }
        out.append("</tr>\n");
      }
      out.append("</table>\n");
    }

    @Override
    void finding(String check, String kind, String text) {
      heading(3, check + ", " + kind);
      out.append("<pre class=\"").append("failure".equals(kind) ? "failure" : "note").append("\">");
      out.append(escape(text)).append("</pre>\n");
    }

    @Override
    void end() {
      out.append("</body></html>\n");
    }

    private static String open(String tag, String attributes) {
      return "<" + tag + (attributes.isEmpty() ? "" : " " + attributes) + ">";
    }

    private static String css(String result) {
      return switch (result) {
        case "passed", "failed" -> result;
        case "not run" -> "notrun";
        default -> "na";
      };
    }

    private static String escape(String text) {
      return text.replace("&", "&amp;")
          .replace("<", "&lt;")
          .replace(">", "&gt;")
          .replace("\"", "&quot;");
    }
  }
}
