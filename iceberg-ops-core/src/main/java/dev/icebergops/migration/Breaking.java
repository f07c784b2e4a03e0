package dev.icebergops.migration;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares that a migration makes {@link ChangeClass#BREAKING breaking} changes on purpose, with
 * the reason: the preview shows it, and a gate on breaking changes lets the migration through.
 *
 * <pre>{@code
 * @Breaking("renames orders.note to comment; the dashboards moved in PR 412")
 * public class V0007__RenameNote extends BaseMigration { ... }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Breaking {
  /** Why the breaking change is fine: who was told, what moved first. */
  String value();
}
