package com.acme.gating;

import dev.icebergops.test.IcebergMigrations;
import dev.icebergops.test.MigrationSuite;

/**
 * The declared drop of docs/gating-breaking-changes.md passes every standard check; the values of
 * the dropped column are lost on purpose, which the data check is told.
 */
@IcebergMigrations(locations = "classpath:com/acme/gating", dropsData = "0008")
class GatingGuideTest implements MigrationSuite {}
