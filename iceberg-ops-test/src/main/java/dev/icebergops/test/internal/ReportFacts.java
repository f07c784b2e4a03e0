package dev.icebergops.test.internal;

import dev.icebergops.test.internal.CheckReport.Outcome;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a report states once rather than once per check: each fact about the set (an allowed
 * irreversible version) with what it meant for each check, and why each "not applicable" cell of
 * the versions table is one.
 */
final class ReportFacts {

  private ReportFacts() {}

  /**
   * Each fact, once, with what it meant per check (by the check's column title), in the order the
   * checks met it.
   */
  static Map<String, Map<String, List<String>>> facts(Map<StandardCheck, CheckEntry> entries) {
    Map<String, Map<String, List<String>>> facts = new LinkedHashMap<>();
    for (StandardCheck check : StandardCheck.values()) {
      String title = check.title();
      CheckEntry entry = entries.get(check);
      if (entry == null || entry.report() == null) {
        continue;
      }
      for (CheckReport.Fact fact : entry.report().facts()) {
        facts
            .computeIfAbsent(fact.fact(), f -> new LinkedHashMap<>())
            .computeIfAbsent(title, t -> new ArrayList<>())
            .add(fact.effect());
      }
    }
    return facts;
  }

  /**
   * Why the "not applicable" cells are, each reason once with where it applies ("no trace at 0004",
   * "contracts at every version"), in the order of the checks.
   *
   * @param versions every version of the set, in order
   */
  static Map<String, List<String>> notApplicable(
      Map<StandardCheck, CheckEntry> entries, List<String> versions) {
    Map<String, List<String>> reasons = new LinkedHashMap<>();
    for (StandardCheck check : StandardCheck.values()) {
      String title = check.title();
      CheckEntry entry = entries.get(check);
      if (entry == null) {
        continue;
      }
      if (entry.report() == null) {
        add(reasons, "the check did not apply: " + entry.skipped(), title, "every version");
        continue;
      }
      Map<String, List<String>> byReason = new LinkedHashMap<>();
      for (String version : versions) {
        Outcome outcome = entry.report().versions().getOrDefault(version, Outcome.NOT_APPLICABLE);
        if (outcome == Outcome.NOT_APPLICABLE) {
          String why =
              entry.report().notApplicable().getOrDefault(version, "the check did not reach it");
          byReason.computeIfAbsent(why, w -> new ArrayList<>()).add(version);
        }
      }
      byReason.forEach(
          (why, at) ->
              add(
                  reasons,
                  why,
                  title,
                  at.size() == versions.size() ? "every version" : String.join(", ", at)));
    }
    return reasons;
  }

  private static void add(
      Map<String, List<String>> reasons, String why, String title, String where) {
    reasons.computeIfAbsent(why, w -> new ArrayList<>()).add(title + " at " + where);
  }
}
