package com.acme.shop;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.icebergops.autogen.Revision;
import dev.icebergops.autogen.RevisionGenerator;
import dev.icebergops.schema.ColumnSpec;
import dev.icebergops.schema.SchemaContract;
import dev.icebergops.schema.SchemaContractViolation;
import dev.icebergops.test.IcebergMigrations;
import dev.icebergops.test.IcebergTable;
import dev.icebergops.test.MigrateTo;
import java.util.Optional;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

/** The contract and autogenerate examples of docs/contracts-and-autogenerate.md. */
@IcebergMigrations(locations = "classpath:com/acme/shop/db/iceberg", irreversible = "0003")
class ContractsTest {

  @Test
  @MigrateTo("0002")
  void ordersAt0002DriftFromTheHeadContract(@IcebergTable("orders") Table orders) {
    // tag::enforce-contract[]
    SchemaContract contract = SchemaContract.fromClasspath("contracts/shop/orders.yaml");

    assertThat(contract.validate(orders)) // every violation, empty when the table conforms
        .containsExactly(
            "column quantity has type int, expected long",
            "unexpected column coupon_code (string) is not in the strict contract");
    assertThatThrownBy(() -> contract.enforce(orders)) // the same, as one exception
        .isInstanceOf(SchemaContractViolation.class);
    // end::enforce-contract[]
  }

  @Test
  void contractsInJava(@IcebergTable("orders") Table orders) {
    // tag::contract-in-java[]
    SchemaContract mustHave =
        SchemaContract.of( // not strict: other columns may exist
            ColumnSpec.required("order_id", Types.LongType.get()),
            ColumnSpec.optional("region", Types.StringType.get()).withDoc("Sales region"));
    mustHave.enforce(orders);
    // end::contract-in-java[]
  }

  @Test
  void nestedDriftIsReportedByItsPath() {
    Schema drifted =
        new Schema(
            required(1, "shipment_id", Types.LongType.get()),
            optional(
                2,
                "address",
                Types.StructType.of(
                    optional(3, "street", Types.StringType.get()),
                    optional(4, "zip", Types.StringType.get()),
                    optional(5, "country", Types.StringType.get()))),
            optional(
                6,
                "parcels",
                Types.ListType.ofOptional(
                    7,
                    Types.StructType.of(
                        required(8, "sku", Types.StringType.get()),
                        optional(9, "weight", Types.DoubleType.get()),
                        optional(
                            10, "tags", Types.ListType.ofOptional(11, Types.StringType.get()))))));
    // tag::nested-drift[]
    SchemaContract shipments = SchemaContract.fromClasspath("contracts/examples/shipments.yaml");

    assertThat(shipments.validate(drifted))
        .containsExactly(
            "missing nested field address.city (string)",
            "nested field address.zip is optional, expected required",
            "unexpected nested field address.country (string) is not in the contract",
            "column parcels.element.weight has type double, expected decimal(8,3)");
    // end::nested-drift[]
  }

  @Test
  @MigrateTo("0002")
  void autogenerateWritesTheNextMigration(@IcebergTable("orders") Table orders) {
    // tag::autogenerate[]
    Optional<Revision> revision =
        RevisionGenerator.forTable("orders", orders) // the live table...
            .against(SchemaContract.fromClasspath("contracts/shop/orders.yaml"));

    assertThat(revision).isPresent(); // empty when the table already conforms
    assertThat(revision.get().changes())
        .containsExactly("promote quantity int -> long", "drop coupon_code (string)");
    String source = revision.get().toJava("com.acme.shop.db.iceberg", "V0005__OrdersToContract");
    // end::autogenerate[]
    assertThat(source).contains("public class V0005__OrdersToContract extends BaseMigration");
  }
}
