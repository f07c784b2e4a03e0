package dev.icebergops.test.env.containers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CatalogEnvironmentVariablesTest {

  /** The fixture's reading of a variable (RCKUtils.environmentCatalogConfig), for comparison. */
  private static String fixtureReads(String variable) {
    return variable
        .replaceFirst("CATALOG_", "")
        .replaceAll("__", "-")
        .replaceAll("_", ".")
        .toLowerCase(Locale.ROOT);
  }

  @Test
  void dashesBecomeDoubleUnderscoresAndDotsSingleOnes() {
    assertThat(CatalogEnvironmentVariables.variableFor("s3.path-style-access"))
        .isEqualTo("CATALOG_S3_PATH__STYLE__ACCESS");
    assertThat(CatalogEnvironmentVariables.variableFor("io-impl")).isEqualTo("CATALOG_IO__IMPL");
    assertThat(CatalogEnvironmentVariables.variableFor("warehouse")).isEqualTo("CATALOG_WAREHOUSE");
    assertThat(CatalogEnvironmentVariables.variableFor("rest.port")).isEqualTo("CATALOG_REST_PORT");
  }

  @Test
  void theFixtureReadsEachVariableBackAsTheProperty() {
    List<String> properties =
        List.of(
            "warehouse",
            "io-impl",
            "s3.endpoint",
            "s3.path-style-access",
            "s3.access-key-id",
            "s3.secret-access-key",
            "client.region",
            "jdbc.schema-version",
            "catalog-impl");

    for (String property : properties) {
      assertThat(fixtureReads(CatalogEnvironmentVariables.variableFor(property)))
          .as(property)
          .isEqualTo(property);
    }
  }

  @Test
  void variablesForKeepsValuesAndOrder() {
    Map<String, String> properties = new LinkedHashMap<>();
    properties.put("warehouse", "s3://warehouse/warehouse");
    properties.put("s3.endpoint", "http://s3:9000");

    assertThat(CatalogEnvironmentVariables.variablesFor(properties))
        .containsExactly(
            Map.entry("CATALOG_WAREHOUSE", "s3://warehouse/warehouse"),
            Map.entry("CATALOG_S3_ENDPOINT", "http://s3:9000"));
  }

  @Test
  void aPropertyTheConventionCannotExpressIsRefused() {
    assertThatThrownBy(() -> CatalogEnvironmentVariables.variableFor("jdbc.max_connections"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot pass catalog property 'jdbc.max_connections' as a CATALOG_* variable: only"
                + " lower-case names without '_' can be expressed");
    assertThatThrownBy(() -> CatalogEnvironmentVariables.variableFor("s3.Endpoint"))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
