package dev.icebergops.testing;

import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.test.env.embedded.EmbeddedEnvironment;
import java.util.UUID;
import org.apache.iceberg.rest.RESTCatalog;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Resolves an {@link IcebergTestEnvironment} parameter, or its {@link RESTCatalog}: one embedded
 * REST catalog + S3 store per test run, kept in the root store, started on first use and closed
 * when the run ends. The tests of every module above the core use it (this package is the core's
 * test jar); they isolate themselves with their own namespaces, such as {@link #freshName(String)}.
 */
public final class SharedEnvironment implements ParameterResolver {

  private static final ExtensionContext.Namespace NAMESPACE =
      ExtensionContext.Namespace.create(SharedEnvironment.class);

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    return type == IcebergTestEnvironment.class || type == RESTCatalog.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    IcebergTestEnvironment environment = environment(context);
    return parameter.getParameter().getType() == RESTCatalog.class
        ? environment.catalog()
        : environment;
  }

  /** A name no other test uses, such as {@code sales_3f2a9c0b41de}; nothing is created. */
  public static String freshName(String prefix) {
    return prefix + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
  }

  private static IcebergTestEnvironment environment(ExtensionContext context) {
    return context
        .getRoot()
        .getStore(NAMESPACE)
        .getOrComputeIfAbsent(
            "environment",
            key -> {
              IcebergTestEnvironment environment = EmbeddedEnvironment.create();
              environment.start();
              return environment; // AutoCloseable: the root store closes it when the run ends
            },
            IcebergTestEnvironment.class);
  }
}
