package dev.icebergops.migration;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;

/**
 * Creates migration instances, so that a user can inject dependencies into migrations.
 *
 * <pre>{@code
 * MigrationFactory factory = type -> injector.getInstance(type);
 * }</pre>
 */
@FunctionalInterface
public interface MigrationFactory {

  /**
   * Creates an instance of a migration class.
   *
   * @param type the migration class
   * @return a new instance
   * @throws Exception when the instance cannot be created
   */
  Migration create(Class<? extends Migration> type) throws Exception;

  /**
   * The default factory: calls the class's public no-arg constructor.
   *
   * @return the factory
   */
  static MigrationFactory publicNoArgConstructor() {
    return type -> {
      if (!Modifier.isPublic(type.getModifiers())) {
        throw new IllegalArgumentException(
            "Cannot create migration " + type.getName() + ": the class is not public");
      }
      Constructor<? extends Migration> constructor;
      try {
        constructor = type.getConstructor();
      } catch (NoSuchMethodException e) {
        throw new IllegalArgumentException(
            "Cannot create migration "
                + type.getName()
                + ": it has no public no-arg constructor; add one or pass a MigrationFactory",
            e);
      }
      try {
        return constructor.newInstance();
      } catch (InvocationTargetException e) {
        throw new IllegalArgumentException(
            "Cannot create migration " + type.getName() + ": its constructor threw " + e.getCause(),
            e.getCause());
      }
    };
  }
}
