package dev.icebergops.redaction;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Comparator;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.regex.Pattern;

/**
 * Keeps known secret values out of printed output: the command line's two streams, the Maven
 * plugin's build log. The values of catalog properties whose keys name a credential ({@link
 * #addSecretsOf}), and any value added on its own ({@link #addSecret}, such as one taken from an
 * {@code ${env:NAME}} reference), are replaced by {@value #MASK} in each line that goes through
 * {@link #wrap} or {@link #redact}.
 *
 * <pre>{@code
 * Redactor redactor = new Redactor();
 * redactor.addSecretsOf(catalogProperties);
 * PrintStream out = redactor.wrap(System.out);   // "token=s3cr3t-value" prints "token=****"
 * }</pre>
 *
 * <p>It casts a wider net than {@link Redaction#isSecret}: a key is secret for it when {@link
 * Redaction#isSecret} says so or when it names a session, an auth setting, a key id or an account
 * key, since masking a harmless value in printed output costs nothing.
 */
public final class Redactor {

  /** What a secret value is printed as. */
  public static final String MASK = Redaction.MASK;

  /** Keys that hold credentials in Iceberg, AWS, GCS, Azure, JDBC and OAuth2 properties. */
  private static final Pattern SECRET_KEY =
      Pattern.compile(
          "(?i).*(secret|password|passwd|token|credential|access-key|key-id|private-key|"
              + "account-key|sas|session|auth|signature|api-key|apikey).*");

  /** Values shorter than this are not masked: they would mangle ordinary output. */
  private static final int MIN_LENGTH = 4;

  private final Set<String> secrets =
      new ConcurrentSkipListSet<>(
          Comparator.comparingInt(String::length).reversed().thenComparing(s -> s));

  /**
   * Tells whether a property's value is masked by {@link #addSecretsOf}.
   *
   * @param key a property name
   * @return true when {@link Redaction#isSecret} says so or the key names a session, auth setting,
   *     key id or account key
   */
  public static boolean isSecretKey(String key) {
    return Redaction.isSecret(key) || SECRET_KEY.matcher(key).matches();
  }

  /**
   * Masks a value wherever it appears from now on; values shorter than 4 characters are ignored.
   *
   * @param value the secret; null is ignored
   */
  public void addSecret(String value) {
    if (value != null && value.length() >= MIN_LENGTH) {
      secrets.add(value);
    }
  }

  /**
   * Masks the value of each property whose key {@link #isSecretKey names a secret}.
   *
   * @param properties catalog properties
   */
  public void addSecretsOf(Map<String, String> properties) {
    properties.forEach(
        (key, value) -> {
          if (isSecretKey(key)) {
            addSecret(value);
          }
        });
  }

  /**
   * The text with every secret known so far replaced by {@value #MASK}.
   *
   * @param text the text
   * @return the masked text
   */
  public String redact(String text) {
    String out = text;
    for (String secret : secrets) {
      out = out.replace(secret, MASK);
    }
    return out;
  }

  /**
   * A print stream that masks each line before it reaches {@code target}, with the secrets known
   * when the line ends.
   *
   * @param target where the masked lines go
   * @return the masking stream; flushing it writes any unfinished line
   */
  public PrintStream wrap(PrintStream target) {
    return new PrintStream(new LineRedactor(target), true, StandardCharsets.UTF_8);
  }

  private final class LineRedactor extends OutputStream {
    private final PrintStream target;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();

    LineRedactor(PrintStream target) {
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
    public synchronized void write(byte[] bytes, int off, int len) {
      for (int i = off; i < off + len; i++) {
        write(bytes[i]);
      }
    }

    @Override
    public synchronized void flush() {
      emit();
      target.flush();
    }

    @Override
    public void close() throws IOException {
      flush();
    }

    private void emit() {
      if (line.size() > 0) {
        target.print(redact(line.toString(StandardCharsets.UTF_8)));
        line.reset();
      }
    }
  }
}
