package dev.icebergops.test;

import dev.icebergops.migration.MigrationFactory;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.test.internal.ExpectedBackfill;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What {@link IcebergMigrationsExtension#builder()} was given: the attributes of an {@link
 * IcebergMigrations} (read through the same checks as the annotation; an attribute not given has
 * its default) plus what an annotation cannot say.
 *
 * @param configuration the annotation's attributes
 * @param environment the environment to use instead of a backend's, or null
 * @param factory creates migration instances
 * @param metaNamespace the history namespace every test shares, or null for one per test
 * @param backfills the backfills declared with lambdas, besides the annotation's
 */
record ProgrammaticConfiguration(
    IcebergMigrations configuration,
    IcebergTestEnvironment environment,
    MigrationFactory factory,
    String metaNamespace,
    List<ExpectedBackfill> backfills) {

  ProgrammaticConfiguration {
    backfills = List.copyOf(backfills);
  }

  /** An {@link IcebergMigrations} whose attributes are {@code values}, or else their defaults. */
  static IcebergMigrations annotation(Map<String, Object> values) {
    Map<String, Object> attributes = Map.copyOf(values);
    return (IcebergMigrations)
        Proxy.newProxyInstance(
            IcebergMigrations.class.getClassLoader(),
            new Class<?>[] {IcebergMigrations.class},
            (proxy, method, args) -> attribute(attributes, proxy, method, args));
  }

  private static Object attribute(
      Map<String, Object> attributes, Object proxy, Method method, Object[] args) {
    return switch (method.getName()) {
      case "annotationType" -> IcebergMigrations.class;
      case "equals" -> proxy == args[0];
      case "hashCode" -> System.identityHashCode(proxy);
      case "toString" -> "IcebergMigrationsExtension.builder()" + attributes;
      default ->
          Objects.requireNonNullElse(attributes.get(method.getName()), method.getDefaultValue());
    };
  }
}
