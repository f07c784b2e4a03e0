package dev.icebergops.test;

import static dev.icebergops.test.SuiteLog.LOG;

import dev.icebergops.test.internal.CheckReport;
import dev.icebergops.test.internal.CheckSettings;
import dev.icebergops.test.internal.ContractLocation;
import dev.icebergops.test.internal.StandardCheck;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.TreeSet;
import java.util.UUID;
import java.util.function.Supplier;
import org.apache.iceberg.relocated.com.google.common.base.Suppliers;

/**
 * The standard checks' passing verdicts kept between runs, beside the templates ({@link
 * TemplateCache}): a check whose inputs did not change since a run where it passed is reported
 * passed from the cache, naming that run, and the shared journey is not walked for it. The entry is
 * named by the hash of everything that determines the verdicts: each migration (baselines too) with
 * its version, checksum and declarations ({@code @Destructive}, which the checksum leaves out), the
 * contracts' location and content, the checks' settings (allowed irreversible versions, {@code
 * downTo}, strict field ids), and what names a template's entry (the toolkit's and Iceberg's
 * versions, the catalog's table defaults) with the test environment's kind (embedded, containers)
 * as its backend. A failing verdict is never kept. A class that starts from a snapshot, has a
 * factory of its own or declares backfills (code the key cannot see) is never served.
 *
 * @param entry the entry's directory, named on first use; null when it cannot be named
 */
record SuiteVerdicts(SuiteConfig config, Supplier<Path> entry) {

  /** A kept verdict and the run that gave it. */
  private record Kept(CheckReport report, String run) implements Serializable {}

  /**
   * The verdicts of the class of {@code config} in the environment {@code backend} names (its
   * class), or null when the class is never served; the entry's directory is named on first use.
   */
  static SuiteVerdicts of(
      TemplateCache cache, SuiteConfig config, SuiteRunners runners, String backend) {
    return cache == null
            || config.ownFactory()
            || config.startFrom() != null
            || !config.backfills().isEmpty()
        ? null
        : new SuiteVerdicts(
            config, Suppliers.memoize(() -> entry(cache, config, runners, backend)));
  }

  /** The passing verdict of {@code check} an earlier run kept for the same inputs, if any. */
  Optional<CheckReport> load(StandardCheck check) {
    Path file = file(check);
    if (file == null || !Files.isRegularFile(file)) {
      return Optional.empty();
    }
    try (ObjectInputStream in = new ObjectInputStream(Files.newInputStream(file))) {
      Kept kept = (Kept) in.readObject();
      return Optional.of(kept.report().fromCache(kept.run()));
    } catch (IOException | ClassNotFoundException | RuntimeException e) {
      LOG.warn("Cannot use the kept verdict {}: {}; the check runs", file, e.toString());
      delete(file); // the check's verdict is kept anew when it passes
      return Optional.empty();
    }
  }

  private static void delete(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException ignored) {
      // a file that cannot be deleted cannot be replaced either: the check runs every time
    }
  }

  /** Keeps {@code report} when it passed and is not kept yet: written whole, then moved in. */
  void store(CheckReport report) {
    Path file = file(report.check());
    if (file == null || !report.passed() || report.cachedFrom().isPresent() || Files.exists(file)) {
      return;
    }
    Path staging = file.resolveSibling(file.getFileName() + "." + UUID.randomUUID() + ".tmp");
    String run =
        "the run of "
            + config.testClass().getSimpleName()
            + " at "
            + Instant.now().truncatedTo(ChronoUnit.SECONDS);
    try {
      Files.createDirectories(file.getParent());
      try (ObjectOutputStream out = new ObjectOutputStream(Files.newOutputStream(staging))) {
        out.writeObject(new Kept(report, run));
      }
      Files.move(staging, file, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException | RuntimeException e) {
      LOG.warn("Cannot keep the {} check's verdict in {}: {}", report.check(), file, e.toString());
      delete(staging);
    }
  }

  private Path file(StandardCheck check) {
    Path named = entry.get();
    return named == null ? null : named.resolve(check + ".bin");
  }

  /** The entry's directory, or null when the migrations or contracts cannot be read. */
  private static Path entry(
      TemplateCache cache, SuiteConfig config, SuiteRunners runners, String backend) {
    try {
      CheckSettings settings = config.checkSettings();
      StringBuilder text =
          new StringBuilder(
              "verdicts 1\n%s\nirreversible=%s downTo=%s strictFieldIds=%s\ncontracts=%s"
                  .formatted(
                      runners.chain(null),
                      new TreeSet<>(settings.allowedIrreversible()),
                      settings.downTo(),
                      settings.strictFieldIds(),
                      config.contracts()));
      if (!config.contracts().isBlank()) {
        ContractLocation.of(config.contracts())
            .entries()
            .forEach(c -> text.append('\n').append(c.file()).append('=').append(c.contract()));
      }
      String name = cache.entryName(text.toString(), runners.catalog(), backend);
      return cache.dir().resolve("verdicts").resolve(name);
    } catch (RuntimeException e) {
      LOG.debug("No kept verdicts for {}: {}", config.testClass().getSimpleName(), e.toString());
      return null; // the checks meet what cannot be read and report it; nothing is kept
    }
  }
}
