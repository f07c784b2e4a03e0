package dev.icebergops.test;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Injects a table of the test's namespace, loaded after the migrations ran.
 *
 * <pre>{@code
 * @Test
 * void ordersHaveARegion(@IcebergTable("orders") Table orders) { ... }
 * }</pre>
 */
@Target(ElementType.PARAMETER)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface IcebergTable {
  /** The table name; a bare name is qualified with the test's namespace. */
  String value();
}
