package dev.icebergops.test.env.containers;

import java.util.List;
import java.util.Map;

/**
 * What a Docker engine and this JVM's environment say, as far as the containers environment's start
 * depends on it: read by {@link EngineProbe}, judged by {@link EngineCheck}.
 *
 * @param dockerHost the engine's address as Testcontainers reaches it, e.g. {@code
 *     unix:///var/run/docker.sock}
 * @param inContainer whether this JVM runs in a container ({@code /.dockerenv}, Testcontainers' own
 *     test)
 * @param bridgeNetwork whether the engine has its default network {@code bridge}
 * @param images the images the start needs, in order
 * @param environment this JVM's {@code TESTCONTAINERS_*} variables
 */
record EngineFacts(
    String dockerHost,
    boolean inContainer,
    boolean bridgeNetwork,
    List<Image> images,
    Map<String, String> environment) {

  static final String RYUK_DISABLED = "TESTCONTAINERS_RYUK_DISABLED";
  static final String HOST_OVERRIDE = "TESTCONTAINERS_HOST_OVERRIDE";

  EngineFacts {
    images = List.copyOf(images);
    environment = Map.copyOf(environment);
  }

  /** What an image is for the start: where it comes from, and why a pull of it failed. */
  enum Role {
    /** The REST catalog's image, the environment's own setting. */
    CATALOG,
    /** The S3 store's image, the environment's own setting. */
    S3,
    /** Testcontainers' clean-up container, unless {@code TESTCONTAINERS_RYUK_DISABLED=true}. */
    RYUK
  }

  /**
   * One image the start needs.
   *
   * @param role what it is for
   * @param name its name with tag
   * @param present whether the engine has it (before or after a pull)
   * @param pullFailure the engine's answer to a pull that failed, or null when none did or none was
   *     tried
   */
  record Image(Role role, String name, boolean present, String pullFailure) {}

  /** Whether {@code TESTCONTAINERS_RYUK_DISABLED=true} in {@code environment}. */
  static boolean ryukDisabled(Map<String, String> environment) {
    return Boolean.parseBoolean(environment.getOrDefault(RYUK_DISABLED, "false").trim());
  }
}
