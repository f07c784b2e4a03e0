package dev.icebergops.cli;

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
 * Keeps secrets out of everything the command line prints: the values of catalog properties whose
 * keys name a credential, and every value taken from an {@code ${env:NAME}} reference, are replaced
 * by {@value #MASK} in both output streams (logs included).
 */
final class Redactor {

  static final String MASK = "****";

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

  static boolean isSecretKey(String key) {
    return SECRET_KEY.matcher(key).matches();
  }

  void addSecret(String value) {
    if (value != null && value.length() >= MIN_LENGTH) {
      secrets.add(value);
    }
  }

  void addSecretsOf(Map<String, String> properties) {
    properties.forEach(
        (key, value) -> {
          if (isSecretKey(key)) {
            addSecret(value);
          }
        });
  }

  String redact(String text) {
    String out = text;
    for (String secret : secrets) {
      out = out.replace(secret, MASK);
    }
    return out;
  }

  /** A print stream that redacts each line before it reaches {@code target}. */
  PrintStream wrap(PrintStream target) {
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
