package dev.icebergops.runner;

import dev.icebergops.migration.ChangeClass;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * What {@code migrate()} would do to the live tables, found by running the pending versions on an
 * in-memory shadow of them ({@link MigrationRunner#preview()}). Printable as text ({@link
 * #text()}), as Markdown for a pull-request comment ({@link #markdown()}) or as plain maps and
 * lists for JSON ({@link #asMap()}). Secret property values are masked.
 *
 * @param namespace the namespace previewed
 * @param current the version the namespace is at, or null when none is applied
 * @param versions one entry per pending version, in the order migrate would apply them
 */
public record MigrationPreview(String namespace, String current, List<VersionPreview> versions) {

  /** Copies the list. */
  public MigrationPreview {
    versions = List.copyOf(versions);
  }

  /** Whether a version would fail (and the ones after it would not be reached). */
  public boolean wouldFail() {
    return versions.stream().anyMatch(v -> v.outcome() == VersionPreview.Outcome.FAILS);
  }

  /**
   * What a gate on {@code gate} stops: each change of that class or worse that a pending version
   * would make without its migration class declaring it, as one message naming the version, the
   * table, the column, the class and the annotation that declares it.
   *
   * @param gate {@link ChangeClass#BREAKING} or {@link ChangeClass#DESTRUCTIVE}
   * @return the messages, in version order; empty when the gate lets every version through
   */
  public List<String> undeclared(ChangeClass gate) {
    List<String> messages = new ArrayList<>();
    for (VersionPreview v : versions) {
      for (ClassedChange c : v.undeclared(gate)) {
        messages.add(
            ("%s (%s): %s%s: %s is %s and not declared; declare it on the migration class with"
                    + " @%s(\"<why>\")")
                .formatted(
                    v.version(),
                    v.description(),
                    c.table(),
                    c.column() == null ? "" : " column " + c.column(),
                    c.change(),
                    c.changeClass().label(),
                    c.changeClass() == ChangeClass.BREAKING ? "Breaking" : "Destructive"));
      }
    }
    return messages;
  }

  /** The preview for people, one block per version. */
  public String text() {
    StringBuilder out = new StringBuilder();
    out.append(
        "Preview of %s (at %s): %s\n"
            .formatted(namespace, Objects.requireNonNullElse(current, "no version"), summary()));
    for (VersionPreview v : versions) {
      out.append('\n').append(title(v)).append('\n');
      v.declared().forEach((c, why) -> out.append("  declared %s: %s\n".formatted(c.label(), why)));
      if (v.error() != null) {
        out.append("  error: ").append(v.error()).append('\n');
      }
      for (TableChange change : v.changes()) {
        out.append("  ").append(change.table()).append(change.isView() ? " (view)" : "");
        out.append(": ").append(change.becomes());
        out.append(change.tableClass() == null ? "" : " [" + change.tableClass().label() + "]");
        out.append('\n');
        change
            .changes()
            .forEach(
                line ->
                    out.append(
                        "    %s [%s]\n".formatted(line.change(), line.changeClass().label())));
      }
      v.brokenViews()
          .forEach(
              b ->
                  out.append(
                      "  breaks %s [%s]\n"
                          .formatted(b.describe(WHO), ChangeClass.BREAKING.label())));
      v.notPreviewed()
          .forEach(
              n -> out.append("  not previewed: %s%s\n".formatted(n, dataClass(v, n, " [", "]"))));
    }
    return out.toString().stripTrailing();
  }

  /** The preview as Markdown, fit for a pull-request comment. */
  public String markdown() {
    StringBuilder out = new StringBuilder();
    out.append(
        ("### iceberg-ops preview of `%s`\n\nAt %s: %s. Run on an in-memory shadow of the live"
                + " tables; nothing was written.\n")
            .formatted(
                namespace, current == null ? "no version" : "version " + current, summary()));
    for (VersionPreview v : versions) {
      out.append("\n#### ").append(title(v)).append('\n');
      v.declared()
          .forEach((c, why) -> out.append("\n> Declared %s: %s\n".formatted(c.label(), cell(why))));
      if (v.error() != null) {
        out.append("\n> **Error:** ").append(code(v.error())).append('\n');
      }
      if (!v.changes().isEmpty()) {
        out.append("\n| table | change | class |\n| --- | --- | --- |\n");
        v.changes().forEach(change -> rows(out, change));
      }
      if (!v.brokenViews().isEmpty()) {
        out.append('\n');
        v.brokenViews()
            .forEach(
                b -> out.append("- :warning: breaks ").append(cell(b.describe(WHO))).append('\n'));
      }
      if (!v.notPreviewed().isEmpty()) {
        out.append('\n');
        v.notPreviewed()
            .forEach(
                n ->
                    out.append(
                        "- :warning: not previewed: %s%s\n"
                            .formatted(cell(n), dataClass(v, n, " (", ")"))));
      }
    }
    return out.toString().stripTrailing() + "\n";
  }

  /** The preview as maps, lists and strings, for a JSON document. */
  public Map<String, Object> asMap() {
    Map<String, Object> map = new LinkedHashMap<>();
    map.put("namespace", namespace);
    map.put("current", current);
    List<Map<String, Object>> list = new ArrayList<>();
    for (VersionPreview v : versions) {
      Map<String, Object> version = new LinkedHashMap<>();
      version.put("version", v.version());
      version.put("description", v.description());
      version.put("outcome", v.outcome().name().toLowerCase(Locale.ROOT));
      version.put("error", v.error());
      Map<String, String> declared = new LinkedHashMap<>();
      v.declared().forEach((c, why) -> declared.put(c.label(), why));
      version.put("declared", declared);
      version.put("notPreviewed", v.notPreviewed());
      version.put(
          "dataChanges", v.dataChanges().stream().map(MigrationPreview::classedMap).toList());
      version.put("tables", v.changes().stream().map(MigrationPreview::tableMap).toList());
      version.put("brokenViews", v.brokenViews().stream().map(MigrationPreview::viewMap).toList());
      list.add(version);
    }
    map.put("versions", list);
    return map;
  }

  private static Map<String, Object> viewMap(ViewBreak broken) {
    Map<String, Object> view = new LinkedHashMap<>();
    view.put("view", broken.view());
    view.put("table", broken.table());
    if (broken.column() != null) {
      view.put("column", broken.column());
    }
    view.put("change", broken.renamedTo() == null ? "dropped" : "renamed");
    if (broken.renamedTo() != null) {
      view.put("renamedTo", broken.renamedTo());
    }
    return view;
  }

  private static Map<String, Object> tableMap(TableChange change) {
    Map<String, Object> table = new LinkedHashMap<>();
    table.put("table", change.table());
    if (change.isView()) {
      table.put("view", true);
    }
    table.put("change", change.kind().name().toLowerCase(Locale.ROOT));
    table.put("class", change.changeClass() == null ? null : change.changeClass().label());
    if (change.renamedFrom() != null) {
      table.put("renamedFrom", change.renamedFrom());
    }
    table.put(
        "columns",
        change.schema().all().stream()
            .map(
                c -> {
                  Map<String, Object> column = new LinkedHashMap<>();
                  column.put("change", c.changeType().name().toLowerCase(Locale.ROOT));
                  column.put("column", c.name());
                  column.put("fieldId", c.fieldId());
                  column.put("detail", c.describe());
                  return column;
                })
            .toList());
    table.put("partitionSpec", change.partitionSpec());
    table.put("sortOrder", change.sortOrder());
    table.put("properties", change.properties());
    if (change.isView()) {
      table.put("viewQueries", change.viewQueries());
    }
    table.put("changes", change.changes().stream().map(MigrationPreview::classedMap).toList());
    return table;
  }

  private static Map<String, Object> classedMap(ClassedChange change) {
    Map<String, Object> map = new LinkedHashMap<>();
    map.put("class", change.changeClass().label());
    map.put("table", change.table());
    map.put("column", change.column());
    map.put("change", change.change());
    return map;
  }

  /** Who renames or drops a column a view reads, in a version's block. */
  private static final String WHO = "this version";

  /** A table's rows: one per change; one saying created or dropped for a whole table. */
  private static void rows(StringBuilder out, TableChange change) {
    String table = code(change.table()) + (change.isView() ? " (view)" : "");
    if (change.kind() != TableChange.Kind.CHANGED || change.lines().isEmpty()) {
      out.append(
          "| %s | %s%s | %s |\n"
              .formatted(
                  table,
                  change.kind().name().toLowerCase(Locale.ROOT),
                  change.renamedFrom() == null ? "" : " from " + code(change.renamedFrom()),
                  change.tableClass() == null ? "" : label(change.tableClass())));
    }
    for (ClassedChange line : change.changes()) {
      out.append(
          "| %s | %s | %s |\n".formatted(table, cell(line.change()), label(line.changeClass())));
    }
  }

  /** A class in a Markdown cell: breaking and destructive in bold. */
  private static String label(ChangeClass c) {
    return c.compareTo(ChangeClass.BREAKING) >= 0 ? "**" + c.label() + "**" : c.label();
  }

  /** The class of a note that tells a data change, between {@code open} and {@code close}. */
  private static String dataClass(VersionPreview v, String note, String open, String close) {
    return v.dataChanges().stream()
        .filter(c -> c.change().equals(note))
        .findFirst()
        .map(c -> open + c.changeClass().label() + close)
        .orElse("");
  }

  private String summary() {
    int count = versions.size();
    if (count == 0) {
      return "nothing to apply";
    }
    return count
        + (count == 1 ? " pending version" : " pending versions")
        + (wouldFail() ? ", one would fail" : "");
  }

  /** {@code 0002 Add region: would apply}. */
  private static String title(VersionPreview v) {
    return v.version() + " " + v.description() + ": " + outcome(v);
  }

  private static String outcome(VersionPreview v) {
    return switch (v.outcome()) {
      case PREVIEWED -> "would apply";
      case PARTLY_PREVIEWED -> "would apply; not every step previewed";
      case FAILS -> "would FAIL";
      case NOT_REACHED -> "not reached (an earlier version would fail)";
    };
  }

  private static String code(String text) {
    return "`" + text.replace("`", "'").replace("\n", " ") + "`";
  }

  /** A table cell: pipes escaped, one line. */
  private static String cell(String text) {
    return text.replace("|", "\\|").replace("\n", " ");
  }
}
