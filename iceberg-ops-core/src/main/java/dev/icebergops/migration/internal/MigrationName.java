package dev.icebergops.migration.internal;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code V<NNNN>__<Description>} naming rule for migration classes, and {@code
 * B<NNNN>__<Description>} for baseline migrations, which build the state of their version directly.
 *
 * @param version the four-digit version
 * @param description the description derived from the name
 * @param baseline true for a {@code B<NNNN>__} name
 */
public record MigrationName(String version, String description, boolean baseline) {

  private static final Pattern NAME = Pattern.compile("([VB])(\\d{4})__([A-Za-z0-9][A-Za-z0-9_]*)");
  private static final Pattern ATTEMPT = Pattern.compile("[VB]\\d.*");
  private static final Pattern VERSION = Pattern.compile("\\d{4}");
  private static final Pattern LOWER_UPPER = Pattern.compile("(?<=[a-z0-9])(?=[A-Z])");
  private static final Pattern ACRONYM_END = Pattern.compile("(?<=[A-Z])(?=[A-Z][a-z])");
  private static final Pattern SPACES = Pattern.compile("\\s+");

  /** The parsed name, or null when the simple name does not follow the rule. */
  public static MigrationName parse(String simpleName) {
    Matcher m = NAME.matcher(simpleName);
    return m.matches()
        ? new MigrationName(m.group(2), humanize(m.group(3)), m.group(1).equals("B"))
        : null;
  }

  /**
   * True for names that start like a migration ({@code V} or {@code B} and a digit) but may be
   * malformed.
   */
  public static boolean looksLikeMigration(String simpleName) {
    return ATTEMPT.matcher(simpleName).matches();
  }

  public static boolean isValidVersion(String version) {
    return version != null && VERSION.matcher(version).matches();
  }

  /**
   * {@code AddRegionToOrders} or {@code Add_region_to_orders} becomes {@code Add region to orders}.
   */
  public static String humanize(String text) {
    String spaced = text.replace('_', ' ');
    spaced = LOWER_UPPER.matcher(spaced).replaceAll(" ");
    spaced = ACRONYM_END.matcher(spaced).replaceAll(" ");
    spaced = SPACES.matcher(spaced).replaceAll(" ").trim();
    String[] words = spaced.split(" ");
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < words.length; i++) {
      String word = words[i];
      boolean acronym = word.length() > 1 && word.equals(word.toUpperCase(Locale.ROOT));
      if (i > 0) {
        out.append(' ');
        out.append(acronym ? word : word.toLowerCase(Locale.ROOT));
      } else {
        out.append(Character.toUpperCase(word.charAt(0))).append(word.substring(1));
      }
    }
    return out.toString();
  }
}
