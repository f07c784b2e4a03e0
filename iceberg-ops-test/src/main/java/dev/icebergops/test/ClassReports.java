package dev.icebergops.test;

import dev.icebergops.test.internal.SuiteReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes a test class's report (collected in its {@link ClassState} while its tests run) to the
 * build's output directory when the class is done, announced by one log message of logger {@code
 * dev.icebergops.test.MigrationSuite}: the summary, and what was checked per version.
 */
final class ClassReports {

  /** Where the reports go; a configuration parameter or system property. */
  static final String DIRECTORY = "iceberg-ops.report.dir";

  /** The suite's own logger, so that a build can show its summary and silence the rest. */
  private static final Logger LOG = LoggerFactory.getLogger(MigrationSuite.class);

  private ClassReports() {}

  /** Writes the class's report, when a standard check ran, and logs one line about it. */
  static void write(ExtensionContext classContext, SuiteReport report) {
    Class<?> testClass = classContext.getRequiredTestClass();
    if (report.isEmpty()) {
      return;
    }
    List<Path> files = report.write(directory(classContext));
    String line = "{}: standard checks {}; report {}\n{}";
    Object[] arguments = {
      title(testClass),
      report.summary(),
      files.get(1).toAbsolutePath().normalize(),
      report.versionsText()
    };
    if (report.failed()) {
      LOG.warn(line, arguments);
    } else {
      LOG.info(line, arguments);
    }
  }

  /** The class name without its package: {@code SalesMigrationsTest}, {@code Outer$Inner}. */
  static String title(Class<?> testClass) {
    String name = testClass.getName();
    return name.substring(name.lastIndexOf('.') + 1);
  }

  /** The configured directory, else Gradle's or Maven's build directory under iceberg-ops. */
  static Path directory(ExtensionContext context) {
    return context
        .getConfigurationParameter(DIRECTORY)
        .filter(value -> !value.isBlank())
        .map(Path::of)
        .orElseGet(
            () ->
                Files.exists(Path.of("build.gradle")) || Files.exists(Path.of("build.gradle.kts"))
                    ? Path.of("build", "iceberg-ops")
                    : Path.of("target", "iceberg-ops"));
  }
}
