package dev.icebergops.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.state.TableDiff;
import dev.icebergops.state.TableState;
import java.util.Map;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.TableMetadata;
import org.junit.jupiter.api.Test;

/** The property changes a preview or drift check shows never carry a secret value. */
class PreviewPropertiesTest {

  @Test
  void secretPropertyValuesAndUrlCredentialsAreMasked() {
    TableState before = state(Map.of("rest.auth.token", "old-token-value", "comment", "plain"));
    TableState after =
        state(
            Map.of(
                "rest.auth.token",
                "new-token-value",
                "s3.secret-access-key",
                "abcdefgh",
                "source",
                "https://user:hunter22@example.com/data",
                "comment",
                "plain"));

    TableChange change = TableChange.of(new TableDiff(TableChange.Kind.CHANGED, before, after));

    assertThat(change.properties())
        .containsExactly(
            "changed rest.auth.token: **** -> ****",
            "set s3.secret-access-key = ****",
            "set source = https://****@example.com/data");
  }

  private static TableState state(Map<String, String> properties) {
    TableMetadata metadata =
        TableMetadata.newTableMetadata(
            PreviewFixtures.ORDERS, PartitionSpec.unpartitioned(), "s3://b/t", Map.of());
    TableState state = TableState.of("ns.t", metadata);
    return state.comparedAs(state.uuid(), state.location(), state.schema(), properties);
  }
}
