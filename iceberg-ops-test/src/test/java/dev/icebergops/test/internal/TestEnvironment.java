package dev.icebergops.test.internal;

import dev.icebergops.test.env.IcebergTestEnvironment;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Resolves an {@link IcebergTestEnvironment} parameter: one embedded REST catalog + S3 store per
 * test run, started on first use and closed when the run ends.
 */
final class TestEnvironment implements ParameterResolver {

  private static final ExtensionContext.Namespace NAMESPACE =
      ExtensionContext.Namespace.create(TestEnvironment.class);

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
              IcebergTestEnvironment environment = IcebergTestEnvironment.embedded();
              environment.start();
              return environment;
            },
            IcebergTestEnvironment.class);
  }
}
