package dev.icebergops.testing;

import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.test.env.embedded.EmbeddedEnvironment;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Resolves an {@link IcebergTestEnvironment} parameter: one embedded REST catalog + S3 store per
 * test run, started on first use and closed when the run ends.
 */
public final class SharedEnvironment implements ParameterResolver {

  private static final ExtensionContext.Namespace NAMESPACE =
      ExtensionContext.Namespace.create(SharedEnvironment.class);

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == IcebergTestEnvironment.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    return context
        .getRoot()
        .getStore(NAMESPACE)
        .getOrComputeIfAbsent(
            "environment",
            key -> {
              IcebergTestEnvironment environment = EmbeddedEnvironment.create();
              environment.start();
              return environment;
            },
            IcebergTestEnvironment.class);
  }
}
