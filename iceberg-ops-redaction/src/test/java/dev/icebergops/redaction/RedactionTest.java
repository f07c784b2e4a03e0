package dev.icebergops.redaction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RedactionTest {

  private static final String SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";

  private static Map<String, String> catalogProperties() {
    Map<String, String> props = new LinkedHashMap<>();
    props.put("type", "rest");
    props.put("uri", "https://admin:hunter22@catalog.example.com/api");
    props.put("s3.access-key-id", "AKIAIOSFODNN7EXAMPLE");
    props.put("s3.secret-access-key", SECRET);
    props.put("s3.session-token", "FwoGZXIvYXdzEJr-session");
    props.put("token", "eyJhbGciOiJIUzI1NiJ9.payload");
    props.put("credential", "client-id:client-secret-value");
    props.put("rest.auth.oauth2.client_secret", "oauth-client-secret");
    props.put("jdbc.password", "db-password-1");
    props.put("header.Authorization", "Bearer abcdefgh");
    props.put("s3.endpoint", "http://127.0.0.1:9000");
    return props;
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "s3.secret-access-key",
        "s3.access-key-id",
        "s3.session-token",
        "token",
        "credential",
        "rest.auth.oauth2.client-secret",
        "client_secret",
        "jdbc.password",
        "PASSWORD",
        "adls.sas-token.account",
        "gcs.oauth2.token",
        "header.Authorization",
        "s3.sse.key",
        "api_key",
        "private-key"
      })
  void keysCarryingSecretsAreSecret(String key) {
    assertThat(Redaction.isSecret(key)).isTrue();
  }

  @ParameterizedTest
  @ValueSource(strings = {"uri", "warehouse", "s3.endpoint", "client.region", "type", "io-impl"})
  void ordinaryKeysAreNotSecret(String key) {
    assertThat(Redaction.isSecret(key)).isFalse();
  }

  @Test
  void redactedCopyMasksEverySecretAndKeepsTheRest() {
    Map<String, String> redacted = Redaction.redacted(catalogProperties());

    assertThat(redacted)
        .containsEntry("type", "rest")
        .containsEntry("s3.endpoint", "http://127.0.0.1:9000")
        .containsEntry("uri", "https://****@catalog.example.com/api")
        .containsEntry("s3.secret-access-key", Redaction.MASK)
        .containsEntry("token", Redaction.MASK)
        .containsEntry("credential", Redaction.MASK)
        .containsEntry("jdbc.password", Redaction.MASK)
        .containsEntry("header.Authorization", Redaction.MASK);
    assertThat(redacted.keySet()).containsExactlyElementsOf(catalogProperties().keySet());
  }

  @Test
  void protectedMapKeepsRealValuesButPrintsNoSecret() {
    Map<String, String> props = catalogProperties();
    Map<String, String> safe = Redaction.protect(props);

    assertThat(safe).isEqualTo(props);
    assertThat(safe.get("s3.secret-access-key")).isEqualTo(SECRET);
    for (String printed :
        new String[] {
          safe.toString(),
          safe.entrySet().toString(),
          safe.values().toString(),
          String.valueOf(safe.entrySet().iterator().next()),
          Map.copyOf(Redaction.redacted(safe)).toString()
        }) {
      assertThat(printed).doesNotContain(secretValues());
    }
    assertThat(safe.toString()).contains("s3.secret-access-key=****", "type=rest");
  }

  @Test
  void protectedMapIsUnmodifiable() {
    Map<String, String> safe = Redaction.protect(catalogProperties());

    assertThatThrownBy(() -> safe.put("token", "x"))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> safe.entrySet().clear())
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void scrubMasksSecretValuesInsideAText() {
    String message =
        "Cannot connect to https://admin:hunter22@catalog.example.com/api with key "
            + SECRET
            + " and token eyJhbGciOiJIUzI1NiJ9.payload in region us-east-1";

    String scrubbed = Redaction.scrub(message, catalogProperties());

    assertThat(scrubbed)
        .isEqualTo(
            "Cannot connect to https://****@catalog.example.com/api with key ****"
                + " and token **** in region us-east-1");
  }

  @Test
  void scrubLeavesShortValuesAloneSoOrdinaryWordsSurvive() {
    assertThat(Redaction.scrub("the value is true", Map.of("token-refresh-enabled", "true")))
        .isEqualTo("the value is true");
  }

  @Test
  void nullsAreHandled() {
    assertThat(Redaction.scrub(null, catalogProperties())).isNull();
    assertThat(Redaction.scrub("text", null)).isEqualTo("text");
    assertThat(Redaction.redacted(null)).isEmpty();
    assertThat(Redaction.isSecret(null)).isFalse();
    assertThat(Redaction.shown("token", null)).isNull();
  }

  private static String[] secretValues() {
    return new String[] {
      SECRET,
      "hunter22",
      "AKIAIOSFODNN7EXAMPLE",
      "FwoGZXIvYXdzEJr-session",
      "eyJhbGciOiJIUzI1NiJ9.payload",
      "client-secret-value",
      "oauth-client-secret",
      "db-password-1",
      "Bearer abcdefgh"
    };
  }
}
