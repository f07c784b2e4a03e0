package com.acme.broken.losesdata;

import dev.icebergops.test.IcebergMigrations;
import dev.icebergops.test.MigrationSuite;
import org.junit.jupiter.api.Tag;

/** The suite a team would write for this set; run only by {@code BrokenSetsAreCaughtTest}. */
@Tag("broken-set")
@IcebergMigrations(locations = "classpath:com/acme/broken/losesdata")
public class LosesDataSuite implements MigrationSuite {}
