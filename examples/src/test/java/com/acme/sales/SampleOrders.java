package com.acme.sales;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;

/** The order the tests seed, with the columns of the version it is written at. */
final class SampleOrders {

  static final long ORDER_ID = 7L;
  static final BigDecimal AMOUNT = new BigDecimal("19.90");
  static final String EMAIL = "ada@example.com";

  private SampleOrders() {}

  /** As version 0001 writes it: an e-mail, an amount, an int quantity of 3. */
  static Map<String, Object> atTheFirstVersion() {
    Map<String, Object> order = new LinkedHashMap<>();
    order.put("order_id", ORDER_ID);
    order.put("customer_id", 42L);
    order.put("customer_email", EMAIL);
    order.put("amount", AMOUNT);
    order.put("quantity", 3);
    order.put("created_at", "2026-11-29T10:00:00Z");
    return order;
  }

  /** As version 0010 writes it: a total, a region, a shipping address with its country. */
  static Map<String, Object> beforeTheEmailIsDropped() {
    Map<String, Object> order = atTheFirstVersion();
    order.put("total", order.remove("amount"));
    order.put("region", "EMEA");
    order.put("shipping", Map.of("city", "Lisbon", "country", "PT"));
    return order;
  }
}
