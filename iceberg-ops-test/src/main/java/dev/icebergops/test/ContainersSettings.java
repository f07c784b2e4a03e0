package dev.icebergops.test;

import dev.icebergops.test.env.containers.ContainersEnvironment;
import dev.icebergops.test.env.containers.Pull;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The resolved settings of the containers backend for one test class: each from the configuration
 * parameter or system property {@code iceberg-ops.containers.<name>}, else the environment variable
 * {@code ICEBERG_OPS_CONTAINERS_<NAME>}, else {@link IcebergContainers}, else the environment's
 * default (a {@code null} here). Equal settings share one environment per run.
 */
record ContainersSettings(
    String catalogImage,
    String s3Image,
    String accessKey,
    String secretKey,
    Map<String, String> catalogEnv,
    boolean hostNetwork,
    Duration startupTimeout,
    Pull pull) {

  static final String PREFIX = "iceberg-ops.containers.";

  static ContainersSettings of(ExtensionContext context, Class<?> testClass) {
    IcebergContainers annotation =
        SuiteConfig.enclosingAnnotation(testClass, IcebergContainers.class).orElse(null);
    Values values = new Values(context, annotation);
    Map<String, String> catalogEnv = catalogEnv(values); // checked first, then the network
    String network =
        values.get(
            "network",
            IcebergContainers::network,
            "bridge or host",
            name -> Set.of("bridge", "host").contains(name.toLowerCase(Locale.ROOT)) ? name : null);
    return new ContainersSettings(
        values.get("catalog-image", IcebergContainers::catalogImage),
        values.get("s3-image", IcebergContainers::s3Image),
        values.get("access-key", IcebergContainers::accessKey),
        values.get("secret-key", IcebergContainers::secretKey),
        catalogEnv,
        "host".equalsIgnoreCase(network),
        values.get(
            "startup-timeout",
            a -> a.startupTimeoutSeconds() == 0 ? "" : Integer.toString(a.startupTimeoutSeconds()),
            "a positive number of seconds",
            seconds ->
                Long.parseLong(seconds) > 0 ? Duration.ofSeconds(Long.parseLong(seconds)) : null),
        values.get(
            "pull",
            IcebergContainers::pull,
            "missing, never or always",
            pull -> Pull.valueOf(pull.toUpperCase(Locale.ROOT))));
  }

  /** A new, not yet started environment with these settings. */
  ContainersEnvironment newEnvironment() {
    ContainersEnvironment environment = ContainersEnvironment.create();
    try {
      Optional.ofNullable(catalogImage).ifPresent(environment::withCatalogImage);
      Optional.ofNullable(s3Image).ifPresent(environment::withS3Image);
      if (accessKey != null || secretKey != null) {
        environment.withCredentials(
            accessKey != null ? accessKey : ContainersEnvironment.DEFAULT_ACCESS_KEY,
            secretKey != null ? secretKey : ContainersEnvironment.DEFAULT_SECRET_KEY);
      }
      catalogEnv.forEach(environment::withCatalogEnv);
      if (hostNetwork) {
        environment.withHostNetwork();
      }
      Optional.ofNullable(startupTimeout).ifPresent(environment::withStartupTimeout);
      Optional.ofNullable(pull).ifPresent(environment::withPull);
    } catch (IllegalArgumentException e) {
      throw SuiteConfig.invalid("the containers backend", e.getMessage(), e);
    }
    return environment;
  }

  private static Map<String, String> catalogEnv(Values values) {
    String joined =
        values.get(
            "catalog-env", a -> a.catalogEnv().length == 0 ? "" : String.join(",", a.catalogEnv()));
    Map<String, String> env = new LinkedHashMap<>();
    if (joined == null) {
      return env;
    }
    for (String entry : joined.split(",")) {
      int equals = entry.indexOf('=');
      if (equals <= 0) {
        throw values.invalid("catalog-env", entry, "NAME=value pairs");
      }
      env.put(entry.substring(0, equals).trim(), entry.substring(equals + 1).trim());
    }
    return Map.copyOf(env);
  }

  /** Looks one setting up where it may be given, the first non-blank value winning. */
  private record Values(ExtensionContext context, IcebergContainers annotation) {

    String get(String name, Function<IcebergContainers, String> attribute) {
      return SuiteConfig.lookup(context, PREFIX + name, variable(name))
          .or(() -> Optional.ofNullable(annotation).map(attribute))
          .map(String::trim)
          .filter(value -> !value.isEmpty())
          .orElse(null);
    }

    /**
     * The setting {@code name} as {@code parse} reads it, or null when it is not given.
     *
     * @param parse null, or an exception, for a value that is not one of {@code expected}
     */
    <T> T get(
        String name,
        Function<IcebergContainers, String> attribute,
        String expected,
        Function<String, T> parse) {
      String value = get(name, attribute);
      if (value == null) {
        return null;
      }
      T parsed;
      try {
        parsed = parse.apply(value);
      } catch (IllegalArgumentException e) { // NumberFormatException too
        parsed = null;
      }
      if (parsed == null) {
        throw invalid(name, value, expected);
      }
      return parsed;
    }

    ExtensionConfigurationException invalid(String name, String value, String expected) {
      return new ExtensionConfigurationException(
          ("Cannot configure the containers backend: %s is '%s', expected %s (from %s%s, %s or"
                  + " @IcebergContainers)")
              .formatted(name, value, expected, PREFIX, name, variable(name)));
    }

    private static String variable(String name) {
      return "ICEBERG_OPS_CONTAINERS_" + name.replace('-', '_').toUpperCase(Locale.ROOT);
    }
  }

  @Override
  public String toString() {
    return "containers " + Arrays.asList(catalogImage, s3Image, hostNetwork ? "host" : "bridge");
  }
}
