package dev.icebergops.test.assertj;

import dev.icebergops.test.env.EmbeddedEnvironment;
import dev.icebergops.test.env.IcebergTestEnvironment;
import java.util.UUID;
import org.apache.iceberg.rest.RESTCatalog;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Test-only: resolves a {@link RESTCatalog} parameter from one embedded environment per JVM, kept
 * in the root store (started on first use, closed by JUnit at the end). Tests isolate themselves
 * with {@link #freshNamespace()}.
 */
final class RestCatalogResolver implements ParameterResolver {

  private static final ExtensionContext.Namespace STORE =
      ExtensionContext.Namespace.create(RestCatalogResolver.class);

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == RESTCatalog.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    return context
        .getRoot()
        .getStore(STORE)
        .getOrComputeIfAbsent("environment", key -> start(), EmbeddedEnvironment.class)
        .catalog();
  }

  /** A namespace name no other test uses; nothing is created. */
  static String freshNamespace() {
    return "assertj_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
  }

  private static EmbeddedEnvironment start() {
    EmbeddedEnvironment environment = IcebergTestEnvironment.embedded();
    environment.start();
    return environment; // AutoCloseable: the root store closes it when the run ends
  }
}
