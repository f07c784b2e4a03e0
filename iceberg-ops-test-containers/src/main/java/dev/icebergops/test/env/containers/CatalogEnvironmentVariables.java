package dev.icebergops.test.env.containers;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The environment variable convention of Iceberg's REST catalog fixture ({@code RESTCatalogServer},
 * the {@code apache/iceberg-rest-fixture} image): a variable {@code CATALOG_<NAME>} sets the
 * catalog property whose name is {@code NAME} in lower case with {@code __} read as {@code -} and
 * {@code _} as {@code .}; so {@code s3.path-style-access} is {@code
 * CATALOG_S3_PATH__STYLE__ACCESS}.
 */
final class CatalogEnvironmentVariables {
  static final String PREFIX = "CATALOG_";

  private CatalogEnvironmentVariables() {}

  /**
   * Returns the variable that sets {@code property}.
   *
   * @throws IllegalArgumentException if the convention cannot express the property: it holds an
   *     underscore or an upper-case letter, or is empty
   */
  static String variableFor(String property) {
    if (property == null
        || property.isEmpty()
        || property.contains("_")
        || !property.equals(property.toLowerCase(Locale.ROOT))) {
      throw new IllegalArgumentException(
          ("Cannot pass catalog property '%s' as a CATALOG_* variable: only lower-case names"
                  + " without '_' can be expressed")
              .formatted(property));
    }
    return PREFIX + property.replace("-", "__").replace(".", "_").toUpperCase(Locale.ROOT);
  }

  /** Returns the variables that set {@code properties}, in their order. */
  static Map<String, String> variablesFor(Map<String, String> properties) {
    Map<String, String> variables = new LinkedHashMap<>();
    properties.forEach((property, value) -> variables.put(variableFor(property), value));
    return variables;
  }
}
