package dev.icebergops.migration.internal;

import dev.icebergops.migration.Migration;
import dev.icebergops.migration.MigrationFactory;
import dev.icebergops.migration.MigrationSet;
import dev.icebergops.migration.MigrationSource;
import dev.icebergops.migration.ResolvedMigration;
import java.util.List;
import java.util.stream.Collectors;

/** An explicit list of migration classes, the same for every namespace. */
public final class ExplicitMigrationSource implements MigrationSource {

  private final List<Class<? extends Migration>> types;

  public ExplicitMigrationSource(List<Class<? extends Migration>> types) {
    if (types == null) {
      throw new IllegalArgumentException("Cannot use migration classes: the list is null");
    }
    for (Class<? extends Migration> type : types) {
      if (type == null || !Migration.class.isAssignableFrom(type)) {
        throw new IllegalArgumentException(
            "Cannot use migration class " + type + ": it does not implement Migration");
      }
    }
    this.types = List.copyOf(types);
  }

  @Override
  public List<ResolvedMigration> resolve(String namespace, MigrationFactory factory) {
    return MigrationSet.resolve(types, factory, location());
  }

  @Override
  public String location() {
    return types.stream()
        .map(Class::getSimpleName)
        .collect(Collectors.joining(", ", "classes [", "]"));
  }

  @Override
  public String toString() {
    return location();
  }
}
