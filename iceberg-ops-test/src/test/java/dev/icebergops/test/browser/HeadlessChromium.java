package dev.icebergops.test.browser;

import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;

/**
 * Debian's Chromium, run headless on a local file: its rendered DOM and a screenshot. Used by the
 * browser tests ({@code mvn -Pbrowser verify}), which fail when Chromium is not installed.
 *
 * <pre>{@code
 * String dom = HeadlessChromium.find().dumpDom(report);
 * BufferedImage picture = HeadlessChromium.find().screenshot(report, 1400, 1000);
 * }</pre>
 */
public final class HeadlessChromium {

  /**
   * The hang bound of docs/reliability.md ("Under load"), so that a hung browser fails the test
   * instead of hanging the build: far beyond a slow render on a loaded machine.
   */
  private static final long WAIT_MINUTES = 10;

  private final Path executable;

  private HeadlessChromium(Path executable) {
    this.executable = executable;
  }

  /**
   * Finds Chromium: {@code $CHROMIUM}, else {@code chromium} or {@code chromium-browser} on the
   * PATH.
   *
   * @throws AssertionError when there is none, naming how to install it
   */
  public static HeadlessChromium find() {
    Optional<Path> explicit =
        Optional.ofNullable(System.getenv("CHROMIUM")).filter(s -> !s.isBlank()).map(Path::of);
    return new HeadlessChromium(
        explicit
            .or(() -> onPath("chromium"))
            .or(() -> onPath("chromium-browser"))
            .orElseThrow(
                () ->
                    new AssertionError(
                        "Cannot run the browser tests: Chromium is not installed (apt-get install"
                            + " chromium, or set CHROMIUM to its executable)")));
  }

  private static Optional<Path> onPath(String name) {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      Path candidate = Path.of(dir, name);
      if (Files.isExecutable(candidate)) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }

  /** The DOM of a page after it rendered. */
  public String dumpDom(Path page) {
    return new String(run(List.of("--dump-dom", page.toUri().toString())), StandardCharsets.UTF_8);
  }

  /** A screenshot of a page in a window of the given size. */
  public BufferedImage screenshot(Path page, int width, int height) {
    try {
      Path png = Files.createTempFile("iceberg-ops-report", ".png");
      run(
          List.of(
              "--window-size=" + width + "," + height,
              "--screenshot=" + png,
              "--hide-scrollbars",
              page.toUri().toString()));
      BufferedImage image = ImageIO.read(png.toFile());
      Files.delete(png);
      if (image == null) {
        throw new AssertionError("Chromium wrote no screenshot of " + page);
      }
      return image;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private byte[] run(List<String> arguments) {
    Path profile = null;
    try {
      profile = Files.createTempDirectory("chromium-profile");
      List<String> command = new ArrayList<>();
      command.add(executable.toString());
      command.addAll(
          List.of(
              "--headless",
              "--no-sandbox",
              "--disable-gpu",
              "--disable-quic",
              "--no-first-run",
              "--disable-background-networking",
              "--disable-component-update",
              "--disable-sync",
              "--user-data-dir=" + profile));
      command.addAll(arguments);
      Path log = profile.resolve("chromium.log");
      Process process = new ProcessBuilder(command).redirectError(log.toFile()).start();
      byte[] out = process.getInputStream().readAllBytes();
      if (!process.waitFor(WAIT_MINUTES, TimeUnit.MINUTES)) {
        process.destroyForcibly();
        throw new AssertionError("Chromium did not finish within " + WAIT_MINUTES + " min");
      }
      if (process.exitValue() != 0) {
        throw new AssertionError(
            "Chromium exited with " + process.exitValue() + ":\n" + Files.readString(log));
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("Interrupted while Chromium ran", e);
    } finally {
      deleteQuietly(profile);
    }
  }

  /** Deletes the fresh profile Chromium ran with; what cannot be deleted stays in the temp dir. */
  private static void deleteQuietly(Path directory) {
    if (directory == null) {
      return;
    }
    try (java.util.stream.Stream<Path> paths = Files.walk(directory)) {
      paths.sorted(java.util.Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
    } catch (IOException e) {
      // a left-over temporary profile is harmless
    }
  }

  /** How many pixels of an image are close to a colour. */
  public static int pixelsNear(BufferedImage image, int rgb) {
    int count = 0;
    for (int y = 0; y < image.getHeight(); y++) {
      for (int x = 0; x < image.getWidth(); x++) {
        int p = image.getRGB(x, y);
        if (Math.abs(((p >> 16) & 0xff) - ((rgb >> 16) & 0xff)) < 12
            && Math.abs(((p >> 8) & 0xff) - ((rgb >> 8) & 0xff)) < 12
            && Math.abs((p & 0xff) - (rgb & 0xff)) < 12) {
          count++;
        }
      }
    }
    return count;
  }
}
