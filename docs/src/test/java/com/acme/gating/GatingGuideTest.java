package com.acme.gating;

import dev.icebergops.test.IcebergMigrations;
import dev.icebergops.test.MigrationSuite;

/**
 * The declared drop of docs/gating-breaking-changes.md passes every standard check; the values of
 * the dropped column are lost on purpose, which its {@code @Destructive} tells the data check too.
 */
@IcebergMigrations(locations = "classpath:com/acme/gating")
class GatingGuideTest implements MigrationSuite {}
