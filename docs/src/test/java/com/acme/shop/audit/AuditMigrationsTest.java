package com.acme.shop.audit;

import static dev.icebergops.test.assertj.IcebergOpsAssertions.assertThat;

import dev.icebergops.migration.Migration;
import dev.icebergops.test.IcebergMigrationsExtension;
import dev.icebergops.test.IcebergTable;
import dev.icebergops.test.MigrationSuite;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.test.env.embedded.EmbeddedEnvironment;
import java.time.Duration;
import org.apache.iceberg.Table;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

// tag::builder[]
class AuditMigrationsTest implements MigrationSuite {

  static final AuditSettings SETTINGS = new AuditSettings(30, Duration.ofDays(365));

  // any IcebergTestEnvironment: your own Polaris, Nessie or Lakekeeper set-up, or this one
  static final IcebergTestEnvironment OWN = EmbeddedEnvironment.create().withBucket("audit");

  @RegisterExtension
  static final IcebergMigrationsExtension OPS =
      IcebergMigrationsExtension.builder()
          .locations("classpath:com/acme/shop/audit")
          .environment(OWN) // instead of .backend(...)
          .factory(AuditMigrationsTest::create) // e.g. type -> injector.getInstance(type)
          .metaNamespace("_audit_ops") // one history table shared by every test
          .contracts("classpath:contracts/audit")
          .build();

  static Migration create(Class<? extends Migration> type) throws Exception {
    return type.getConstructor(AuditSettings.class).newInstance(SETTINGS);
  }

  @Test
  void auditSnapshotsAreKeptForAYear(@IcebergTable("audit_log") Table auditLog) {
    assertThat(auditLog)
        .hasProperty("history.expire.min-snapshots-to-keep", "30")
        .hasProperty("history.expire.max-snapshot-age-ms", "31536000000");
  }
}
// end::builder[]
