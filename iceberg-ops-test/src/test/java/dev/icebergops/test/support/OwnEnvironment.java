package dev.icebergops.test.support;

import dev.icebergops.test.Backend;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.test.env.containers.ContainersEnvironment;
import dev.icebergops.test.env.containers.Pull;
import dev.icebergops.test.env.embedded.EmbeddedEnvironment;

/**
 * An environment "a team brings", set up by hand the way a user would: in containers when the run
 * uses the containers backend ({@code -Pcontainers}), otherwise embedded; either way with a bucket
 * of its own, so a test can tell it from the extension's shared environment.
 */
public final class OwnEnvironment {
  public static final String BUCKET = "team-bucket";

  private OwnEnvironment() {}

  public static IcebergTestEnvironment create() {
    if (!"containers".equalsIgnoreCase(System.getProperty(Backend.PROPERTY, ""))) {
      return EmbeddedEnvironment.create().withBucket(BUCKET);
    }
    ContainersEnvironment containers = ContainersEnvironment.create().withBucket(BUCKET);
    String catalogImage = System.getProperty("iceberg-ops.containers.catalog-image");
    String s3Image = System.getProperty("iceberg-ops.containers.s3-image");
    if (catalogImage != null) {
      containers.withCatalogImage(catalogImage);
    }
    if (s3Image != null) {
      containers.withS3Image(s3Image);
    }
    if ("host".equals(System.getProperty("iceberg-ops.containers.network"))) {
      containers.withHostNetwork();
    }
    return containers.withPull(Pull.NEVER);
  }
}
