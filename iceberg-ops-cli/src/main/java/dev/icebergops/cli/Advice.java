package dev.icebergops.cli;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The runner's advice in the command line's words. The runner names the ways forward as calls of
 * its Java API ({@code repair()}, {@code stamp("0005")}, {@code outOfOrder(true)}, {@code
 * MigrationRunner.releaseLease()}); a command line user gets the command or option that does the
 * same ({@code iceberg-ops repair}, {@code iceberg-ops stamp 0005}, {@code --out-of-order}, {@code
 * iceberg-ops unlock}).
 */
final class Advice {

  /** Each call the runner's messages name, and the command line's equivalent. */
  private static final List<Map.Entry<Pattern, String>> CALLS =
      List.of(
          call("MigrationRunner\\.releaseLease\\(\\)", "iceberg-ops unlock"),
          call(
              "repair\\(StagedRepair\\.PUBLISH\\) or repair\\(StagedRepair\\.DROP\\)",
              "iceberg-ops repair --staged=publish|drop"),
          call("repair\\(StagedRepair\\.DROP\\)", "iceberg-ops repair --staged=drop"),
          call("repair\\(\\)", "iceberg-ops repair"),
          call("stamp\\(\"([^\"]+)\"\\)", "iceberg-ops stamp $1"),
          call("outOfOrder\\(true\\)", "--out-of-order"));

  private Advice() {}

  /** The message with each runner call it names replaced by the command line's equivalent. */
  static String forCli(String message) {
    if (message == null) {
      return null;
    }
    String text = message;
    for (Map.Entry<Pattern, String> call : CALLS) {
      text = call.getKey().matcher(text).replaceAll(call.getValue());
    }
    return text;
  }

  private static Map.Entry<Pattern, String> call(String javaCall, String command) {
    return Map.entry(Pattern.compile("\\b" + javaCall), command);
  }
}
