package dev.icebergops.internal;

import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The internal types a type's public surface mentions: its supertypes, and the parameter, return,
 * exception and field types (with their type arguments and bounds) of its public and protected
 * members, as "type.member -> internal type".
 */
final class InternalTypes {

  private InternalTypes() {}

  /**
   * @param type a public type of an API package
   * @param internal the internal packages
   */
  static List<String> in(Class<?> type, Set<String> internal) {
    List<String> found = new ArrayList<>();
    check(type.getName() + " extends", type.getGenericSuperclass(), internal, found);
    for (Type implemented : type.getGenericInterfaces()) {
      check(type.getName() + " implements", implemented, internal, found);
    }
    for (Constructor<?> constructor : type.getDeclaredConstructors()) {
      if (isVisible(constructor.getModifiers())) {
        checkExecutable(type.getName() + ".<init>", constructor, internal, found);
      }
    }
    for (Method method : type.getDeclaredMethods()) {
      if (isVisible(method.getModifiers()) && !method.isSynthetic()) {
        String where = type.getName() + "." + method.getName();
        checkExecutable(where, method, internal, found);
        check(where, method.getGenericReturnType(), internal, found);
      }
    }
    for (Field field : type.getDeclaredFields()) {
      if (isVisible(field.getModifiers()) && !field.isSynthetic()) {
        check(type.getName() + "." + field.getName(), field.getGenericType(), internal, found);
      }
    }
    return found;
  }

  private static boolean isVisible(int modifiers) {
    return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers);
  }

  private static void checkExecutable(
      String where, Executable executable, Set<String> internal, List<String> found) {
    for (Type parameter : executable.getGenericParameterTypes()) {
      check(where, parameter, internal, found);
    }
    for (Type thrown : executable.getGenericExceptionTypes()) {
      check(where, thrown, internal, found);
    }
    for (TypeVariable<?> variable : executable.getTypeParameters()) {
      check(where, variable, internal, found);
    }
  }

  private static void check(String where, Type type, Set<String> internal, List<String> found) {
    walk(type, new HashSet<>(), seen -> found.add(where + " -> " + seen.getName()), internal);
  }

  private static void walk(
      Type type, Set<Type> visited, Consumer<Class<?>> report, Set<String> internal) {
    if (type == null || !visited.add(type)) {
      return;
    }
    if (type instanceof Class<?> c) {
      Class<?> element = c;
      while (element.isArray()) {
        element = element.getComponentType();
      }
      if (isInternal(element, internal)) {
        report.accept(element);
      }
    } else if (type instanceof ParameterizedType p) {
      walk(p.getRawType(), visited, report, internal);
      for (Type argument : p.getActualTypeArguments()) {
        walk(argument, visited, report, internal);
      }
    } else if (type instanceof GenericArrayType a) {
      walk(a.getGenericComponentType(), visited, report, internal);
    } else if (type instanceof WildcardType w) {
      for (Type bound : w.getUpperBounds()) {
        walk(bound, visited, report, internal);
      }
      for (Type bound : w.getLowerBounds()) {
        walk(bound, visited, report, internal);
      }
    } else if (type instanceof TypeVariable<?> v) {
      for (Type bound : v.getBounds()) {
        walk(bound, visited, report, internal);
      }
    }
  }

  private static boolean isInternal(Class<?> type, Set<String> internal) {
    return internal.contains(type.getPackageName());
  }
}
