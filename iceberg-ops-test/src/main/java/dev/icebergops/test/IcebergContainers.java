package dev.icebergops.test;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Configures the containers of {@link Backend#CONTAINERS} for a test class that uses {@link
 * IcebergMigrations} (or the extension's builder). Every attribute is overridden, for the whole
 * run, by the configuration parameter or system property {@code iceberg-ops.containers.<name>} and
 * then by the environment variable {@code ICEBERG_OPS_CONTAINERS_<NAME>}: for example {@code
 * -Diceberg-ops.containers.catalog-image=...} or {@code ICEBERG_OPS_CONTAINERS_NETWORK=host}.
 *
 * <pre>{@code
 * @IcebergMigrations(locations = "classpath:com/acme/sales/db/iceberg", backend = Backend.CONTAINERS)
 * @IcebergContainers(catalogImage = "registry.acme.com/iceberg-rest-fixture:1.11.0",
 *     catalogEnv = "CATALOG_JDBC_SCHEMA__VERSION=V1")
 * class SalesMigrationsTest implements MigrationSuite {}
 * }</pre>
 *
 * <p>Classes with the same resolved settings share one pair of containers per run.
 *
 * <p>An engine without a {@code bridge} network or without registry access also needs settings that
 * Testcontainers reads from the environment only ({@code TESTCONTAINERS_RYUK_DISABLED=true}, {@code
 * TESTCONTAINERS_HOST_OVERRIDE}); the start checks the engine first and fails naming every setting
 * that is missing, these and {@code network}, {@code pull} and the images alike.
 */
@Target({ElementType.TYPE, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
public @interface IcebergContainers {

  /**
   * The REST catalog image ({@code catalog-image}); {@code apache/iceberg-rest-fixture} if empty.
   */
  String catalogImage() default "";

  /** The MinIO or MinIO-compatible image ({@code s3-image}); a pinned MinIO if empty. */
  String s3Image() default "";

  /** The store's access key ({@code access-key}), also given to the catalog and the clients. */
  String accessKey() default "";

  /** The store's secret key ({@code secret-key}). */
  String secretKey() default "";

  /**
   * Extra variables of the catalog container, {@code NAME=value} each ({@code catalog-env}, comma
   * separated there).
   */
  String[] catalogEnv() default {};

  /**
   * {@code bridge} (the default) or {@code host} ({@code network}), for Docker without a bridge.
   */
  String network() default "";

  /** Seconds each container may take to start ({@code startup-timeout}); 0 for two minutes. */
  int startupTimeoutSeconds() default 0;

  /**
   * When images are pulled ({@code pull}): {@code missing} (the default), {@code never}, {@code
   * always}.
   */
  String pull() default "";
}
