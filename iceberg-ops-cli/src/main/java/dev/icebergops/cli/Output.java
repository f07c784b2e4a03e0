package dev.icebergops.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.icebergops.history.HistoryRecord;
import dev.icebergops.migration.VersionGap;
import dev.icebergops.runner.MigrationException;
import dev.icebergops.runner.MigrationResult;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.runner.MigrationStatus;
import dev.icebergops.runner.MigrationStep;
import dev.icebergops.runner.MigrationValidationException;
import dev.icebergops.runner.RunEvent;
import dev.icebergops.runner.ValidationFinding;
import dev.icebergops.tooling.MigrationCompileException;
import dev.icebergops.tooling.TextTable;
import java.io.PrintStream;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Prints results as aligned text tables, or as JSON with {@code --json}: then standard output holds
 * one JSON document, the command's result, with an {@code error} object when it failed. Its static
 * methods shape the runner's results as those JSON-ready maps and table rows.
 */
final class Output {

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private final PrintStream out;
  private final boolean json;

  /** The JSON result, printed when the command ends. */
  private Map<String, Object> result;

  Output(PrintStream out, boolean json) {
    this.out = out;
    this.json = json;
  }

  /** A line for people; nothing with {@code --json}. */
  void line(String text) {
    if (!json) {
      out.println(text);
    }
  }

  /**
   * The machine-readable result, printed when the command ends ({@link #finish}); nothing without
   * {@code --json}. A later result replaces an earlier one.
   */
  void json(Map<String, Object> value) {
    result = value;
  }

  /**
   * Prints the JSON document of the command with {@code --json}: its result, with {@code error}
   * added when it failed (the error alone when it failed before having one); nothing otherwise.
   *
   * @param error the error object, or null when the command succeeded
   */
  void finish(Map<String, Object> error) {
    if (!json || (result == null && error == null)) {
      return;
    }
    Map<String, Object> document =
        new LinkedHashMap<>(Objects.requireNonNullElse(result, Map.of()));
    if (error != null) {
      document.put("error", error);
    }
    try {
      out.println(JSON.writeValueAsString(document));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("Cannot write JSON: " + e.getOriginalMessage(), e);
    }
  }

  /**
   * The progress line of a version done, for example {@code Applied 0002 Add region (41 ms)}, or
   * {@code Applied baseline 0250 Baseline (41 ms)}; nothing for any other event.
   */
  void progress(String verb, RunEvent event) {
    if (!(event instanceof RunEvent.StepDone done)) {
      return;
    }
    MigrationStep step = done.step();
    line(
        "%s%s %s %s (%s ms)"
            .formatted(
                verb,
                step.baseline() ? " baseline" : "",
                step.version(),
                step.description(),
                step.duration().toMillis()));
  }

  /**
   * The JSON result of a command on a namespace: its name, then the given keys and values.
   *
   * @return the result, to which more keys may be added
   */
  Map<String, Object> result(String namespace, Object... keyValues) {
    Map<String, Object> value = of("namespace", namespace);
    value.putAll(of(keyValues));
    json(value);
    return value;
  }

  /**
   * What {@code status}, {@code plan} and {@code validate} say last about the migration set under
   * their table: a line per gap between versions (not an error), and in the JSON {@code result} of
   * {@code status} and {@code plan} the gaps and the classes and files the source skips although
   * they look like migrations. The text does not repeat the skipped: the source's own WARN on
   * stderr names them, in every command that loads the migrations.
   *
   * @param result the JSON result to add the gaps and the skipped to, or null for none
   */
  void notes(MigrationRunner runner, Map<String, Object> result) {
    List<VersionGap> gaps = runner.gaps();
    if (result != null) {
      result.put(
          "gaps",
          gaps.stream()
              .map(g -> of("after", g.after(), "before", g.before(), "missing", g.missing()))
              .toList());
      result.put(
          "skipped",
          runner.skipped().stream().map(s -> of("name", s.name(), "reason", s.reason())).toList());
    }
    gaps.forEach(
        gap -> line("Gap: " + gap + " (not an error; check that no migration is missing)"));
  }

  /** A table with a header row ({@link TextTable}); nothing with {@code --json}. */
  void table(List<String> header, List<List<String>> rows) {
    if (!json) {
      TextTable.lines(header, rows).forEach(out::println);
    }
  }

  static List<String> row(String... cells) {
    return Arrays.asList(cells);
  }

  static String state(Enum<?> state) {
    return state.name().toLowerCase(Locale.ROOT);
  }

  static String time(Instant instant) {
    return instant == null ? null : instant.toString();
  }

  static Map<String, Object> status(MigrationStatus s) {
    return of(
        "version", s.version(),
        "description", s.description(),
        "state", state(s.state()),
        "updatedAt", time(s.updatedAt()),
        "error", s.error(),
        "checksumChanged", s.checksumChanged(),
        "baseline", s.baselineVersion(),
        "staged", s.staged());
  }

  /**
   * The baseline a status or plan shows, as JSON: its version, description and whether it is
   * applied (false: {@code migrate} would apply it to this namespace without history); null when
   * there is none.
   */
  static Map<String, Object> baseline(List<MigrationStatus> statuses) {
    return baselineOf(statuses)
        .map(
            s ->
                of(
                    "version", s.version(),
                    "description", s.description(),
                    "applied", s.state().isApplied()))
        .orElse(null);
  }

  /** The status of the baseline's own version, if a baseline built or would build the namespace. */
  static Optional<MigrationStatus> baselineOf(List<MigrationStatus> statuses) {
    return statuses.stream().filter(MigrationStatus::isBaseline).findFirst();
  }

  /**
   * The sentence naming the baseline, e.g. {@code Baseline: 0250 Baseline built sales; the versions
   * below it did not run}; empty when there is none.
   */
  static Optional<String> baselineLine(String namespace, List<MigrationStatus> statuses) {
    return baselineOf(statuses)
        .map(
            b -> {
              String baseline = b.version() + " " + b.description();
              if (b.state().isApplied()) {
                return "Baseline: %s built %s; the versions below it did not run"
                    .formatted(baseline, namespace);
              }
              if (b.state().isPending()) {
                return ("Baseline: migrate would apply %s to %s, which has no history, instead of"
                        + " the versions below it")
                    .formatted(baseline, namespace);
              }
              return "Baseline: " + baseline + " is " + state(b.state()) + " in " + namespace;
            });
  }

  static Map<String, Object> history(HistoryRecord r) {
    return of(
        "version", r.version(),
        "namespace", r.namespace(),
        "description", r.description(),
        "status", r.status().value(),
        "error", r.error(),
        "checksum", r.checksum(),
        "updatedAt", time(r.updatedAt()),
        "durationMs", r.durationMs());
  }

  static Map<String, Object> runResult(String action, MigrationResult result) {
    return of(
        "namespace", result.namespace(),
        "action", action,
        "steps",
            result.steps().stream()
                .map(
                    s ->
                        of(
                            "version", s.version(),
                            "description", s.description(),
                            "durationMs", s.duration().toMillis(),
                            "baseline", s.baseline()))
                .toList(),
        "current", result.currentVersion(),
        "baseline", result.baselineVersion());
  }

  /**
   * The {@code error} object of a failed command's JSON: the message of its {@code Error:} line,
   * the version concerned (null when none), the exit code, and the findings of a refused validation
   * or the compiler's diagnostics.
   */
  static Map<String, Object> error(Exception e, String message, int exitCode) {
    Map<String, Object> m =
        of(
            "message", message,
            "version", e instanceof MigrationException failure ? failure.version() : null,
            "exitCode", exitCode);
    if (e instanceof MigrationValidationException validation) {
      m.put("findings", findings(validation.findings()));
    } else if (e instanceof MigrationCompileException compile) {
      m.put("diagnostics", compile.diagnostics());
    }
    return m;
  }

  /** Validation findings as JSON, their advice in the command line's words. */
  static List<Map<String, Object>> findings(List<ValidationFinding> findings) {
    return findings.stream()
        .map(
            f ->
                of(
                    "version",
                    f.version(),
                    "kind",
                    state(f.kind()),
                    "message",
                    Advice.forCli(f.message())))
        .toList();
  }

  static Map<String, Object> of(Object... keyValues) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < keyValues.length; i += 2) {
      m.put((String) keyValues[i], keyValues[i + 1]);
    }
    return m;
  }
}
