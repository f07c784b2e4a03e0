package com.acme.shop.db.iceberg;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;

/** A backfill whose source is down: the build must fail with this version and this reason. */
public class V0002__BackfillRegions extends BaseMigration {

  @Override
  public void upgrade(MigrationContext ctx) {
    throw new IllegalStateException("Cannot backfill regions: the region service refused the call");
  }

  @Override
  public void downgrade(MigrationContext ctx) {}
}
