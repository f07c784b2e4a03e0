package dev.icebergops.redaction;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.AbstractCollection;
import java.util.AbstractMap;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Keeps the secrets among catalog properties (keys, tokens, passwords, client secrets, credentials,
 * session and auth settings) out of exception messages, logs, {@code toString()} and printed
 * output: the one masking rule of iceberg-ops.
 *
 * <pre>{@code
 * Map<String, String> safe = Redaction.protect(properties);   // toString() masks the secrets
 * LOG.info("Connecting with {}", safe);                         // s3.secret-access-key=****
 * throw new IllegalStateException(Redaction.scrub(cause.getMessage(), properties));
 *
 * Redaction printed = new Redaction();                          // for a command's output
 * printed.addSecretsOf(properties);
 * PrintStream out = printed.wrap(System.out);                   // "token=s3cr3t-value" prints "token=****"
 * }</pre>
 *
 * <p>A property is secret when its name contains one of the words of {@link #isSecret}; its value
 * is shown as {@value #MASK}. The user name and password in a URL ({@code https://user:pass@host})
 * are masked in every value and text, and so are signed URLs (see {@link #hasSignedUrl}): the whole
 * query string of a URL that holds a signing parameter is shown as {@code ?****}, since its other
 * parameters (expiry, signed headers, key name) help whoever holds the signature, and any signing
 * parameter outside such a URL keeps its name and shows its value as {@value #MASK} ({@code
 * X-Amz-Signature=****}). In a text, a secret value is masked when it has at least {@value
 * #MIN_SCRUBBED_LENGTH} characters and is not {@code true} or {@code false}: shorter values and
 * flags would mask ordinary words. Masking errs on the safe side: a harmless property whose name
 * contains such a word is masked too.
 *
 * <p>The static methods mask the secrets of the properties they are given; an instance remembers
 * secret values ({@link #addSecretsOf}, {@link #addSecret}) and masks them in every text or line
 * that goes through {@link #redact} or {@link #wrap}.
 */
public final class Redaction {

  /** What a secret value is shown as. */
  public static final String MASK = "****";

  /**
   * Words that mark a property name as secret, matched case-insensitively anywhere in the name,
   * with {@code -}, {@code _} and {@code .} treated alike: the credentials of Iceberg, AWS, GCS,
   * Azure, JDBC and OAuth2 properties.
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
          "key-id",
          "private-key",
          "privatekey",
          "account-key",
          "api-key",
          "apikey",
          "sse-key",
          "sas",
          "session",
          "auth",
          "signature");

  /** The user information of a URL: {@code user:password@} after {@code scheme://}. */
  private static final Pattern USER_INFO = Pattern.compile("(?<=://)[^/@\\s]+@");

  /**
   * The query parameters that sign a URL or carry its credentials, any case: S3 (SigV4 and V2,
   * session token), GCS (V4 and V2), Azure SAS ({@code sig}), and a bare {@code Signature} or
   * {@code Credential} as in an AWS authorization header. A name must not follow a letter or a dash
   * ({@code X-Amz-Signature} is matched whole; {@code mysig=} is not {@code sig=}).
   */
  private static final Pattern SIGNING_PARAMETER =
      Pattern.compile(
          "(?i)(?<![a-z_-])(x-amz-signature|x-amz-credential|x-amz-security-token"
              + "|x-goog-signature|x-goog-credential|awsaccesskeyid|googleaccessid"
              + "|sig|signature|credential)=[^&;,\\s\"'<>`]*");

  /** A URL's query string: from its {@code ?} to the next blank, quote or angle bracket. */
  private static final Pattern QUERY = Pattern.compile("\\?([^\\s\"'<>`]+)");

  /** Shorter values are not masked in text: they would mask ordinary words. */
  static final int MIN_SCRUBBED_LENGTH = 4;

  /** The values this instance masks, longest first so that a value inside another goes second. */
  private final Set<String> secrets =
      new ConcurrentSkipListSet<>(
          Comparator.comparingInt(String::length).reversed().thenComparing(s -> s));

  /**
   * A redaction that knows no secret value yet: give it the properties and values to mask with
   * {@link #addSecretsOf} and {@link #addSecret}.
   */
  public Redaction() {}

  /**
   * Tells whether a property's value is secret: its name contains {@code secret, password, passwd,
   * token, credential, access-key, key-id, private-key, account-key, api-key, sse-key, sas,
   * session, auth} or {@code signature} (for example {@code s3.secret-access-key}, {@code
   * s3.access-key-id}, {@code s3.session-token}, {@code credential}, {@code jdbc.password}, {@code
   * rest.auth.oauth2.client-secret}, {@code header.Authorization}, {@code adls.sas-token.account}).
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
    return isSecret(key) ? MASK : maskUrls(value);
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
   * contains (see the class comment for which values), and any URL user information.
   *
   * @param text the text; null stays null
   * @param properties the properties whose secret values must not appear
   * @return the text with those values replaced by {@value #MASK}
   */
  public static String scrub(String text, Map<String, String> properties) {
    Redaction redaction = new Redaction();
    if (properties != null) {
      redaction.addSecretsOf(properties);
    }
    return redaction.redact(text);
  }

  /**
   * Masks a value wherever it appears from now on, unless it is too short or a flag to be told from
   * ordinary words (see the class comment).
   *
   * @param value the secret; null is ignored
   */
  public void addSecret(String value) {
    if (maskable(value)) {
      secrets.add(value);
    }
  }

  /**
   * Masks the value of each property whose key {@link #isSecret names a secret}.
   *
   * @param properties catalog properties
   * @throws NullPointerException if {@code properties} is null
   */
  public void addSecretsOf(Map<String, String> properties) {
    properties.forEach(
        (key, value) -> {
          if (isSecret(key)) {
            addSecret(value);
          }
        });
  }

  /**
   * The text with every secret value known so far, and any URL user information, replaced by
   * {@value #MASK}.
   *
   * @param text the text; null stays null
   * @return the masked text
   */
  public String redact(String text) {
    if (text == null) {
      return null;
    }
    String out = text;
    for (String secret : secrets) {
      out = out.replace(secret, MASK);
    }
    return maskUrls(out);
  }

  /**
   * Tells whether a text holds a signed URL or a signing parameter: {@code X-Amz-Signature,
   * X-Amz-Credential, X-Amz-Security-Token, X-Goog-Signature, X-Goog-Credential, AWSAccessKeyId,
   * GoogleAccessId}, Azure SAS's {@code sig}, {@code Signature} or {@code Credential}, followed by
   * {@code =}, in any case.
   *
   * @param text a value or text; null holds none
   * @return true when every output masks part of it
   */
  public static boolean hasSignedUrl(String text) {
    return text != null && SIGNING_PARAMETER.matcher(text).find();
  }

  /**
   * A print stream that masks each line, as {@link #redact} does, before it reaches {@code target},
   * with the secrets known when the line ends.
   *
   * @param target where the masked lines go
   * @return the masking stream; flushing it writes any unfinished line
   */
  public PrintStream wrap(PrintStream target) {
    return new PrintStream(new LineMasking(target), true, StandardCharsets.UTF_8);
  }

  private static boolean maskable(String value) {
    return value != null
        && value.length() >= MIN_SCRUBBED_LENGTH
        && !value.equalsIgnoreCase("true")
        && !value.equalsIgnoreCase("false");
  }

  /** Masks URL user information, the query string of signed URLs, then any signing parameter. */
  private static String maskUrls(String value) {
    String out =
        value.contains("://")
            ? USER_INFO.matcher(value).replaceAll(Matcher.quoteReplacement(MASK + "@"))
            : value;
    if (!hasSignedUrl(out)) {
      return out;
    }
    out =
        QUERY
            .matcher(out)
            .replaceAll(
                query ->
                    Matcher.quoteReplacement(
                        hasSignedUrl(query.group(1)) ? "?" + MASK : query.group()));
    return SIGNING_PARAMETER.matcher(out).replaceAll(match -> match.group(1) + "=" + MASK);
  }

  /** Collects bytes into lines and prints each line to a target once {@link #redact redacted}. */
  private final class LineMasking extends OutputStream {
    private final PrintStream target;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();

    LineMasking(PrintStream target) {
      this.target = target;
    }

    @Override
    public synchronized void write(int b) {
      line.write(b);
      if (b == '\n') {
        emit();
      }
    }

    @Override
    public synchronized void flush() {
      emit();
      target.flush();
    }

    @Override
    public void close() {
      flush();
    }

    private void emit() {
      if (line.size() > 0) {
        target.print(redact(line.toString(StandardCharsets.UTF_8)));
        line.reset();
      }
    }
  }

  /** Real values inside; {@code toString()} of the map, its entries and its values masked. */
  private static final class ProtectedMap extends AbstractMap<String, String> {
    private final Map<String, String> values;
    private final Set<Entry<String, String>> entries;

    ProtectedMap(Map<String, String> properties) {
      this.values = Collections.unmodifiableMap(new LinkedHashMap<>(properties));
      Set<Entry<String, String>> protectedEntries = new LinkedHashSet<>();
      values.forEach(
          (key, value) ->
              protectedEntries.add(
                  new SimpleImmutableEntry<>(key, value) {
                    @Override
                    public String toString() {
                      return getKey() + "=" + shown(getKey(), getValue());
                    }
                  }));
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
}
