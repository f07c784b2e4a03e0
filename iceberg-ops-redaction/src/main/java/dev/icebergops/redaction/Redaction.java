package dev.icebergops.redaction;

import java.util.AbstractCollection;
import java.util.AbstractMap;
import java.util.Collection;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Keeps the secrets among catalog properties (keys, tokens, passwords, client secrets, credentials)
 * out of exception messages, logs and {@code toString()}.
 *
 * <pre>{@code
 * Map<String, String> safe = Redaction.protect(properties);   // toString() masks the secrets
 * LOG.info("Connecting with {}", safe);                         // s3.secret-access-key=****
 * throw new IllegalStateException(Redaction.scrub(cause.getMessage(), properties));
 * }</pre>
 *
 * <p>A property is secret when its name contains one of the words of {@link #isSecret}; its value
 * is shown as {@value #MASK}. The user name and password in a URL ({@code https://user:pass@host})
 * are masked in every value. Masking errs on the safe side: a harmless property whose name contains
 * such a word is masked too.
 */
public final class Redaction {

  /** What a secret value is shown as. */
  public static final String MASK = "****";

  /**
   * Words that mark a property name as secret, matched case-insensitively anywhere in the name,
   * with {@code -}, {@code _} and {@code .} treated alike.
   */
  private static final List<String> SECRET_WORDS =
      List.of(
          "secret",
          "password",
          "passwd",
          "token",
          "credential",
          "access-key",
          "accesskey",
          "private-key",
          "privatekey",
          "api-key",
          "apikey",
          "sse-key",
          "authorization",
          "signature");

  /** The user information of a URL: {@code user:password@} after {@code scheme://}. */
  private static final Pattern USER_INFO = Pattern.compile("(?<=://)[^/@\\s]+@");

  /** Shorter values are not scrubbed from text: they would mask ordinary words. */
  static final int MIN_SCRUBBED_LENGTH = 6;

  private Redaction() {}

  /**
   * Tells whether a property's value is secret: its name contains {@code secret, password, passwd,
   * token, credential, access-key, private-key, api-key, sse-key, authorization} or {@code
   * signature} (for example {@code s3.secret-access-key}, {@code token}, {@code credential}, {@code
   * jdbc.password}, {@code rest.auth.oauth2.client-secret}, {@code header.Authorization}).
   *
   * @param key a property name; null is not secret
   * @return true when its value must not be shown
   */
  public static boolean isSecret(String key) {
    if (key == null) {
      return false;
    }
    String normalized = key.toLowerCase(Locale.ROOT).replace('_', '-').replace('.', '-');
    return SECRET_WORDS.stream().anyMatch(normalized::contains);
  }

  /**
   * The value to show for a property: {@value #MASK} for a secret, otherwise the value with any URL
   * user information masked.
   *
   * @param key the property name
   * @param value its value
   * @return what may be shown
   */
  public static String shown(String key, String value) {
    if (value == null) {
      return null;
    }
    return isSecret(key) ? MASK : maskUserInfo(value);
  }

  /**
   * A copy of the properties that may be shown, in their order, secret values masked.
   *
   * @param properties catalog properties; null gives an empty map
   * @return an unmodifiable copy with every secret value replaced by {@value #MASK}
   */
  public static Map<String, String> redacted(Map<String, String> properties) {
    Map<String, String> copy = new LinkedHashMap<>();
    if (properties != null) {
      properties.forEach((key, value) -> copy.put(key, shown(key, value)));
    }
    return Collections.unmodifiableMap(copy);
  }

  /**
   * An unmodifiable copy of the properties, with their real values, whose {@code toString()} masks
   * the secrets: hand it out where it may be logged or printed.
   *
   * @param properties catalog properties
   * @return an unmodifiable map equal to {@code properties}
   * @throws NullPointerException if {@code properties} is null
   */
  public static Map<String, String> protect(Map<String, String> properties) {
    Objects.requireNonNull(properties, "properties");
    return properties instanceof ProtectedMap ? properties : new ProtectedMap(properties);
  }

  /**
   * Masks, in a text such as an exception message, every secret value of the properties that it
   * contains (values of 6 characters or more), and any URL user information.
   *
   * @param text the text; null stays null
   * @param properties the properties whose secret values must not appear
   * @return the text with those values replaced by {@value #MASK}
   */
  public static String scrub(String text, Map<String, String> properties) {
    if (text == null) {
      return null;
    }
    String result = text;
    if (properties != null) {
      for (Map.Entry<String, String> entry : properties.entrySet()) {
        String value = entry.getValue();
        if (isSecret(entry.getKey()) && value != null && value.length() >= MIN_SCRUBBED_LENGTH) {
          result = result.replace(value, MASK);
        }
      }
    }
    return maskUserInfo(result);
  }

  private static String maskUserInfo(String value) {
    return value.contains("://")
        ? USER_INFO.matcher(value).replaceAll(Matcher.quoteReplacement(MASK + "@"))
        : value;
  }

  /** Real values inside; {@code toString()} of the map, its entries and its values masked. */
  private static final class ProtectedMap extends AbstractMap<String, String> {
    private final Map<String, String> values;
    private final Set<Entry<String, String>> entries;

    ProtectedMap(Map<String, String> properties) {
      this.values = Collections.unmodifiableMap(new LinkedHashMap<>(properties));
      Set<Entry<String, String>> protectedEntries = new LinkedHashSet<>();
      values.forEach((key, value) -> protectedEntries.add(new ProtectedEntry(key, value)));
      this.entries = Collections.unmodifiableSet(protectedEntries);
    }

    @Override
    public Set<Entry<String, String>> entrySet() {
      return entries;
    }

    @Override
    public String get(Object key) {
      return values.get(key);
    }

    @Override
    public boolean containsKey(Object key) {
      return values.containsKey(key);
    }

    @Override
    public Collection<String> values() {
      return new AbstractCollection<>() {
        @Override
        public Iterator<String> iterator() {
          return values.values().iterator();
        }

        @Override
        public int size() {
          return values.size();
        }

        @Override
        public String toString() {
          return redacted(values).values().toString();
        }
      };
    }

    @Override
    public String toString() {
      return redacted(values).toString();
    }
  }

  private static final class ProtectedEntry
      extends AbstractMap.SimpleImmutableEntry<String, String> {
    ProtectedEntry(String key, String value) {
      super(key, value);
    }

    @Override
    public String toString() {
      return getKey() + "=" + shown(getKey(), getValue());
    }
  }
}
