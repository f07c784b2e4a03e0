package dev.icebergops.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The property changes a preview or drift check shows never carry a secret value. */
class TableShapesTest {

  @Test
  void secretPropertyValuesAndUrlCredentialsAreMasked() {
    assertThat(
            TableShapes.properties(
                Map.of("rest.auth.token", "old-token-value", "comment", "plain"),
                Map.of(
                    "rest.auth.token",
                    "new-token-value",
                    "s3.secret-access-key",
                    "abcdefgh",
                    "source",
                    "https://user:hunter22@example.com/data",
                    "comment",
                    "plain")))
        .containsExactly(
            "changed rest.auth.token: **** -> ****",
            "set s3.secret-access-key = ****",
            "set source = https://****@example.com/data");
  }
}
