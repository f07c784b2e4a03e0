package dev.icebergops.runner;

import dev.icebergops.migration.ChangeClass;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
    return new PreviewRendering(namespace, current, versions).text();
  }

  /** The preview as Markdown, fit for a pull-request comment. */
  public String markdown() {
    return new PreviewRendering(namespace, current, versions).markdown();
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
      version.put("outcome", v.outcome().name().toLowerCase(java.util.Locale.ROOT));
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
    table.put("change", change.kind().name().toLowerCase(java.util.Locale.ROOT));
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
                  column.put("change", c.changeType().name().toLowerCase(java.util.Locale.ROOT));
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
}
