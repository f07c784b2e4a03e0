package dev.icebergops.migration;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares that a migration makes {@link ChangeClass#DESTRUCTIVE destructive} changes on purpose
 * (and breaking ones: a destructive declaration covers them), with the reason: the preview shows
 * it, and a gate on breaking or destructive changes lets the migration through.
 *
 * <pre>{@code
 * @Destructive("drops orders.legacy_note after the 2026-Q4 export")
 * public class V0008__DropLegacyNote extends BaseMigration { ... }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Destructive {
  /** Why losing the data is fine: where it went, who agreed. */
  String value();
}
