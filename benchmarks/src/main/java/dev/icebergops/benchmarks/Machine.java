package dev.icebergops.benchmarks;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/** What the figures were measured on. */
final class Machine {

  private Machine() {}

  static String describe() {
    long totalMemory =
        ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
            .getTotalMemorySize();
    return String.format(
        Locale.ROOT,
        "%d cores (%s), %.1f GiB memory, %s %s (%s), %s %s; shared with other builds while"
            + " measured",
        Runtime.getRuntime().availableProcessors(),
        cpuModel(),
        totalMemory / (1024.0 * 1024 * 1024),
        System.getProperty("java.vm.name"),
        System.getProperty("java.runtime.version"),
        System.getProperty("java.vendor"),
        System.getProperty("os.name"),
        System.getProperty("os.arch"));
  }

  private static String cpuModel() {
    try {
      return Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
          .filter(l -> l.startsWith("model name"))
          .map(l -> l.substring(l.indexOf(':') + 1).trim())
          .findFirst()
          .orElse("unknown model");
    } catch (IOException | RuntimeException e) {
      return "unknown model";
    }
  }

  /** Whether a Docker daemon answers {@code docker info} within ten seconds. */
  static boolean dockerAnswers() {
    try {
      Process docker =
          new ProcessBuilder("docker", "info")
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .start();
      if (!docker.waitFor(10, TimeUnit.SECONDS)) {
        docker.destroyForcibly();
        return false;
      }
      return docker.exitValue() == 0;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
