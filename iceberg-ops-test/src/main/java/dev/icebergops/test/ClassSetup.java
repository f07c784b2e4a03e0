package dev.icebergops.test;

import dev.icebergops.migration.MigrationFactory;
import dev.icebergops.migration.ResolvedMigration;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.state.NamespaceTables;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.test.internal.ContractLocation;
import dev.icebergops.test.internal.ExpectedBackfill;
import dev.icebergops.test.internal.JourneyStart;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * What a test class runs with, checked once before its first test: its settings, the environment,
 * how runners create migrations, the history table its tests share, and where its standard checks
 * start (an empty namespace, or the snapshot of {@link IcebergMigrations#startFrom()}). A mistake
 * here fails the class once, with one message, instead of each of its tests.
 */
record ClassSetup(
    SuiteSettings settings,
    IcebergTestEnvironment environment,
    MigrationFactory factory,
    ClassHistory history,
    ClassTemplates templates,
    List<ResolvedMigration> migrations,
    JourneyStart start) {

  /**
   * The class's setup, from its {@link IcebergMigrations} or, when {@code programmatic} is not
   * null, from a builder.
   *
   * @param irreversibleBaselines where the class's templates record the shapes at allowed
   *     irreversible versions
   * @throws ExtensionConfigurationException naming the setting at fault
   */
  static ClassSetup of(
      ExtensionContext context,
      ProgrammaticConfiguration programmatic,
      Map<String, NamespaceTables> irreversibleBaselines) {
    Class<?> testClass = context.getRequiredTestClass();
    SuiteSettings settings;
    MigrationFactory factory = MigrationFactory.publicNoArgConstructor();
    String metaNamespace = null;
    if (programmatic == null) {
      settings = SuiteSettings.of(context);
    } else {
      if (EnclosingAnnotations.isPresent(testClass, IcebergMigrations.class)) {
        throw new ExtensionConfigurationException(
            "Cannot configure iceberg-ops for "
                + testClass.getName()
                + ": it has both @IcebergMigrations and a registered IcebergMigrationsExtension;"
                + " keep one");
      }
      String where = "IcebergMigrationsExtension.builder() for " + testClass.getName();
      settings =
          SuiteSettings.of(context, programmatic.attributes(), where)
              .withBackfills(programmatic.backfills(), where);
      factory = programmatic.factory();
      metaNamespace = programmatic.metaNamespace();
    }
    List<ResolvedMigration> migrations = checkMigrations(settings, factory);
    String head =
        migrations.isEmpty()
            ? MigrationRunner.BASE_VERSION
            : migrations.get(migrations.size() - 1).version();
    checkContracts(settings);
    // a wrong location, or a downTo below the snapshot, fails the class once
    JourneyStart start =
        settings.startFrom() == null ? JourneyStart.empty() : SnapshotStart.journeyStart(settings);
    IcebergTestEnvironment environment =
        programmatic != null && programmatic.environment() != null
            ? Environments.supplied(context, programmatic.environment())
            : Environments.forBackend(context, settings.backend(), testClass);
    ClassHistory history =
        metaNamespace == null
            ? ClassHistory.owned(environment.catalog(), settings)
            : ClassHistory.supplied(environment.catalog(), metaNamespace);
    ClassTemplates templates =
        new ClassTemplates(
            environment.catalog(),
            settings,
            factory,
            history,
            irreversibleBaselines,
            StartingVersions.of(testClass, settings, head));
    return new ClassSetup(settings, environment, factory, history, templates, migrations, start);
  }

  /** A fresh namespace for one test, which starts as a copy of a template when it can. */
  TestNamespace newNamespace(String testName, Map<String, NamespaceTables> irreversibleBaselines) {
    return new TestNamespace(
            environment, settings, testName, factory, history, irreversibleBaselines, templates)
        .knowing(migrations);
  }

  /**
   * A fresh namespace for the class's own use (the standard checks' journey), always migrated
   * itself.
   */
  TestNamespace newPlainNamespace(
      String testName, Map<String, NamespaceTables> irreversibleBaselines) {
    return new TestNamespace(
            environment, settings, testName, factory, history, irreversibleBaselines, null)
        .knowing(migrations);
  }

  /**
   * The migrations load, and the class-wide versions exist; returns them (baselines left out), in
   * version order.
   */
  private static List<ResolvedMigration> checkMigrations(
      SuiteSettings settings, MigrationFactory factory) {
    List<ResolvedMigration> all = new ArrayList<>();
    Set<String> known =
        TestNamespace.knownVersions(
            settings,
            () -> {
              all.addAll(settings.source().resolve("check", factory));
              return all;
            });
    if (settings.target() != null) {
      TestNamespace.checkKnown(settings, known, settings.target(), "target");
    }
    TestNamespace.checkKnown(settings, known, settings.downTo(), "downTo");
    for (String version : settings.dropsData()) {
      TestNamespace.checkKnown(settings, known, version, "dropsData");
    }
    for (String version : settings.irreversible()) {
      TestNamespace.checkKnown(settings, known, version, "irreversible");
    }
    for (ExpectedBackfill backfill : settings.backfills()) {
      TestNamespace.checkKnown(settings, known, backfill.version(), "backfills");
    }
    return all.stream().filter(m -> !m.isBaseline()).toList();
  }

  /** The contracts location, when set, exists and its contracts parse. */
  private static void checkContracts(SuiteSettings settings) {
    if (settings.contracts().isBlank()) {
      return;
    }
    try {
      ContractLocation.of(settings.contracts()).load();
    } catch (IllegalArgumentException | UncheckedIOException e) {
      throw new ExtensionConfigurationException(
          "Cannot configure contracts of @IcebergMigrations on "
              + settings.testClass().getName()
              + ": "
              + e.getMessage(),
          e);
    }
  }
}
