package dev.icebergops.internal;

/**
 * Quotes untrusted text for error messages: short, on one line, control characters visible.
 * Internal: not part of the public API.
 */
public final class Quoting {

  /** How much of a long text a message shows. */
  static final int SHOWN = 80;

  private Quoting() {}

  /**
   * The text in single quotes, control and format characters written as {@code \\uXXXX}, and
   * anything past 80 characters cut off with the full length stated.
   *
   * @param text the text to show
   * @return the quoted text
   */
  public static String quote(String text) {
    StringBuilder out = new StringBuilder("'");
    int end = Math.min(text.length(), SHOWN);
    for (int i = 0; i < end; i++) {
      char c = text.charAt(i);
      if (Character.isISOControl(c) || Character.getType(c) == Character.FORMAT) {
        out.append(String.format("\\u%04x", (int) c));
      } else {
        out.append(c);
      }
    }
    out.append('\'');
    if (text.length() > SHOWN) {
      out.append(" (").append(text.length()).append(" characters, cut)");
    }
    return out.toString();
  }
}
