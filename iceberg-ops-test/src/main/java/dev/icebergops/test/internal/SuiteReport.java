package dev.icebergops.test.internal;

import dev.icebergops.migration.ResolvedMigration;
import dev.icebergops.migration.SkippedMigration;
import dev.icebergops.migration.VersionGap;
import dev.icebergops.redaction.Redaction;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.apache.iceberg.Schema;

/**
 * What the standard checks of one test class found, collected while its tests run and written
 * afterwards as Markdown and HTML: per check its outcome, per version its description and each
 * check's outcome, the failures, warnings and notes, and each table's schema at head.
 *
 * <pre>{@code
 * SuiteReport report = new SuiteReport("SalesMigrationsTest");
 * report.migrations(runner.migrations());
 * report.add(checks.reversibility());
 * List<Path> files = report.write(Path.of("target/iceberg-ops"));
 * }</pre>
 */
public final class SuiteReport {

  private final String title;
  private final Map<String, String> descriptions = new LinkedHashMap<>();
  private final Map<StandardCheck, CheckEntry> entries = new LinkedHashMap<>();
  private final Map<String, Schema> headSchemas = new TreeMap<>();
  private List<SkippedMigration> skippedMigrations;

  /**
   * Creates an empty report.
   *
   * @param title the test class's simple name
   */
  public SuiteReport(String title) {
    this.title = title;
  }

  /** Records the versions and descriptions of the set, once. */
  public synchronized void migrations(List<ResolvedMigration> migrations) {
    if (descriptions.isEmpty()) {
      migrations.forEach(m -> descriptions.put(m.version(), m.description()));
    }
  }

  /**
   * Records, once, the classes that look like migrations but that the source left out (a migration
   * in a package near the location); asks for them only the first time.
   */
  public synchronized void skippedMigrations(Supplier<List<SkippedMigration>> skipped) {
    if (skippedMigrations == null) {
      skippedMigrations = List.copyOf(skipped.get());
    }
  }

  /** The set's notes: its gaps between versions, then the migrations the source skipped. */
  synchronized List<String> setNotes() {
    return Stream.concat(
            VersionGap.between(descriptions.keySet()).stream()
                .map(gap -> "Gap: " + gap + " (not an error; check that no migration is missing)"),
            Objects.requireNonNullElse(skippedMigrations, List.<SkippedMigration>of()).stream()
                .map(skipped -> "Skipped " + skipped))
        .toList();
  }

  /** Records one check's report, and the schemas at head it saw. */
  public synchronized void add(CheckReport report) {
    entries.put(report.check(), new CheckEntry(report, null));
    headSchemas.putAll(report.headSchemas());
  }

  /** Records that a check did not run, and why. */
  public synchronized void skipped(StandardCheck check, String reason) {
    entries.put(check, new CheckEntry(null, reason));
  }

  /** What the report says now. */
  synchronized ReportContent content() {
    return new ReportContent(
        title,
        new LinkedHashMap<>(descriptions),
        new EnumMap<>(entries),
        setNotes(),
        new TreeMap<>(headSchemas));
  }

  /** Whether any check ran or was skipped. */
  public synchronized boolean isEmpty() {
    return entries.isEmpty();
  }

  /** "7 passed, 1 failed, 1 not applicable" over the ten standard checks. */
  public synchronized String summary() {
    return content().summary();
  }

  /**
   * Per version, each check's outcome as an aligned plain-text table for the log: a header line
   * ({@code version description well formed upgrade to head ...}), then one line per version
   * ({@code passed}, {@code FAILED}, {@code not run}, or {@code -} where the check does not cover
   * the version), each indented by two spaces.
   */
  public synchronized String versionsText() {
    return content().versionsText();
  }

  /** Whether a check failed. */
  public synchronized boolean failed() {
    return content().failed();
  }

  /**
   * Writes {@code <title>.md} and {@code <title>.html} into a directory, creating it.
   *
   * @param directory where to write
   * @return the two files
   * @throws UncheckedIOException if they cannot be written
   */
  public List<Path> write(Path directory) {
    ReportContent content = content();
    Path markdown = directory.resolve(title + ".md");
    Path html = directory.resolve(title + ".html");
    try {
      Files.createDirectories(directory);
      Files.writeString(markdown, shown(SuiteReportPage.markdown(content)), StandardCharsets.UTF_8);
      Files.writeString(html, shown(SuiteReportPage.html(content)), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot write the iceberg-ops report to " + directory + ": " + e.getMessage(), e);
    }
    return List.of(markdown, html);
  }

  /** A page with URL credentials and signed URLs masked (an error message may quote them). */
  private static String shown(String page) {
    return Redaction.scrub(page, Map.of());
  }
}
