package dev.icebergops.test;

import java.util.Optional;
import org.junit.jupiter.api.extension.ExtensionContext;

/** Where a run-wide setting is looked up: JUnit's configuration, system properties, environment. */
final class RunSettings {
  private RunSettings() {}

  /**
   * The first non-blank value of the configuration parameter {@code property}, the system property
   * of that name (also when the launcher does not read system properties, as EngineTestKit does
   * not), and the environment variable {@code variable}.
   */
  static Optional<String> lookup(ExtensionContext context, String property, String variable) {
    return context
        .getConfigurationParameter(property)
        .or(() -> Optional.ofNullable(System.getProperty(property)))
        .or(() -> Optional.ofNullable(System.getenv(variable)))
        .filter(value -> !value.isBlank());
  }
}
