package dev.icebergops.test;

import dev.icebergops.migration.Migration;

/**
 * The attributes of {@link IcebergMigrations} as plain values, not yet checked: read from the
 * annotation, or set one by one by {@link IcebergMigrationsExtension#builder()}, each starting at
 * the annotation's default. {@link
 * SuiteSettings#of(org.junit.jupiter.api.extension.ExtensionContext, SuiteAttributes, String)}
 * checks them into a class's settings.
 */
final class SuiteAttributes {
  String[] locations = {};
  Class<? extends Migration>[] classes = noClasses();
  String namespacePrefix = "";
  Backend backend = Backend.EMBEDDED;
  String target = "";
  String downTo = "0000";
  String[] irreversible = {};
  boolean checkDowngrade = true;
  boolean fullRollbackEachTest = false;
  boolean copySchemaHistory = false;
  String contracts = "";
  String[] dropsData = {};
  Backfill[] backfills = {};
  String startFrom = "";
  boolean strictFieldIds = false;

  /** Every attribute at the annotation's default. */
  SuiteAttributes() {}

  /** The attributes of an annotation. */
  static SuiteAttributes of(IcebergMigrations annotation) {
    SuiteAttributes attributes = new SuiteAttributes();
    attributes.locations = annotation.locations();
    attributes.classes = annotation.classes();
    attributes.namespacePrefix = annotation.namespacePrefix();
    attributes.backend = annotation.backend();
    attributes.target = annotation.target();
    attributes.downTo = annotation.downTo();
    attributes.irreversible = annotation.irreversible();
    attributes.checkDowngrade = annotation.checkDowngrade();
    attributes.fullRollbackEachTest = annotation.fullRollbackEachTest();
    attributes.copySchemaHistory = annotation.copySchemaHistory();
    attributes.contracts = annotation.contracts();
    attributes.dropsData = annotation.dropsData();
    attributes.backfills = annotation.backfills();
    attributes.startFrom = annotation.startFrom();
    attributes.strictFieldIds = annotation.strictFieldIds();
    return attributes;
  }

  /** A copy, for a built extension that later calls on its builder must not change. */
  SuiteAttributes copy() {
    SuiteAttributes copy = new SuiteAttributes();
    copy.locations = locations.clone();
    copy.classes = classes.clone();
    copy.namespacePrefix = namespacePrefix;
    copy.backend = backend;
    copy.target = target;
    copy.downTo = downTo;
    copy.irreversible = irreversible.clone();
    copy.checkDowngrade = checkDowngrade;
    copy.fullRollbackEachTest = fullRollbackEachTest;
    copy.copySchemaHistory = copySchemaHistory;
    copy.contracts = contracts;
    copy.dropsData = dropsData.clone();
    copy.backfills = backfills.clone();
    copy.startFrom = startFrom;
    copy.strictFieldIds = strictFieldIds;
    return copy;
  }

  @SuppressWarnings("unchecked")
  private static Class<? extends Migration>[] noClasses() {
    return (Class<? extends Migration>[]) new Class<?>[0];
  }
}
