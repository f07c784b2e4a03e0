package dev.icebergops.runner;

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
      version.put("notPreviewed", v.notPreviewed());
      version.put("tables", v.changes().stream().map(MigrationPreview::tableMap).toList());
      list.add(version);
    }
    map.put("versions", list);
    return map;
  }

  private static Map<String, Object> tableMap(TableChange change) {
    Map<String, Object> table = new LinkedHashMap<>();
    table.put("table", change.table());
    if (change.isView()) {
      table.put("view", true);
    }
    table.put("change", change.kind().name().toLowerCase(java.util.Locale.ROOT));
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
    return table;
  }
}
