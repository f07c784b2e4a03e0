package dev.icebergops.runner;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The result of {@link MigrationRunner#checkDrift()}: each difference between the live tables and
 * the state the migrations produce at the namespace's recorded version.
 *
 * @param namespace the namespace checked
 * @param version the recorded version the live tables were compared at, or null when none is
 *     applied
 * @param findings the differences, by table; empty when there is no drift
 */
public record DriftReport(String namespace, String version, List<DriftFinding> findings) {

  /** Copies the list. */
  public DriftReport {
    findings = List.copyOf(findings);
  }

  /** Whether the live tables are what the migrations produce. */
  public boolean isClean() {
    return findings.isEmpty();
  }

  /** The report for people: one line per finding, or a line saying there is none. */
  public String text() {
    String at = version == null ? "no version" : "version " + version;
    if (findings.isEmpty()) {
      return "No drift: the tables of " + namespace + " are what its migrations make at " + at;
    }
    int n = findings.size();
    return "Drift in %s at %s: %s %s"
            .formatted(namespace, at, n, n == 1 ? "difference" : "differences")
        + findings.stream().map(f -> "\n  " + f.describe()).collect(Collectors.joining());
  }

  /** The report as maps, lists and strings, for a JSON document. */
  public Map<String, Object> asMap() {
    Map<String, Object> map = new LinkedHashMap<>();
    map.put("namespace", namespace);
    map.put("version", version);
    map.put("drift", !findings.isEmpty());
    map.put(
        "findings",
        findings.stream()
            .map(
                f -> {
                  Map<String, Object> finding = new LinkedHashMap<>();
                  finding.put("table", f.table());
                  finding.put("kind", f.kind().name().toLowerCase(java.util.Locale.ROOT));
                  finding.put("subject", f.subject());
                  finding.put("expected", f.expected());
                  finding.put("actual", f.actual());
                  finding.put("message", f.describe());
                  return finding;
                })
            .toList());
    return map;
  }
}
