package dev.icebergops.test.internal;

import dev.icebergops.test.internal.CheckReport.Outcome;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * What a {@link SuiteReport} says, taken at once, as the rows and words that {@link
 * SuiteReportPage} writes as Markdown and HTML and that the log shows as text. What it states once
 * rather than once per check: each fact about the set (an allowed irreversible version) with what
 * it meant for each check, and why each "not applicable" cell of the versions table is one.
 *
 * @param title the test class's simple name
 * @param descriptions each version's description, in version order
 * @param entries each check's entry
 * @param setNotes the gaps between the set's versions and the migrations its source skipped
 * @param headSchemas each table's schema at head, by name
 */
record ReportContent(
    String title,
    Map<String, String> descriptions,
    Map<StandardCheck, CheckEntry> entries,
    List<String> setNotes,
    Map<String, Schema> headSchemas) {

  /** "7 passed, 1 failed, 1 not applicable" over the ten standard checks. */
  String summary() {
    Map<String, Long> counts =
        Arrays.stream(StandardCheck.values())
            .collect(Collectors.groupingBy(this::result, Collectors.counting()));
    List<String> parts = new ArrayList<>();
    long cached =
        entries.values().stream()
            .filter(e -> e.report() != null && e.report().cachedFrom().isPresent())
            .count();
    parts.add(
        counts.getOrDefault("passed", 0L)
            + " passed"
            + (cached == 0 ? "" : " (" + cached + " from the cache of an earlier run)"));
    parts.add(counts.getOrDefault("failed", 0L) + " failed");
    Stream.of("not applicable", "not run")
        .filter(counts::containsKey)
        .forEach(result -> parts.add(counts.get(result) + " " + result));
    return String.join(", ", parts);
  }

  /** Whether a check failed. */
  boolean failed() {
    return Arrays.stream(StandardCheck.values()).anyMatch(check -> "failed".equals(result(check)));
  }

  /** One check's outcome as a word: passed, failed, not applicable or not run. */
  String result(StandardCheck check) {
    return cell(check, report -> report.passed() ? "passed" : "failed");
  }

  /** One check's cell: "not run", "not applicable" when it was skipped, else its report's word. */
  private String cell(StandardCheck check, Function<CheckReport, String> word) {
    CheckEntry entry = entries.get(check);
    return entry == null
        ? "not run"
        : entry.report() == null ? "not applicable" : word.apply(entry.report());
  }

  /** The version's outcome in a report: not applicable when the check did not cover it. */
  private static Outcome outcome(CheckReport report, String version) {
    return report.versions().getOrDefault(version, Outcome.NOT_APPLICABLE);
  }

  /** Each check's title and result. */
  List<List<String>> checkRows() {
    return Arrays.stream(StandardCheck.values())
        .map(check -> List.of(check.title(), result(check)))
        .toList();
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
            String outcome = cell(check, report -> outcome(report, version).name());
            row.add(outcome.toLowerCase(Locale.ROOT).replace('_', ' '));
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
    int[] widths =
        IntStream.range(0, lines.get(0).size())
            .map(i -> lines.stream().mapToInt(line -> line.get(i).length()).max().orElse(0))
            .toArray();
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
    reports(
        (title, report) -> {
          report.failures().forEach(f -> findings.add(new String[] {title, "failure", f}));
          report.warnings().forEach(w -> findings.add(new String[] {title, "warning", w}));
          report.notes().forEach(n -> findings.add(new String[] {title, "note", n}));
        });
    return findings;
  }

  /**
   * Each fact, once, with what it meant per check (by the check's column title), in the order the
   * checks met it.
   */
  Map<String, Map<String, List<String>>> facts() {
    Map<String, Map<String, List<String>>> facts = new LinkedHashMap<>();
    reports(
        (title, report) ->
            report
                .facts()
                .forEach(
                    fact ->
                        facts
                            .computeIfAbsent(fact.fact(), f -> new LinkedHashMap<>())
                            .computeIfAbsent(title, t -> new ArrayList<>())
                            .add(fact.effect())));
    return facts;
  }

  /** Hands each check's title and report, for the checks that ran, in the order of the checks. */
  private void reports(java.util.function.BiConsumer<String, CheckReport> each) {
    for (StandardCheck check : StandardCheck.values()) {
      CheckEntry entry = entries.get(check);
      if (entry != null && entry.report() != null) {
        each.accept(check.title(), entry.report());
      }
    }
  }

  /**
   * Why the "not applicable" cells are, each reason once with where it applies ("no trace at 0004",
   * "contracts at every version"), in the order of the checks.
   */
  Map<String, List<String>> notApplicable() {
    List<String> versions = new ArrayList<>(descriptions.keySet());
    Map<String, List<String>> reasons = new LinkedHashMap<>();
    for (StandardCheck check : StandardCheck.values()) {
      CheckEntry entry = entries.get(check);
      Map<String, List<String>> byReason = new LinkedHashMap<>();
      if (entry != null && entry.report() == null) {
        byReason.put("the check did not apply: " + entry.skipped(), versions);
      } else if (entry != null) {
        for (String version : versions) {
          if (outcome(entry.report(), version) == Outcome.NOT_APPLICABLE) {
            String why =
                entry.report().notApplicable().getOrDefault(version, "the check did not reach it");
            byReason.computeIfAbsent(why, w -> new ArrayList<>()).add(version);
          }
        }
      }
      byReason.forEach(
          (why, at) -> {
            String where = at.size() == versions.size() ? "every version" : String.join(", ", at);
            reasons
                .computeIfAbsent(why, w -> new ArrayList<>())
                .add(check.title() + " at " + where);
          });
    }
    return reasons;
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
}
