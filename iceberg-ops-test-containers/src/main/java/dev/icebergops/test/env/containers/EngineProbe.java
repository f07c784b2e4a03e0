package dev.icebergops.test.env.containers;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.PullResponseItem;
import dev.icebergops.test.env.containers.EngineFacts.Image;
import dev.icebergops.test.env.containers.EngineFacts.Role;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.dockerclient.DockerClientProviderStrategy;
import org.testcontainers.dockerclient.TransportConfig;
import org.testcontainers.utility.DockerImageName;
import org.testcontainers.utility.ImageNameSubstitutor;

/**
 * Reads {@link EngineFacts} from the Docker engine Testcontainers chose, through a client of its
 * own: without Testcontainers' {@code DockerClientFactory.client()}, which looks the Docker host up
 * and starts the clean-up container before anything can be said about either. A missing image that
 * would be pulled is pulled here, once: when that fails, the engine's answer is the fact.
 */
final class EngineProbe {

  /**
   * The clean-up container's image as Testcontainers' {@code RyukContainer} names it, before the
   * substitutions of {@code ~/.testcontainers.properties} ({@code ryuk.container.image}, {@code
   * hub.image.name.prefix}); {@code EngineProbeTest} checks it against the Testcontainers jar.
   */
  static final String RYUK_IMAGE = "testcontainers/ryuk:0.14.0";

  private EngineProbe() {}

  /**
   * Whether Testcontainers finds an engine that answers, without starting anything on it.
   *
   * @return false when no configured engine answers
   */
  static boolean engineAnswers() {
    try {
      DockerClientFactory.instance().getTransportConfig();
      return true;
    } catch (IllegalStateException e) {
      return false;
    }
  }

  /**
   * Reads the facts for a start with these images.
   *
   * @param ownImages the environment's images by role, {@link Role#CATALOG} and {@link Role#S3}
   * @param pull the environment's pull policy
   * @param environment this JVM's environment variables
   * @param pullTimeout how long to wait for a pull before leaving it to Testcontainers
   * @throws IllegalStateException if no engine answers
   */
  static EngineFacts read(
      Map<Role, String> ownImages,
      Pull pull,
      Map<String, String> environment,
      Duration pullTimeout) {
    TransportConfig transport = DockerClientFactory.instance().getTransportConfig();
    Map<String, String> testcontainers = new LinkedHashMap<>(environment);
    testcontainers.keySet().removeIf(name -> !name.startsWith("TESTCONTAINERS_"));
    try (DockerClient client = DockerClientProviderStrategy.getClientForConfig(transport)) {
      List<Image> images = new ArrayList<>();
      ownImages.forEach(
          (role, name) -> images.add(image(client, role, name, pull != Pull.NEVER, pullTimeout)));
      if (!EngineFacts.ryukDisabled(testcontainers)) {
        String ryuk =
            ImageNameSubstitutor.instance()
                .apply(DockerImageName.parse(RYUK_IMAGE))
                .asCanonicalNameString();
        images.add(image(client, Role.RYUK, ryuk, true, pullTimeout));
      }
      return new EngineFacts(
          transport.getDockerHost().toString(),
          Files.exists(Path.of("/.dockerenv")),
          hasBridgeNetwork(client),
          images,
          testcontainers);
    } catch (IOException e) {
      throw new IllegalStateException("Cannot close the Docker client: " + e.getMessage(), e);
    }
  }

  private static boolean hasBridgeNetwork(DockerClient client) {
    return client.listNetworksCmd().withNameFilter("bridge").exec().stream()
        .anyMatch(network -> "bridge".equals(network.getName()));
  }

  /** The image's state: present, or pulled now, or the engine's answer to the pull. */
  private static Image image(
      DockerClient client, Role role, String name, boolean pullable, Duration timeout) {
    if (present(client, name)) {
      return new Image(role, name, true, null);
    }
    if (!pullable) {
      return new Image(role, name, false, null);
    }
    DockerImageName image = DockerImageName.parse(name);
    try (PullAttempt pulling =
        client
            .pullImageCmd(image.getUnversionedPart())
            .withTag(image.getVersionPart())
            .exec(new PullAttempt())) {
      boolean done = pulling.awaitCompletion(timeout.toMillis(), TimeUnit.MILLISECONDS);
      if (pulling.failure != null) {
        return new Image(role, name, false, pulling.failure);
      }
      return new Image(role, name, done && present(client, name), null);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Image(role, name, false, null);
    } catch (IOException e) {
      return new Image(role, name, present(client, name), null);
    }
  }

  /**
   * One pull, whose failure is a fact to report, not an error to log: the engine's message, from an
   * error response ({@code Status 500: {"message":"..."}}) or from the pull's progress stream.
   */
  private static final class PullAttempt extends ResultCallback.Adapter<PullResponseItem> {
    private static final Pattern ENGINE_MESSAGE =
        Pattern.compile("\\{\"message\":\"(.*)\"}\\s*$", Pattern.DOTALL);

    private volatile String failure;

    @Override
    public void onNext(PullResponseItem item) {
      if (item.getErrorDetail() != null && item.getErrorDetail().getMessage() != null) {
        failure = item.getErrorDetail().getMessage();
      } else if (item.getError() != null) {
        failure = item.getError();
      }
    }

    @Override
    public void onError(Throwable error) {
      String message = String.valueOf(error.getMessage()).trim();
      Matcher engine = ENGINE_MESSAGE.matcher(message);
      failure = engine.find() ? engine.group(1).replace("\\\"", "\"") : message;
      try {
        close();
      } catch (IOException e) {
        // the stream is gone with the failed request
      }
    }
  }

  private static boolean present(DockerClient client, String name) {
    try {
      client.inspectImageCmd(name).exec();
      return true;
    } catch (NotFoundException e) {
      return false;
    }
  }
}
