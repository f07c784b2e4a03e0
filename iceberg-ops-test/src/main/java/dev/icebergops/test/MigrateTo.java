package dev.icebergops.test;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The version a test's namespace is migrated to before the test runs, overriding {@link
 * IcebergMigrations#target()}; on a method it wins over one on the class. {@code "0000"} applies
 * nothing.
 *
 * <pre>{@code
 * @Test @MigrateTo("0002")
 * void durationsSurviveTheRetype(MigrationRunner runner, IcebergTestData data) { ... }
 * }</pre>
 */
@Target({ElementType.METHOD, ElementType.TYPE, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
public @interface MigrateTo {
  /** The four-digit version, or {@code "0000"} for none. */
  String value();
}
