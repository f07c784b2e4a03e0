package dev.icebergops.test;

import dev.icebergops.migration.MigrationContext;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.test.env.IcebergTestEnvironment;
import java.lang.reflect.Parameter;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.NoSuchTableException;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * The extension behind {@link IcebergMigrations}: one environment per run in the root store, one
 * {@link TestNamespace} per test in the method's store.
 */
final class IcebergMigrationsExtension
    implements BeforeEachCallback, AfterEachCallback, AfterAllCallback, ParameterResolver {

  private static final ExtensionContext.Namespace STORE =
      ExtensionContext.Namespace.create(IcebergMigrationsExtension.class);

  @Override
  public void beforeEach(ExtensionContext context) {
    SuiteSettings settings = SuiteSettings.of(context);
    String target = settings.targetFor(context);
    TestNamespace namespace =
        new TestNamespace(
            environment(context, settings),
            settings,
            testName(context),
            ClassReports.irreversibleBaselines(context));
    context.getStore(STORE).put(TestNamespace.class, namespace);
    context.getStore(STORE).put(SuiteSettings.class, settings);
    try {
      namespace.prepare(target);
      ClassReports.of(context).migrations(namespace.migrations());
    } catch (RuntimeException | Error e) {
      namespace.drop();
      context.getStore(STORE).remove(TestNamespace.class);
      throw e;
    }
  }

  @Override
  public void afterEach(ExtensionContext context) {
    TestNamespace namespace =
        context.getStore(STORE).remove(TestNamespace.class, TestNamespace.class);
    SuiteSettings settings =
        context.getStore(STORE).remove(SuiteSettings.class, SuiteSettings.class);
    if (namespace == null) {
      return;
    }
    try {
      if (settings.checkDowngrade() && context.getExecutionException().isEmpty()) {
        namespace.rollBackAndCheckNoTrace();
      }
    } finally {
      namespace.drop();
    }
  }

  @Override
  public void afterAll(ExtensionContext context) {
    ClassReports.write(context);
  }

  private static IcebergTestEnvironment environment(
      ExtensionContext context, SuiteSettings settings) {
    return context
        .getRoot()
        .getStore(STORE)
        .getOrComputeIfAbsent(
            settings.backend(),
            backend -> {
              IcebergTestEnvironment environment = IcebergTestEnvironment.embedded();
              environment.start();
              return environment;
            },
            IcebergTestEnvironment.class);
  }

  private static String testName(ExtensionContext context) {
    return context.getRequiredTestMethod().getName();
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    return type == Catalog.class
        || type == MigrationRunner.class
        || type == MigrationContext.class
        || type == IcebergTestEnvironment.class
        || type == IcebergTestData.class
        || type == StandardChecks.class
        || type == Table.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    TestNamespace namespace = context.getStore(STORE).get(TestNamespace.class, TestNamespace.class);
    Parameter p = parameter.getParameter();
    if (namespace == null) {
      throw new ParameterResolutionException(
          "Cannot inject "
              + p.getType().getSimpleName()
              + " into "
              + p.getDeclaringExecutable().getName()
              + ": iceberg-ops injects only into test methods and @BeforeEach/@AfterEach methods");
    }
    Class<?> type = p.getType();
    if (type == Catalog.class) {
      return namespace.catalog();
    } else if (type == MigrationRunner.class) {
      return namespace.runner();
    } else if (type == MigrationContext.class) {
      return new MigrationContext(namespace.catalog(), namespace.name());
    } else if (type == IcebergTestEnvironment.class) {
      return namespace.environment();
    } else if (type == IcebergTestData.class) {
      return new IcebergTestData(namespace.catalog(), namespace.name());
    } else if (type == StandardChecks.class) {
      SuiteSettings settings =
          context.getStore(STORE).get(SuiteSettings.class, SuiteSettings.class);
      return new StandardChecks(settings, namespace.runner(), ClassReports.of(context));
    }
    return table(namespace, parameter);
  }

  private static Table table(TestNamespace namespace, ParameterContext parameter) {
    Parameter p = parameter.getParameter();
    IcebergTable annotation =
        parameter
            .findAnnotation(IcebergTable.class)
            .orElseThrow(
                () ->
                    new ExtensionConfigurationException(
                        "Cannot inject Table parameter '"
                            + p.getName()
                            + "' of "
                            + p.getDeclaringExecutable().getName()
                            + ": annotate it with @IcebergTable(\"<table name>\")"));
    String name = annotation.value();
    TableIdentifier id =
        TableIdentifier.parse(name.contains(".") ? name : namespace.name() + "." + name);
    try {
      return namespace.catalog().loadTable(id);
    } catch (NoSuchTableException e) {
      throw new ParameterResolutionException(
          "Cannot inject @IcebergTable(\""
              + name
              + "\"): table "
              + id
              + " does not exist at version "
              + namespace.runner().current().orElse(MigrationRunner.BASE_VERSION),
          e);
    }
  }
}
