package dev.icebergops.runner;

import dev.icebergops.migration.ChangeClass;
import dev.icebergops.state.TableState;
import dev.icebergops.state.TableState.PartitionField;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** Renders a preview (what {@link MigrationPreview} holds) as text and as Markdown. */
record PreviewRendering(String namespace, String current, List<VersionPreview> versions) {

  /** Who renames or drops a column a view reads, in a version's block. */
  private static final String WHO = "this version";

  String text() {
    StringBuilder out = new StringBuilder();
    out.append("Preview of %s (at %s): %s\n".formatted(namespace, at(), summary()));
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

  String markdown() {
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

  private String at() {
    return current == null ? "no version" : current;
  }

  private String summary() {
    int count = versions.size();
    if (count == 0) {
      return "nothing to apply";
    }
    return count
        + (count == 1 ? " pending version" : " pending versions")
        + (versions.stream().anyMatch(v -> v.outcome() == VersionPreview.Outcome.FAILS)
            ? ", one would fail"
            : "");
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

  /** A partition field as previews and drift show it, e.g. {@code day(ts) as ts_day}. */
  static String partitionField(PartitionField field) {
    return field.transform() + "(" + field.source() + ") as " + field.name();
  }

  /** The sort order, e.g. {@code ts ASC NULLS FIRST, id DESC NULLS LAST}, or {@code unsorted}. */
  static String sortOrder(TableState state) {
    if (state == null || state.sortOrder().isEmpty()) {
      return "unsorted";
    }
    return state.sortOrder().stream().map(k -> k.describe(false)).collect(Collectors.joining(", "));
  }

  private static String code(String text) {
    return "`" + text.replace("`", "'").replace("\n", " ") + "`";
  }

  /** A table cell: pipes escaped, one line. */
  private static String cell(String text) {
    return text.replace("|", "\\|").replace("\n", " ");
  }
}
