package dev.icebergops.test;

import dev.icebergops.test.internal.NamespaceShape;
import dev.icebergops.test.internal.SuiteReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the tests of one class share in the root store: the report, collected while they run and
 * written to the build's output directory when the class is done (announced by one log message of
 * logger {@code dev.icebergops.test.MigrationSuite}: the summary, and what was checked per
 * version), and the shapes at allowed irreversible versions.
 */
final class ClassReports {

  /** Where the reports go; a configuration parameter or system property. */
  static final String DIRECTORY = "iceberg-ops.report.dir";

  /** The suite's own logger, so that a build can show its summary and silence the rest. */
  private static final Logger LOG = LoggerFactory.getLogger(MigrationSuite.class);

  private static final ExtensionContext.Namespace STORE =
      ExtensionContext.Namespace.create(ClassReports.class);

  private ClassReports() {}

  /** The report of the context's test class. */
  static SuiteReport of(ExtensionContext context) {
    Class<?> testClass = context.getRequiredTestClass();
    return context
        .getRoot()
        .getStore(STORE)
        .getOrComputeIfAbsent(testClass, c -> new SuiteReport(title(testClass)), SuiteReport.class);
  }

  /** The shapes at allowed irreversible versions that the class's tests share. */
  @SuppressWarnings("unchecked")
  static Map<String, NamespaceShape> irreversibleBaselines(ExtensionContext context) {
    Class<?> testClass = context.getRequiredTestClass();
    return context
        .getRoot()
        .getStore(STORE)
        .getOrComputeIfAbsent(
            List.of(testClass, "baselines"),
            key -> new ConcurrentHashMap<String, NamespaceShape>(),
            Map.class);
  }

  /** Writes the class's report, when a standard check ran, and logs one line about it. */
  static void write(ExtensionContext classContext) {
    Class<?> testClass = classContext.getRequiredTestClass();
    SuiteReport report =
        classContext.getRoot().getStore(STORE).remove(testClass, SuiteReport.class);
    if (report == null || report.isEmpty()) {
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
  private static String title(Class<?> testClass) {
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
