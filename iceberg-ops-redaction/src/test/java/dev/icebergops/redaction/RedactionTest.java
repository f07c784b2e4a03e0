package dev.icebergops.redaction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
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
        "private-key",
        "s3.key-id",
        "adls.account-key",
        "azure.sas",
        "client.assume-role.session-name",
        "rest.auth.type",
        "request.signature",
        "gcs.apikey",
        "hive.passwd",
        "s3.accessKey"
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

  /**
   * Each row a key that the command line's former {@code Redactor} or {@code Redaction} masked,
   * with a value: the one rule masks it in a property listing, in a message scrubbed with the
   * properties, and in printed output.
   */
  @ParameterizedTest
  @CsvSource({
    "s3.secret-access-key, wJalrXUtnFEMI-secret",
    "s3.access-key-id, AKIAIOSFODNN7",
    "s3.session-token, FwoGZXIvYXdz",
    "token, eyJhbGciOiJ",
    "credential, client:secret",
    "rest.auth.oauth2.client_secret, oauth-secret",
    "jdbc.password, db-pass-1",
    "jdbc.passwd, db-pass-2",
    "header.Authorization, Bearer-abc",
    "s3.sse.key, sse-key-value",
    "gcs.api_key, api-key-value",
    "private-key, pk-value-1",
    "s3.key-id, key-id-value",
    "adls.account-key, acct-key-value",
    "adls.sas-token.account, sv=2021&sig",
    "azure.sas, sas-value-1",
    "client.assume-role.session-name, my-session",
    "rest.auth.type, oauth2",
    "request.signature, sig-value-1",
    "gcs.oauth2.token, ya29.token",
    "s3.accessKey, AKIA-2",
    "token, abcd"
  })
  void everyKeyEitherRuleMaskedIsMaskedEverywhere(String key, String value) {
    Map<String, String> properties = Map.of(key, value, "type", "rest");
    String text = "Cannot connect with " + value + " to the catalog";
    String masked = "Cannot connect with **** to the catalog";

    assertThat(Redaction.isSecret(key)).isTrue();
    assertThat(Redaction.redacted(properties)).containsEntry(key, Redaction.MASK);
    assertThat(Redaction.protect(properties).toString()).doesNotContain(value);
    assertThat(Redaction.scrub(text, properties)).isEqualTo(masked);
    Redaction printed = new Redaction();
    printed.addSecretsOf(properties);
    assertThat(printed.redact(text)).isEqualTo(masked);
    assertThat(printedThrough(printed, text + "\n")).isEqualTo(masked + "\n");
  }

  /** Each row a URL with user information, masked in values, scrubbed texts and printed output. */
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "https://admin:hunter22@catalog.example.com/api | https://****@catalog.example.com/api",
        "http://user@127.0.0.1:8181 | http://****@127.0.0.1:8181",
        "s3://AKIAEXAMPLE:s3cret@bucket/warehouse | s3://****@bucket/warehouse",
        "jdbc:postgresql://ops:pw-1@db:5432/catalog | jdbc:postgresql://****@db:5432/catalog",
        "thrift://metastore:9083 | thrift://metastore:9083"
      })
  void urlUserInformationIsMaskedEverywhere(String url, String shown) {
    assertThat(Redaction.shown("uri", url)).isEqualTo(shown);
    assertThat(Redaction.redacted(Map.of("uri", url))).containsEntry("uri", shown);
    assertThat(Redaction.scrub("Cannot reach " + url, Map.of())).isEqualTo("Cannot reach " + shown);
    assertThat(new Redaction().redact("uri " + url)).isEqualTo("uri " + shown);
    assertThat(printedThrough(new Redaction(), url + "\n")).isEqualTo(shown + "\n");
  }

  /**
   * Each row a text holding a signed URL (or none) and what every output shows of it: the query
   * string of a signed URL masked whole, a signing parameter outside a URL masked by value.
   */
  @ParameterizedTest
  @CsvSource(
      delimiterString = " => ",
      value = {
        // S3 SigV4 presigned GET
        "GET https://b.s3.amazonaws.com/t/data/f.parquet?X-Amz-Algorithm=AWS4-HMAC-SHA256"
            + "&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20261205%2Fus-east-1%2Fs3%2Faws4_request"
            + "&X-Amz-Date=20261205T000000Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host"
            + "&X-Amz-Signature=0f1e2d3c4b5a69788796a5b4c3d2e1f0 failed"
            + " => GET https://b.s3.amazonaws.com/t/data/f.parquet?**** failed",
        // S3 with a session token only
        "s3://b/k?X-Amz-Security-Token=FwoGZXIvYXdzEJr => s3://b/k?****",
        // GCS V4
        "https://storage.googleapis.com/b/o?X-Goog-Algorithm=GOOG4-RSA-SHA256"
            + "&X-Goog-Credential=sa%40p.iam.gserviceaccount.com%2F20261205"
            + "&X-Goog-Signature=5e4d3c2b1a => https://storage.googleapis.com/b/o?****",
        // Azure SAS
        "{\"location\":\"https://acct.blob.core.windows.net/c/b?sv=2022-11-02&se=2026-12-06"
            + "&sp=r&sig=Zm9vYmFyYmF6%3D\"} => {\"location\":\"https://acct.blob.core.windows.net/c/b?****\"}",
        // the parameter's name in another case
        "https://b.s3.amazonaws.com/k?x-amz-signature=abc123&X-AMZ-CREDENTIAL=AKIAEXAMPLE"
            + " => https://b.s3.amazonaws.com/k?****",
        // signing parameters outside a URL keep their name
        "X-Amz-Signature=abc123 does not match; Credential=AKIAEXAMPLE/2026, Signature=9f8e"
            + " => X-Amz-Signature=**** does not match; Credential=****, Signature=****",
        // no signature: left intact
        "s3://b/data/f.parquet?versionId=3 and https://h/p?a=b&mysig=1 in signature check"
            + " => s3://b/data/f.parquet?versionId=3 and https://h/p?a=b&mysig=1 in signature check"
      })
  void signedUrlsAreMaskedEverywhere(String text, String shown) {
    assertThat(Redaction.scrub(text, Map.of())).isEqualTo(shown);
    assertThat(Redaction.shown("location", text)).isEqualTo(shown);
    assertThat(Redaction.redacted(Map.of("location", text))).containsEntry("location", shown);
    assertThat(printedThrough(new Redaction(), text + "\n")).isEqualTo(shown + "\n");
    assertThat(Redaction.hasSignedUrl(text)).isEqualTo(!shown.equals(text));
    assertThat(Redaction.scrub(shown, Map.of())).as("masking twice").isEqualTo(shown);
  }

  @Test
  void valuesAddedOnTheirOwnAreMaskedInEachLineLongestFirst() {
    Redaction printed = new Redaction();
    printed.addSecret("t0ken");
    printed.addSecret("t0ken-value");
    printed.addSecret("abc"); // too short: would mangle ordinary words
    printed.addSecret(null);

    assertThat(printedThrough(printed, "uri t0ken-value and t0ken, abc\nno newline t0ken"))
        .isEqualTo("uri **** and ****, abc\nno newline ****");
  }

  @Test
  void flagsOfSecretKeysAreNotMaskedInTextButAreInListings() {
    Map<String, String> properties = Map.of("token-refresh-enabled", "true", "sasl", "false");
    Redaction printed = new Redaction();
    printed.addSecretsOf(properties);

    assertThat(printed.redact("enabled: true, false")).isEqualTo("enabled: true, false");
    assertThat(Redaction.redacted(properties))
        .containsEntry("token-refresh-enabled", Redaction.MASK)
        .containsEntry("sasl", Redaction.MASK);
  }

  private static String printedThrough(Redaction redaction, String text) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = redaction.wrap(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    out.print(text);
    out.flush();
    return bytes.toString(StandardCharsets.UTF_8);
  }
}
