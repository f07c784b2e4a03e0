package dev.icebergops.runner;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.TreeMap;
import org.apache.iceberg.Schema;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The columns a view's SQL reads, row by row over the shapes of SQL views are written in. */
class ViewReadsTest {

  private static final Schema ORDERS =
      new Schema(
          required(1, "id", Types.LongType.get()),
          optional(2, "customer_id", Types.LongType.get()),
          optional(3, "amount", Types.DecimalType.of(10, 2)),
          optional(4, "note", Types.StringType.get()),
          optional(
              5,
              "address",
              Types.StructType.of(
                  optional(6, "city", Types.StringType.get()),
                  optional(7, "zip", Types.StringType.get()))));

  private static final Schema CUSTOMERS =
      new Schema(
          required(1, "id", Types.LongType.get()),
          optional(2, "name", Types.StringType.get()),
          optional(3, "region", Types.StringType.get()));

  private static final Map<TableIdentifier, Schema> TABLES =
      Map.of(
          TableIdentifier.of("sales", "orders"), ORDERS,
          TableIdentifier.of("sales", "customers"), CUSTOMERS);

  /** The reads as {@code table: columns; table: columns}, tables and columns sorted. */
  private static String reads(String sql) {
    Map<String, String> shown = new TreeMap<>();
    ViewReads.of(ViewReads.parse(sql), Namespace.of("sales"), TABLES::get)
        .forEach((table, columns) -> shown.put(table.name(), String.join(",", columns)));
    return shown.entrySet().stream()
        .map(e -> e.getKey() + ": " + e.getValue())
        .reduce((a, b) -> a + "; " + b)
        .orElse("");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          SELECT id, amount FROM orders                                  | orders: amount,id
          SELECT o.amount FROM sales.orders o                             | orders: amount
          SELECT o.amount FROM sales.orders AS o WHERE o.note IS NULL     | orders: amount,note
          SELECT orders.amount FROM orders                                | orders: amount
          SELECT sales.orders.amount FROM sales.orders                    | orders: amount
          SELECT `amount` FROM `sales`.`orders`                           | orders: amount
          SELECT "Amount" FROM "sales"."orders"                           | orders: amount
          SELECT AMOUNT FROM ORDERS                                       | orders: amount
          SELECT amount FROM prod.sales.orders                            | orders: amount
          SELECT * FROM orders                                            | orders: address,amount,customer_id,id,note
          SELECT o.* FROM orders o JOIN customers c ON o.customer_id = c.id | customers: id; orders: address,amount,customer_id,id,note
          SELECT o.id, c.name FROM orders o JOIN customers c ON o.customer_id = c.id | customers: id,name; orders: customer_id,id
          SELECT amount, name FROM orders JOIN customers ON customer_id = customers.id | customers: id,name; orders: amount,customer_id
          SELECT id FROM orders JOIN customers USING (id)                 | customers: id; orders: id
          SELECT region, sum(amount) AS total FROM orders o LEFT JOIN customers c ON o.customer_id = c.id GROUP BY region HAVING sum(amount) > 0 ORDER BY total | customers: id,region; orders: amount,customer_id
          SELECT t.total FROM (SELECT customer_id, sum(amount) AS total FROM orders GROUP BY customer_id) t | orders: amount,customer_id
          WITH big AS (SELECT id, amount FROM orders WHERE amount > 100) SELECT id FROM big | orders: amount,id
          SELECT name FROM customers c WHERE EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id) | customers: id,name; orders: customer_id
          SELECT name FROM customers WHERE id IN (SELECT customer_id FROM orders WHERE note IS NOT NULL) | customers: id,name; orders: customer_id,note
          SELECT id FROM orders UNION ALL SELECT id FROM customers        | customers: id; orders: id
          SELECT address.city FROM orders                                 | orders: address.city
          SELECT o.address.zip FROM orders o                              | orders: address.zip
          SELECT CASE WHEN amount > 0 THEN note ELSE 'none' END FROM orders | orders: amount,note
          SELECT CAST(amount AS double) AS a, row_number() OVER (PARTITION BY customer_id ORDER BY id) FROM orders | orders: amount,customer_id,id
          SELECT id FROM returns                                          | ''
          SELECT 1                                                        | ''
          """)
  void readsTheColumnsTheSqlNames(String sql, String expected) {
    assertThat(reads(sql)).isEqualTo(expected);
  }

  @Test
  void sparkAndTrinoSyntaxParse() {
    assertThat(reads("SELECT id, amount FROM orders LIMIT 10")).isEqualTo("orders: amount,id");
    assertThat(reads("SELECT id FROM orders o FETCH FIRST 5 ROWS ONLY")).isEqualTo("orders: id");
    assertThat(reads("SELECT id FROM orders WHERE amount > DECIMAL '1.5'"))
        .isEqualTo("orders: amount,id");
  }

  @Test
  void sqlThatIsNoQueryIsRefusedNamingIt() {
    assertThatThrownBy(() -> ViewReads.parse("SELEC amount FROM orders"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot read view SQL: Encountered unexpected token: \"SELEC\" <S_IDENTIFIER> at line"
                + " 1, column 1.");
    assertThatThrownBy(() -> ViewReads.parse("SELECT amount FROM orders WHERE"))
        .as("a query is read to its end, never a prefix of it")
        .hasMessageStartingWith("Cannot read view SQL: ");
    assertThatThrownBy(() -> ViewReads.parse("DROP TABLE orders"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot read view SQL: not a query: DROP TABLE orders");
  }
}
