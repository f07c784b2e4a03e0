package dev.icebergops.config;

import dev.icebergops.redaction.Redaction;
import dev.icebergops.schema.YamlLimits;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.DuplicateKeyException;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;

/**
 * Reads {@code iceberg-ops.yaml}, resolves {@code ${env:NAME}} references, and applies the {@code
 * ICEBERG_OPS_*} environment overrides.
 *
 * <p>Overrides: {@code ICEBERG_OPS_NAMESPACE}, {@code ICEBERG_OPS_MIGRATIONS}, {@code
 * ICEBERG_OPS_CONTRACTS}, {@code ICEBERG_OPS_META_NAMESPACE}, {@code
 * ICEBERG_OPS_FAIL_ON_SKIPPED_MIGRATIONS}, {@code ICEBERG_OPS_CATALOG_NAME}, and one catalog
 * property per {@code ICEBERG_OPS_CATALOG__<KEY>} variable, where {@code __} in the key becomes
 * {@code .} and {@code _} becomes {@code -} ({@code ICEBERG_OPS_CATALOG__S3__ACCESS_KEY_ID} sets
 * {@code s3.access-key-id}), as PyIceberg does.
 *
 * <pre>{@code
 * Redaction redactor = new Redaction();
 * IcebergOpsConfig config = new ConfigLoader(System.getenv(), redactor).load(Path.of("iceberg-ops.yaml"));
 * }</pre>
 *
 * <p>The command line and the Maven plugin read their settings through it; the plugin lays the
 * settings of its POM configuration over the file's ({@link #load(Path, Map)}).
 */
public final class ConfigLoader {

  /** The prefix of the environment variables that override settings. */
  public static final String ENV_PREFIX = "ICEBERG_OPS_";

  private static final String CATALOG_PROPERTY_PREFIX = ENV_PREFIX + "CATALOG__";
  private static final Pattern ENV_REF = Pattern.compile("\\$\\{env:([A-Za-z_][A-Za-z0-9_]*)}");
  private static final Set<String> TOP_KEYS =
      Set.of(
          "catalog",
          "namespace",
          "migrations",
          "contracts",
          "meta-namespace",
          "fail-on-skipped-migrations");
  private static final Set<String> CATALOG_KEYS = Set.of("name", "properties");

  private final Map<String, String> env;
  private final Redaction redactor;

  /** Where each key of the file read is: its dotted path ("catalog.name"), and "" for the file. */
  private final Map<String, Mark> marks = new HashMap<>();

  /** What the settings were read from, as the errors name it: the file, or it and the plugin's. */
  private String where;

  /**
   * A loader for one run.
   *
   * @param env the environment: {@code ${env:NAME}} references and {@code ICEBERG_OPS_*} overrides
   * @param redactor learns the secrets read: secret catalog properties and every value taken from
   *     the environment through {@code ${env:NAME}}
   */
  public ConfigLoader(Map<String, String> env, Redaction redactor) {
    this.env = env;
    this.redactor = redactor;
  }

  /**
   * Reads a config file.
   *
   * @param file the {@code iceberg-ops.yaml} to read
   * @return its settings, with environment overrides applied
   * @throws IllegalArgumentException if the file is missing, is not valid YAML, has an unknown key,
   *     misses the namespace or refers to an unset environment variable
   */
  public IcebergOpsConfig load(Path file) {
    return configure(file, read(file));
  }

  /**
   * Reads a config file if it exists and lays other settings over it: a top-level setting or the
   * catalog's name replaces the file's, each catalog property replaces the file's of the same key.
   * Environment overrides apply last, as for {@link #load(Path)}; {@code ${env:NAME}} references
   * are resolved in both.
   *
   * @param file the {@code iceberg-ops.yaml} to read if it exists; relative locations are resolved
   *     against its directory either way
   * @param settings settings with the file's structure: {@code namespace}, {@code migrations},
   *     {@code contracts}, {@code meta-namespace}, {@code fail-on-skipped-migrations}, and {@code
   *     catalog} as a map of {@code name} and {@code properties}; null values are not set
   * @return the merged settings
   * @throws IllegalArgumentException as {@link #load(Path)} does, except for a missing file
   */
  public IcebergOpsConfig load(Path file, Map<String, Object> settings) {
    boolean exists = Files.exists(file);
    Map<String, Object> root = exists ? read(file) : new LinkedHashMap<>();
    where =
        exists ? file.getFileName() + " and the plugin configuration" : "the plugin configuration";
    return configure(file, merge("", root, settings));
  }

  /**
   * The file's settings with {@code over}'s laid over them: a mapping merged key by key, any other
   * value replacing the file's; null values are not set.
   */
  private Map<String, Object> merge(
      String prefix, Map<String, Object> base, Map<String, Object> over) {
    Map<String, Object> merged = new LinkedHashMap<>(base);
    over.forEach(
        (key, value) -> {
          String path = prefix + key;
          if (value instanceof Map) {
            Map<String, Object> under = mapping(path, base.get(key));
            merged.put(key, merge(path + ".", under, mapping(path, value)));
          } else if (value != null) {
            merged.put(key, value);
          }
        });
    return merged;
  }

  private IcebergOpsConfig configure(Path file, Map<String, Object> root) {
    checkKeys("", root, TOP_KEYS);
    Map<String, Object> catalog = mapping("catalog", root.get("catalog"));
    checkKeys("catalog.", catalog, CATALOG_KEYS);
    Map<String, String> properties = new LinkedHashMap<>();
    mapping("catalog.properties", catalog.get("properties"))
        .forEach((key, value) -> properties.put(key, text("catalog.properties." + key, value)));
    env.forEach(
        (name, value) -> {
          if (name.startsWith(CATALOG_PROPERTY_PREFIX)
              && name.length() > CATALOG_PROPERTY_PREFIX.length()) {
            properties.put(propertyKey(name.substring(CATALOG_PROPERTY_PREFIX.length())), value);
          }
        });
    redactor.addSecretsOf(properties);
    String namespace = setting(root, "namespace", null);
    if (namespace == null || namespace.isBlank()) {
      throw new IllegalArgumentException(
          "Cannot read config %s: namespace is not set (set it in the file or in %sNAMESPACE)"
              .formatted(where, ENV_PREFIX));
    }
    return new IcebergOpsConfig(
        file,
        override(
            "CATALOG_NAME",
            text("catalog.name", catalog.get("name")),
            IcebergOpsConfig.DEFAULT_CATALOG_NAME),
        properties,
        namespace,
        setting(root, "migrations", IcebergOpsConfig.DEFAULT_MIGRATIONS),
        setting(root, "contracts", IcebergOpsConfig.DEFAULT_CONTRACTS),
        setting(root, "meta-namespace", IcebergOpsConfig.DEFAULT_META_NAMESPACE),
        flag(root, "fail-on-skipped-migrations"));
  }

  /** A setting that is {@code true} or {@code false}, false when not set. */
  private boolean flag(Map<String, Object> root, String key) {
    String value = setting(root, key, "false");
    if (!value.equals("true") && !value.equals("false")) {
      throw invalid(key, " must be true or false, got '" + value + "'");
    }
    return Boolean.parseBoolean(value);
  }

  private Map<String, Object> read(Path file) {
    where = file.getFileName().toString();
    try (InputStream in = Files.newInputStream(file)) {
      byte[] bytes = YamlLimits.readBounded(in, "Cannot read config " + file, "a config file");
      LoaderOptions options = new LoaderOptions();
      options.setAllowDuplicateKeys(false); // as contracts: a second namespace: is a mistake
      Yaml yaml = new Yaml(new SafeConstructor(options));
      // composed for where each key is, then loaded for the values
      Node root = yaml.compose(utf8(bytes));
      if (root == null) {
        return Map.of();
      }
      markKeys(root, "");
      marks.putIfAbsent("", root.getStartMark());
      return mapping("", yaml.load(utf8(bytes)));
    } catch (NoSuchFileException e) {
      throw unreadable(file, "no such file", null);
    } catch (IOException e) {
      throw unreadable(file, e.getMessage(), e);
    } catch (DuplicateKeyException e) {
      // its cause adds only "while constructing a mapping"
      String problem = e.getProblem().replaceFirst("^found duplicate key", "duplicate key");
      throw unreadable(
          file, problem + YamlLimits.where(e.getProblemMark()) + " (a key is set once)", null);
    } catch (MarkedYAMLException e) {
      String problem =
          e.getContext() == null
              ? e.getProblem()
              : e.getProblem() == null ? e.getContext() : e.getContext() + ", " + e.getProblem();
      throw unreadable(file, "invalid YAML: " + problem + YamlLimits.where(e.getProblemMark()), e);
    } catch (YAMLException e) {
      String reason = e.getMessage().lines().findFirst().orElse("invalid YAML");
      throw unreadable(file, "invalid YAML: " + reason, e);
    }
  }

  /** The error of a config file that cannot be read: "Cannot read config FILE: reason". */
  private static IllegalArgumentException unreadable(Path file, String reason, Exception cause) {
    return new IllegalArgumentException("Cannot read config " + file + ": " + reason, cause);
  }

  /** Records where each key of the mappings under {@code node} is, by its dotted path. */
  private void markKeys(Node node, String prefix) {
    if (node instanceof MappingNode mapping) {
      for (NodeTuple tuple : mapping.getValue()) {
        if (tuple.getKeyNode() instanceof ScalarNode key) {
          String path = prefix + key.getValue();
          marks.putIfAbsent(path, key.getStartMark());
          markKeys(tuple.getValueNode(), path + ".");
        }
      }
    }
  }

  /** The file's bytes read as UTF-8, refusing malformed input. */
  private static Reader utf8(byte[] bytes) {
    return new InputStreamReader(
        new ByteArrayInputStream(bytes), StandardCharsets.UTF_8.newDecoder());
  }

  private String setting(Map<String, Object> root, String key, String fallback) {
    String envName = key.toUpperCase(Locale.ROOT).replace('-', '_');
    return override(envName, text(key, root.get(key)), fallback);
  }

  private String override(String envSuffix, String fromFile, String fallback) {
    String fromEnv = env.get(ENV_PREFIX + envSuffix);
    if (fromEnv != null && !fromEnv.isBlank()) {
      return fromEnv;
    }
    return fromFile != null ? fromFile : fallback;
  }

  /**
   * A scalar setting of the file, each {@code ${env:NAME}} reference replaced with the variable's
   * value, which becomes a secret.
   */
  private String text(String key, Object value) {
    if (value == null) {
      return null;
    }
    if (value instanceof Map || value instanceof List) {
      throw invalid(
          key, " must be a single value, not a " + (value instanceof Map ? "mapping" : "list"));
    }
    return ENV_REF
        .matcher(value.toString())
        .replaceAll(
            m -> {
              String resolved = env.get(m.group(1));
              if (resolved == null) {
                throw invalid(key, " refers to ${env:" + m.group(1) + "}, which is not set");
              }
              redactor.addSecret(resolved);
              return Matcher.quoteReplacement(resolved);
            });
  }

  /** The error of a key of the file (a dotted path; "" for the file): "Cannot read config ...". */
  private IllegalArgumentException invalid(String key, String problem) {
    return new IllegalArgumentException(
        "Cannot read config %s: %s%s%s"
            .formatted(
                where,
                key.isEmpty() ? "the file" : key,
                YamlLimits.where(marks.get(key)),
                problem));
  }

  private static String propertyKey(String envKey) {
    return envKey
        .toLowerCase(Locale.ROOT)
        .replace("__", "\u0000")
        .replace('_', '-')
        .replace('\u0000', '.');
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> mapping(String key, Object value) {
    if (value == null) {
      return Map.of();
    }
    if (!(value instanceof Map)) {
      throw invalid(
          key,
          " must be a mapping, got " + value.getClass().getSimpleName().toLowerCase(Locale.ROOT));
    }
    Map<String, Object> out = new LinkedHashMap<>();
    ((Map<Object, Object>) value).forEach((k, v) -> out.put(String.valueOf(k), v));
    return out;
  }

  private void checkKeys(String prefix, Map<String, Object> map, Set<String> known) {
    for (String key : map.keySet()) {
      if (!known.contains(key)) {
        throw new IllegalArgumentException(
            "Cannot read config %s: unknown key %s%s (known: %s)"
                .formatted(
                    where,
                    prefix + key,
                    YamlLimits.where(marks.get(prefix + key)),
                    known.stream().sorted().map(k -> prefix + k).toList()));
      }
    }
  }
}
