package dev.icebergops.architecture;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.domain.JavaType;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The internal types a type's public surface mentions: its supertypes, and the parameter, return,
 * exception and field types (with their type arguments and bounds) of its public and protected
 * members, as "type.member -> internal type".
 */
final class Signatures {

  private Signatures() {}

  /** A public or protected type whose enclosing types are too: part of the API surface. */
  static boolean isExposed(JavaClass type) {
    for (JavaClass t = type; t != null; t = t.getEnclosingClass().orElse(null)) {
      if (!isVisible(t.getModifiers()) || t.isAnonymousClass() || t.isLocalClass()) {
        return false;
      }
    }
    return true;
  }

  static List<String> internalTypesIn(JavaClass type) {
    List<String> found = new ArrayList<>();
    type.getSuperclass().ifPresent(s -> check(type.getName() + " extends", s, found));
    type.getInterfaces().forEach(i -> check(type.getName() + " implements", i, found));
    for (JavaCodeUnit unit : type.getCodeUnits()) {
      Set<JavaModifier> modifiers = unit.getModifiers();
      if (!isVisible(modifiers) || modifiers.contains(JavaModifier.SYNTHETIC)) {
        continue;
      }
      String where = type.getName() + "." + unit.getName();
      check(where, unit.getReturnType(), found);
      unit.getParameterTypes().forEach(p -> check(where, p, found));
      unit.getThrowsClause().getTypes().forEach(t -> check(where, t, found));
      unit.getTypeParameters().forEach(t -> check(where, t, found));
    }
    for (JavaField field : type.getFields()) {
      if (isVisible(field.getModifiers())
          && !field.getModifiers().contains(JavaModifier.SYNTHETIC)) {
        check(type.getName() + "." + field.getName(), field.getType(), found);
      }
    }
    return found;
  }

  private static void check(String where, JavaType type, List<String> found) {
    for (JavaClass raw : type.getAllInvolvedRawTypes()) {
      JavaClass base = raw.getBaseComponentType();
      if (base.getPackageName().startsWith("dev.icebergops.")
          && Modules.isInternal(base.getPackageName())) {
        found.add(where + " -> " + base.getName());
      }
    }
  }

  private static boolean isVisible(Set<JavaModifier> modifiers) {
    return modifiers.contains(JavaModifier.PUBLIC) || modifiers.contains(JavaModifier.PROTECTED);
  }
}
