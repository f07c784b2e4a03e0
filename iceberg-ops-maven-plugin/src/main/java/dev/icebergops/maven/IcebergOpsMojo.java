package dev.icebergops.maven;

import dev.icebergops.config.ConfigLoader;
import dev.icebergops.config.IcebergOpsConfig;
import dev.icebergops.redaction.Redaction;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.runner.MigrationValidationException;
import dev.icebergops.tooling.Errors;
import dev.icebergops.tooling.ToolSession;
import java.io.File;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.maven.artifact.DependencyResolutionRequiredException;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

/**
 * What every goal shares: the settings (the POM's laid over {@code iceberg-ops.yaml}'s, through the
 * command line's own loader), the project's run-time class path for the migrations, the catalog,
 * the runner, and a build log with the secrets masked. A goal that fails throws the runner's
 * message, masked, without its cause: Maven shows it with no stack trace.
 */
abstract class IcebergOpsMojo extends AbstractMojo {

  @Parameter(defaultValue = "${project}", readonly = true, required = true)
  MavenProject project;

  /** The config file; read when it exists, the POM's settings laid over it. */
  @Parameter(
      property = "iceberg-ops.configFile",
      defaultValue = "${project.basedir}/" + IcebergOpsConfig.FILE_NAME)
  File configFile;

  /** The namespace to migrate (the file's {@code namespace}). */
  @Parameter(property = "iceberg-ops.namespace")
  String namespace;

  /**
   * Where the migrations are: {@code classpath:<package>} (the project's compiled classes and
   * dependencies) or {@code filesystem:<dir>} (Java sources, compiled on the fly); the file's
   * {@code migrations}, {@code filesystem:migrations} when neither sets it.
   */
  @Parameter(property = "iceberg-ops.migrations")
  String migrations;

  /** The namespace of the history table (the file's {@code meta-namespace}). */
  @Parameter(property = "iceberg-ops.metaNamespace")
  String metaNamespace;

  /**
   * Whether a migration the location skips (a class in a mistyped package next to it, a misnamed
   * source file) fails the goal instead of a warning only (the file's {@code
   * fail-on-skipped-migrations}, false when neither sets it).
   */
  @Parameter(property = "iceberg-ops.failOnSkippedMigrations")
  Boolean failOnSkippedMigrations;

  /** The catalog's name (the file's {@code catalog.name}). */
  @Parameter(property = "iceberg-ops.catalogName")
  String catalogName;

  /**
   * The catalog's properties, each replacing the file's of the same key; none at all means the
   * embedded local catalog under {@code .iceberg-ops/} beside the config file. Values may refer to
   * the environment as Maven does, {@code ${env.NAME}}; secret values are masked in the build log.
   */
  @Parameter Map<String, String> catalogProperties;

  /** Skips the goal. */
  @Parameter(property = "iceberg-ops.skip", defaultValue = "false")
  boolean skip;

  private final Redaction redactor = new Redaction();

  @Override
  public final void execute() throws MojoExecutionException, MojoFailureException {
    if (skip) {
      // the goal's name: the class's without Mojo, in lower case
      String goal = getClass().getSimpleName().replaceFirst("Mojo$", "").toLowerCase(Locale.ROOT);
      getLog().info("Skipping iceberg-ops:" + goal);
      return;
    }
    IcebergOpsConfig config = config();
    List<Path> classPath = classPath();
    try (ToolSession session =
        new ToolSession(
            config,
            classPath,
            new ProjectClassLoader(ToolSession.urls(classPath), getClass().getClassLoader()),
            this::warn)) {
      run(session.runner(), config.namespace());
    } catch (RuntimeException e) {
      getLog().debug(redactor.redact(e.toString()));
      throw new MojoFailureException(redactor.redact(message(e)));
    }
  }

  /**
   * Runs the goal.
   *
   * @param runner the runner, configured but for the goal's own options
   * @param namespace the namespace it works on
   */
  abstract void run(MigrationRunner.Builder runner, String namespace);

  /** Writes a line to the build log at INFO, its secrets masked. */
  void info(String line) {
    getLog().info(redactor.redact(line));
  }

  /** Writes a line to the build log at WARNING, its secrets masked. */
  void warn(String line) {
    getLog().warn(redactor.redact(line));
  }

  /** The runner's message, with each validation finding on a line of its own. */
  private static String message(RuntimeException e) {
    StringBuilder message = new StringBuilder(Errors.reason(e));
    if (e instanceof MigrationValidationException validation) {
      validation.findings().forEach(f -> message.append("\n  - ").append(f.message()));
    }
    return message.toString();
  }

  private IcebergOpsConfig config() throws MojoExecutionException {
    Map<String, Object> catalog = new LinkedHashMap<>();
    catalog.put("name", catalogName);
    catalog.put("properties", catalogProperties);
    Map<String, Object> settings = new LinkedHashMap<>();
    settings.put("catalog", catalog);
    settings.put("namespace", namespace);
    settings.put("migrations", migrations);
    settings.put("meta-namespace", metaNamespace);
    settings.put("fail-on-skipped-migrations", failOnSkippedMigrations);
    try {
      IcebergOpsConfig config =
          new ConfigLoader(System.getenv(), redactor).load(configFile.toPath(), settings);
      String catalogShown =
          config.embedded()
              ? "(embedded, in " + config.baseDir().resolve(IcebergOpsConfig.LOCAL_DIR) + ")"
              : Redaction.redacted(config.catalogProperties()).toString();
      info(
          "Catalog %s %s, namespace %s, migrations %s"
              .formatted(
                  config.catalogName(), catalogShown, config.namespace(), config.migrations()));
      return config;
    } catch (IllegalArgumentException e) {
      throw new MojoExecutionException(redactor.redact(Errors.reason(e)));
    }
  }

  /** The project's run-time class path: its classes, then its compile and runtime dependencies. */
  private List<Path> classPath() throws MojoExecutionException {
    try {
      return project.getRuntimeClasspathElements().stream().map(Path::of).toList();
    } catch (DependencyResolutionRequiredException e) {
      throw new MojoExecutionException(
          "Cannot resolve the class path of " + project.getId() + ": " + e.getMessage());
    }
  }
}
