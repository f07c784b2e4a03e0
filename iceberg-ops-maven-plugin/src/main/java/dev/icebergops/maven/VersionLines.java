package dev.icebergops.maven;

import dev.icebergops.runner.MigrationStatus;
import java.util.Locale;

/** One version on one line of the build log. */
final class VersionLines {

  private VersionLines() {}

  /** {@code " 0002 AddRegionToOrders applied 2026-01-01T00:00:00Z note"}, blanks left out. */
  static String line(MigrationStatus s, String note) {
    String line =
        String.join(
            "  ", "", s.version(), s.description(), s.state().name().toLowerCase(Locale.ROOT));
    if (s.updatedAt() != null) {
      line += "  " + s.updatedAt();
    }
    if (note != null && !note.isBlank()) {
      line += "  " + note;
    }
    return line;
  }
}
