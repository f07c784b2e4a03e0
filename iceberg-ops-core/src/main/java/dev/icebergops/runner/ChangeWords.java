package dev.icebergops.runner;

import dev.icebergops.redaction.Redaction;
import dev.icebergops.state.TableState;
import dev.icebergops.state.TableState.PartitionField;
import java.util.stream.Collectors;

/** The words a table's state takes in previews and drift reports. */
final class ChangeWords {

  private ChangeWords() {}

  /** A partition field as previews and drift show it, e.g. {@code day(ts) as ts_day}. */
  static String partitionField(PartitionField field) {
    return field.transform() + "(" + field.source() + ") as " + field.name();
  }

  /** The sort order, e.g. {@code ts ASC NULLS FIRST, id DESC NULLS LAST}, or {@code unsorted}. */
  static String sortOrder(TableState state) {
    if (state == null || state.sortOrder().isEmpty()) {
      return "unsorted";
    }
    return state.sortOrder().stream().map(k -> k.describe(false)).collect(Collectors.joining(", "));
  }

  /** A property value as it may be shown: {@code unset} for null, secrets masked. */
  static String shown(String key, String value) {
    return value == null ? "unset" : Redaction.shown(key, value);
  }
}
