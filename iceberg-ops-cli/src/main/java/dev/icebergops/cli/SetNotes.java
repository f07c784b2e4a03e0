package dev.icebergops.cli;

import dev.icebergops.migration.SkippedMigration;
import dev.icebergops.migration.VersionGap;
import dev.icebergops.runner.MigrationRunner;
import java.util.List;
import java.util.Map;

/**
 * What {@code status}, {@code plan} and {@code validate} say about the migration set under their
 * table: the versions missing between migrations (not an error), once each. The classes and files
 * the source skips although they look like migrations are named by the source's own WARN on stderr,
 * in every command that loads the migrations, so the text output does not repeat them; the JSON of
 * {@code status} and {@code plan} lists them.
 */
final class SetNotes {

  private final List<VersionGap> gaps;
  private final List<SkippedMigration> skipped;

  SetNotes(MigrationRunner runner) {
    this.gaps = runner.gaps();
    this.skipped = runner.skipped();
  }

  /** The lines for people: one per gap. */
  void print(Output output) {
    for (VersionGap gap : gaps) {
      output.line("Gap: " + gap + " (not an error; check that no migration is missing)");
    }
  }

  /**
   * Adds the gaps (after, before and the missing versions) and the skipped classes and files (name
   * and reason) to a JSON result.
   */
  void addTo(Map<String, Object> result) {
    result.put(
        "gaps",
        gaps.stream()
            .map(g -> Rows.of("after", g.after(), "before", g.before(), "missing", g.missing()))
            .toList());
    result.put(
        "skipped",
        skipped.stream().map(s -> Rows.of("name", s.name(), "reason", s.reason())).toList());
  }
}
