package dev.icebergops.test.env.containers;

import dev.icebergops.test.env.containers.EngineFacts.Image;
import dev.icebergops.test.env.containers.EngineFacts.Role;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Decides, from what the engine reports ({@link EngineFacts}), which settings a containers start
 * lacks, before Testcontainers fails on them slowly or obscurely: on an engine without a bridge
 * network, "network bridge not found" (the Docker host looked up on that network from inside a
 * container) and a clean-up container that cannot be reached; without registry access, minutes of
 * pull retries before {@code ContainerFetchException}.
 */
final class EngineCheck {

  private EngineCheck() {}

  /**
   * Reads the engine's facts for a start with these images and fails when settings are missing.
   *
   * @throws SettingsMissing naming each missing setting and why
   */
  static void require(String catalogImage, String s3Image, Pull pull, Duration pullTimeout) {
    Map<Role, String> images = new LinkedHashMap<>();
    images.put(Role.CATALOG, catalogImage);
    images.put(Role.S3, s3Image);
    String missing = describe(EngineProbe.read(images, pull, System.getenv(), pullTimeout), pull);
    if (missing != null) {
      throw new SettingsMissing(missing);
    }
  }

  /** The check's failure: its message says all, pull policy included. */
  static final class SettingsMissing extends IllegalStateException {
    SettingsMissing(String message) {
      super(message);
    }
  }

  /**
   * The settings to add, each with its reason; empty when the start can go ahead.
   *
   * @param facts what the engine and the environment report
   * @param pull the environment's pull policy
   */
  static List<String> missingSettings(EngineFacts facts, Pull pull) {
    List<String> missing = new ArrayList<>();
    String host = facts.dockerHost();
    if (!facts.bridgeNetwork()
        && facts.inContainer()
        && (host.startsWith("unix:") || host.startsWith("npipe:")) // a local socket
        && facts.environment().getOrDefault(EngineFacts.HOST_OVERRIDE, "").isBlank()) {
      missing.add(
          EngineFacts.HOST_OVERRIDE
              + "=127.0.0.1 (the address of the engine's host-network containers as this JVM"
              + " reaches them): this JVM runs in a container, so Testcontainers looks for the"
              + " Docker host on the engine's bridge network, which this engine has not"
              + " (\"network bridge not found\")");
    }
    for (Image image : facts.images()) {
      if (image.role() == Role.RYUK) {
        ryuk(facts, image).ifPresent(missing::add);
      } else {
        ownImage(image, pull).ifPresent(missing::add);
      }
    }
    return missing;
  }

  /** The message for {@link #missingSettings}, or null when nothing is missing. */
  static String describe(EngineFacts facts, Pull pull) {
    List<String> missing = missingSettings(facts, pull);
    if (missing.isEmpty()) {
      return null;
    }
    StringBuilder message =
        new StringBuilder("the Docker engine at ")
            .append(facts.dockerHost())
            .append(" needs settings this run does not have:");
    missing.forEach(line -> message.append("\n  - ").append(line));
    if (missing.stream().anyMatch(line -> line.startsWith("TESTCONTAINERS_"))) {
      message.append(
          "\nTestcontainers reads TESTCONTAINERS_* from the environment only: set them where the"
              + " tests' JVM starts (Surefire's <environmentVariables>, the CI job's env).");
    }
    return message.toString();
  }

  private static Optional<String> ryuk(EngineFacts facts, Image ryuk) {
    if (EngineFacts.ryukDisabled(facts.environment())) {
      return Optional.empty();
    }
    String setting = EngineFacts.RYUK_DISABLED + "=true (the environment stops its own containers)";
    if (!facts.bridgeNetwork()) {
      return Optional.of(
          ("%s: Testcontainers' clean-up container %s runs on the bridge network, which this"
                  + " engine has not, and cannot be reached")
              .formatted(setting, ryuk.name()));
    }
    if (!ryuk.present() && ryuk.pullFailure() != null) {
      return Optional.of(
          "%s, or load %s on the engine: it cannot be pulled (%s)"
              .formatted(setting, ryuk.name(), ryuk.pullFailure()));
    }
    return Optional.empty();
  }

  private static Optional<String> ownImage(Image image, Pull pull) {
    String use =
        image.role() == Role.CATALOG
            ? "iceberg-ops.containers.catalog-image (withCatalogImage)"
            : "iceberg-ops.containers.s3-image (withS3Image)";
    if (!image.present() && pull == Pull.NEVER) {
      return Optional.of(
          ("%s naming an image the engine has, or build or load %s there: it is not on the engine"
                  + " and images are never pulled")
              .formatted(use, image.name()));
    }
    if (image.pullFailure() != null) {
      return Optional.of(
          ("%s naming an image the engine has, or iceberg-ops.containers.pull=never"
                  + " (withPull(Pull.NEVER)) after building or loading %s there: it cannot be"
                  + " pulled (%s)")
              .formatted(use, image.name(), image.pullFailure()));
    }
    return Optional.empty();
  }
}
