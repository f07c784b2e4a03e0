package dev.icebergops.schema;

import dev.icebergops.internal.Quoting;

/** Builds the "Cannot parse type" errors, quoting the input so control characters stay visible. */
final class TypeText {

  private TypeText() {}

  static IllegalArgumentException invalid(String typeString, String reason) {
    return invalid(typeString, reason, null);
  }

  static IllegalArgumentException invalid(String typeString, String reason, Throwable cause) {
    return new IllegalArgumentException(
        "Cannot parse type " + Quoting.quote(typeString) + ": " + reason, cause);
  }
}
