package com.acme.broken.notreversible;

import dev.icebergops.test.IcebergMigrations;
import dev.icebergops.test.MigrationSuite;
import org.junit.jupiter.api.Tag;

/** The suite a team would write for this set; run only by {@code BrokenSetsAreCaughtTest}. */
@Tag("broken-set")
@IcebergMigrations(locations = "classpath:com/acme/broken/notreversible")
public class NotReversibleSuite implements MigrationSuite {}
