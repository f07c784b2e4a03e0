package dev.icebergops.test.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.iceberg.Schema;

/**
 * What one run of one check found so far: failures, warnings, notes and facts, each version's
 * outcome and why a version was not covered, and the schemas at head; {@link CheckRun} adds the
 * steps that find them.
 */
class CheckFindings {

  private final StandardCheck check;
  private final List<String> failures = new ArrayList<>();
  private final List<String> warnings = new ArrayList<>();
  private final List<String> notes = new ArrayList<>();
  private final Set<CheckReport.Fact> facts = new LinkedHashSet<>();
  private final Map<String, String> whyNotApplicable = new LinkedHashMap<>();

  /** Why the versions this check does not look at are not covered, or null when it looks at all. */
  private String whyNotCovered;

  private final Map<String, CheckReport.Outcome> outcomes = new LinkedHashMap<>();
  private boolean failedWithoutVersion;
  private final Map<String, Schema> headSchemas = new TreeMap<>();

  CheckFindings(StandardCheck check) {
    this.check = check;
  }

  /** The check. */
  StandardCheck check() {
    return check;
  }

  /** A failure that names no single version: every version the check covered fails with it. */
  void fail(String message) {
    failures.add(message);
    failedWithoutVersion = true;
  }

  /** A failure of one version; of every version covered, as {@link #fail}, for a null version. */
  void failAt(String version, String message) {
    if (version == null) {
      fail(message);
    } else {
      failAt(List.of(version), message);
    }
  }

  /** One failure of several versions, e.g. those a rollback walked. */
  void failAt(Collection<String> versions, String message) {
    failures.add(message);
    versions.forEach(version -> outcomes.put(version, CheckReport.Outcome.FAILED));
  }

  void warn(String message) {
    warnings.add(message);
  }

  /** Something the check found and accepts, shown in the report only. */
  void note(String message) {
    notes.add(message);
  }

  /** Marks versions as covered by this check: passed unless a failure names them. */
  void cover(String... versions) {
    Arrays.stream(versions).forEach(v -> outcomes.putIfAbsent(v, CheckReport.Outcome.PASSED));
  }

  /**
   * A fact about the set that other checks may meet alike, with what it meant for this one: the
   * report states the fact once.
   */
  void fact(String fact, String effect) {
    facts.add(new CheckReport.Fact(fact, effect));
  }

  /** Says why the versions this check never looks at are not covered, e.g. "checked at head". */
  void notCovered(String why) {
    this.whyNotCovered = why;
  }

  /** Marks a version as not covered by this check, and why. */
  void notApplicable(String version, String why) {
    outcomes.put(version, CheckReport.Outcome.NOT_APPLICABLE);
    whyNotApplicable.put(version, why);
  }

  /** Takes over a sibling's findings, after those of this run. */
  void absorb(CheckFindings sibling) {
    failures.addAll(sibling.failures);
    warnings.addAll(sibling.warnings);
    notes.addAll(sibling.notes);
    facts.addAll(sibling.facts);
    outcomes.putAll(sibling.outcomes);
    whyNotApplicable.putAll(sibling.whyNotApplicable);
    failedWithoutVersion |= sibling.failedWithoutVersion;
    headSchemas.putAll(sibling.headSchemas);
  }

  /** The report of the check on {@code covered}, the versions it was to look at, in order. */
  CheckReport report(Collection<String> covered) {
    Map<String, CheckReport.Outcome> versions = new LinkedHashMap<>();
    Map<String, String> why = new LinkedHashMap<>();
    for (String version : covered) {
      CheckReport.Outcome outcome =
          outcomes.getOrDefault(version, CheckReport.Outcome.NOT_APPLICABLE);
      if (failedWithoutVersion && outcome == CheckReport.Outcome.PASSED) {
        outcome = CheckReport.Outcome.FAILED;
      }
      versions.put(version, outcome);
      String reason = whyNotApplicable.getOrDefault(version, whyNotCovered);
      if (outcome == CheckReport.Outcome.NOT_APPLICABLE && reason != null) {
        why.put(version, reason);
      }
    }
    return new CheckReport(
        check, failures, warnings, notes, versions, headSchemas, List.copyOf(facts), why);
  }

  /** Records the schemas of the tables at head, for the report. */
  void recordHead(Map<String, Schema> schemas) {
    headSchemas.putAll(schemas);
  }
}
