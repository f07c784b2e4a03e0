package com.acme.shop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.icebergops.migration.MigrationContext;
import dev.icebergops.test.IcebergMigrations;
import dev.icebergops.test.MigrateTo;
import org.apache.iceberg.exceptions.ValidationException;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

/** Why docs/reversibility.md says a drop or a promotion cannot be undone by another change. */
@IcebergMigrations(locations = "classpath:com/acme/shop/db/iceberg", irreversible = "0003")
class FieldIdsTest {

  @Test
  @MigrateTo("0001")
  void aReAddedColumnIsANewColumn(MigrationContext ctx) {
    // tag::readd-new-id[]
    int before = ctx.loadTable("orders").schema().findField("coupon_code").fieldId();
    ctx.deleteColumn("orders", "coupon_code");
    ctx.addColumn("orders", "coupon_code", "string"); // same name, type and place...

    int after = ctx.loadTable("orders").schema().findField("coupon_code").fieldId();
    assertThat(after).isNotEqualTo(before); // ...but a new field ID: old files read null
    // end::readd-new-id[]
  }

  @Test
  @MigrateTo("0003")
  void aPromotionHasNoWayBack(MigrationContext ctx) {
    // tag::no-narrowing[]
    assertThatThrownBy(() -> ctx.enforceColumn("orders", "quantity", Types.IntegerType.get()))
        .isInstanceOf(ValidationException.class); // long -> int is no Iceberg promotion
    // end::no-narrowing[]
  }
}
