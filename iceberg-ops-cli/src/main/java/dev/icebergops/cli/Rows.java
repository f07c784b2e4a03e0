package dev.icebergops.cli;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.runner.MigrationException;
import dev.icebergops.runner.MigrationResult;
import dev.icebergops.runner.MigrationStatus;
import dev.icebergops.runner.MigrationValidationException;
import dev.icebergops.runner.ValidationFinding;
import dev.icebergops.tooling.MigrationCompileException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** The runner's results as JSON-ready maps and table rows. */
final class Rows {

  private Rows() {}

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

  static Map<String, Object> result(String action, MigrationResult result) {
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
