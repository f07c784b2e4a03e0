package com.acme.broken.contractdrift;

import dev.icebergops.test.IcebergMigrations;
import dev.icebergops.test.MigrationSuite;
import org.junit.jupiter.api.Tag;

/** The suite a team would write for this set; run only by {@code BrokenSetsAreCaughtTest}. */
@Tag("broken-set")
@IcebergMigrations(
    locations = "classpath:com/acme/broken/contractdrift",
    contracts = "classpath:contracts/broken/contractdrift")
public class ContractDriftSuite implements MigrationSuite {}
