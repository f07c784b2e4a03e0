package dev.icebergops.test;

import static dev.icebergops.test.SuiteLog.LOG;

import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.test.env.containers.ContainersEnvironment;
import dev.icebergops.test.env.embedded.EmbeddedEnvironment;
import java.util.function.Supplier;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The environments of a run, in JUnit's root store: one per backend and settings (or per
 * environment a builder supplied), started on first use and closed when the run ends.
 *
 * <p>Each backend's classes come from its own artifact ({@link BackendModule}); nothing here
 * touches them before {@link BackendModule#present()} has found them.
 */
final class Environments {
  /** Where the run's environments are, in JUnit's root store. */
  private static final ExtensionContext.Namespace STORE =
      ExtensionContext.Namespace.create(Environments.class);

  private Environments() {}

  /**
   * The run's environment for {@code backend}; {@link Backend#AUTO} is decided once per run.
   *
   * @throws ExtensionConfigurationException for a backend whose artifact is not on the class path,
   *     for {@link Backend#CONTAINERS} without Docker, or with invalid containers settings
   */
  static IcebergTestEnvironment forBackend(
      ExtensionContext context, Backend backend, Class<?> testClass) {
    Backend resolved = backend == Backend.AUTO ? auto(context) : backend;
    if (resolved == Backend.EMBEDDED) {
      BackendModule.EMBEDDED.require(testClass);
      return shared(context, Backend.EMBEDDED, EmbeddedEnvironment::create);
    }
    BackendModule.CONTAINERS.require(testClass);
    ContainersSettings settings = ContainersSettings.of(context, testClass);
    return shared(
        context,
        settings,
        () -> {
          if (!ContainersEnvironment.dockerAvailable()) {
            throw noDocker(testClass);
          }
          return settings.newEnvironment();
        });
  }

  /** The environment a builder supplied: started on first use, closed when the run ends. */
  static IcebergTestEnvironment supplied(ExtensionContext context, IcebergTestEnvironment given) {
    return shared(context, new Supplied(given), () -> given);
  }

  private static Backend auto(ExtensionContext context) {
    return context
        .getRoot()
        .getStore(STORE)
        .getOrComputeIfAbsent(
            Backend.AUTO,
            key -> {
              if (!BackendModule.CONTAINERS.present()) {
                LOG.info(
                    "Backend auto: {} is not on the class path, using embedded",
                    BackendModule.CONTAINERS.artifact());
                return Backend.EMBEDDED;
              }
              boolean docker = ContainersEnvironment.dockerAvailable();
              LOG.info(
                  "Backend auto: {}",
                  docker
                      ? "a Docker engine answers, using containers"
                      : "no Docker engine answers, using embedded");
              return docker ? Backend.CONTAINERS : Backend.EMBEDDED;
            },
            Backend.class);
  }

  private static IcebergTestEnvironment shared(
      ExtensionContext context, Object key, Supplier<IcebergTestEnvironment> create) {
    return context
        .getRoot()
        .getStore(STORE)
        .getOrComputeIfAbsent(key, k -> Started.start(create.get()), Started.class)
        .environment();
  }

  static ExtensionConfigurationException noDocker(Class<?> testClass) {
    return new ExtensionConfigurationException(
        ("Cannot use the containers backend for %s: no Docker engine answers (checked"
                + " DOCKER_HOST, /var/run/docker.sock and ~/.testcontainers.properties). Start"
                + " Docker, or switch backend with @IcebergMigrations(backend = Backend.EMBEDDED)"
                + " or Backend.AUTO, -D%s=embedded, or %s=embedded")
            .formatted(testClass.getName(), Backend.PROPERTY, Backend.ENV));
  }

  /** A key that tells supplied environments apart by identity. */
  private record Supplied(IcebergTestEnvironment environment) {
    @Override
    public boolean equals(Object other) {
      return other instanceof Supplied s && s.environment == environment;
    }

    @Override
    public int hashCode() {
      return System.identityHashCode(environment);
    }
  }

  /**
   * A started environment that the store closes at the end of the run: as a {@code
   * CloseableResource} on every JUnit 5 version, and as an {@link AutoCloseable} on 5.13 and later
   * (closing twice is harmless).
   */
  @SuppressWarnings("deprecation") // CloseableResource: the only way JUnit 5 before 5.13 closes
  private record Started(IcebergTestEnvironment environment)
      implements ExtensionContext.Store.CloseableResource, AutoCloseable {

    static Started start(IcebergTestEnvironment environment) {
      environment.start();
      return new Started(environment);
    }

    @Override
    public void close() {
      environment.close();
    }
  }
}
