package dev.icebergops.test.internal;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.iceberg.Schema;

/**
 * The outcome of one standard migration check.
 *
 * @param check the check
 * @param failures messages of findings that fail the check, in AssertJ's layout
 * @param warnings messages of findings that only warn (e.g. field-id drift when not strict)
 * @param notes what the check found and accepts, for the report (e.g. a declared loss of data, an
 *     allowed irreversible downgrade)
 * @param versions each version's outcome, in version order
 * @param headSchemas the schema of each table at head, by table name, when the check saw head
 * @param facts facts about the set that several checks meet alike (an allowed irreversible
 *     version), each with what it meant for this check; the report states each fact once
 * @param notApplicable why the check does not cover a version, by version, where it knows
 */
public record CheckReport(
    StandardCheck check,
    List<String> failures,
    List<String> warnings,
    List<String> notes,
    Map<String, Outcome> versions,
    Map<String, Schema> headSchemas,
    List<Fact> facts,
    Map<String, String> notApplicable)
    implements Serializable {

  /** How the note of a verdict served from the cache begins. */
  private static final String FROM_CACHE = "passed from the cache: the verdict of ";

  /**
   * A fact about the migration set, and what it meant for one check.
   *
   * @param fact e.g. "migration 0005 (Retype amount) is irreversible (allowed): ..."
   * @param effect e.g. "its downgrade did not run"
   */
  public record Fact(String fact, String effect) implements Serializable {}

  /** How one version fared in one check. */
  public enum Outcome {
    /** The check covered the version and found nothing wrong. */
    PASSED,
    /** The check found something wrong with the version. */
    FAILED,
    /** The check did not cover the version (e.g. an allowed irreversible downgrade). */
    NOT_APPLICABLE
  }

  public CheckReport {
    failures = List.copyOf(failures);
    warnings = List.copyOf(warnings);
    notes = List.copyOf(notes);
    versions = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(versions));
    headSchemas = Map.copyOf(headSchemas);
    facts = List.copyOf(facts);
    notApplicable = Map.copyOf(notApplicable);
  }

  public boolean passed() {
    return failures.isEmpty();
  }

  /**
   * This passing report as served from the cache kept between runs, with a note naming its run.
   *
   * @param run the run that gave the verdict, e.g. "the run of SalesMigrationsTest at ..."
   * @return the report with the note
   */
  public CheckReport fromCache(String run) {
    List<String> more = new ArrayList<>(notes);
    more.add(
        FROM_CACHE
            + run
            + ", whose migrations, contracts and settings were the same; nothing ran for it now");
    return new CheckReport(
        check, failures, warnings, more, versions, headSchemas, facts, notApplicable);
  }

  /** The note saying which run's verdict this is, when it was served from the cache. */
  public Optional<String> cachedFrom() {
    return notes.stream().filter(note -> note.startsWith(FROM_CACHE)).findFirst();
  }

  /** All failures joined by blank lines. */
  public String failureMessage() {
    return String.join("\n\n", failures);
  }

  @Override
  public String toString() {
    StringBuilder out =
        new StringBuilder(check.toString()).append(passed() ? ": passed" : ": failed");
    failures.forEach(f -> out.append("\n[failure] ").append(f));
    warnings.forEach(w -> out.append("\n[warning] ").append(w));
    notes.forEach(n -> out.append("\n[note] ").append(n));
    facts.forEach(f -> out.append("\n[fact] ").append(f.fact()).append("; ").append(f.effect()));
    return out.toString();
  }
}
