package dev.icebergops.test.internal;

import java.util.List;
import java.util.Map;

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

  private final ReportContent report;

  SuiteReportPage(ReportContent report) {
    this.report = report;
  }

  String markdown() {
    StringBuilder out = new StringBuilder();
    out.append("# iceberg-ops: ").append(report.title()).append("\n\n");
    out.append("Standard checks: ").append(report.summary()).append(".\n\n");
    out.append("| check | result |\n| --- | --- |\n");
    for (StandardCheck check : StandardCheck.values()) {
      out.append("| ")
          .append(check.title())
          .append(" | ")
          .append(report.result(check))
          .append(" |\n");
    }
    out.append("\n## Versions\n\n");
    mdTable(out, report.headers(), report.versionRows());
    report.setNotes().forEach(note -> out.append("- ").append(note).append('\n'));
    out.append(report.setNotes().isEmpty() ? "" : "\n");
    mdNotApplicable(out);
    mdFacts(out);
    List<String[]> findings = report.findings();
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
              mdTable(
                  out, List.of("id", "column", "type", "required", "doc"), report.columns(schema));
            });
    return out.toString();
  }

  /** Why each "not applicable" cell is one, each reason once. */
  private void mdNotApplicable(StringBuilder out) {
    Map<String, List<String>> reasons = report.notApplicable();
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
    Map<String, Map<String, List<String>>> facts = report.facts();
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
      String result = report.result(check);
      out.append("<tr><td>").append(escape(name)).append("</td>").append(td(result));
      out.append("</tr>\n");
    }
    out.append("</table>\n<h2>Versions</h2>\n<table id=\"versions\"><tr>");
    report.headers().forEach(h -> out.append("<th>").append(escape(h)).append("</th>"));
    out.append("</tr>\n");
    for (List<String> row : report.versionRows()) {
      out.append("<tr><td>").append(escape(row.get(0))).append("</td><td>");
      out.append(escape(row.get(1))).append("</td>");
      row.subList(2, row.size()).forEach(cell -> out.append(td(cell)));
      out.append("</tr>\n");
    }
    out.append("</table>\n");
    if (!report.setNotes().isEmpty()) {
      out.append("<ul id=\"set-notes\">");
      report.setNotes().forEach(note -> out.append("<li>").append(escape(note)).append("</li>"));
      out.append("</ul>\n");
    }
    htmlNotApplicable(out);
    htmlFacts(out);
    htmlFindings(out);
    htmlTables(out);
    return out.append("</body></html>\n").toString();
  }

  private void htmlNotApplicable(StringBuilder out) {
    Map<String, List<String>> reasons = report.notApplicable();
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
    Map<String, Map<String, List<String>>> facts = report.facts();
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
    List<String[]> findings = report.findings();
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
              for (List<String> row : report.columns(schema)) {
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
