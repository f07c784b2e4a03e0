package dev.icebergops.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.icebergops.migration.VersionGap;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.runner.MigrationStep;
import dev.icebergops.runner.RunEvent;
import dev.icebergops.tooling.TextTable;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Prints results as aligned text tables, or as JSON with {@code --json}: then standard output holds
 * one JSON document, the command's result, with an {@code error} object when it failed.
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
    Map<String, Object> value = Rows.of("namespace", namespace);
    value.putAll(Rows.of(keyValues));
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
              .map(g -> Rows.of("after", g.after(), "before", g.before(), "missing", g.missing()))
              .toList());
      result.put(
          "skipped",
          runner.skipped().stream()
              .map(s -> Rows.of("name", s.name(), "reason", s.reason()))
              .toList());
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
}
