package dev.icebergops.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.MigrationContexts;
import dev.icebergops.migration.PartitionFieldSpec;
import dev.icebergops.migration.SortColumn;
import dev.icebergops.migration.TableOptions;
import dev.icebergops.schema.EnforceOptions;
import dev.icebergops.schema.SchemaEvolutionHelper;
import java.io.IOException;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;

/**
 * The helper reference of docs/writing-migrations.md lists every public method of each helper type,
 * with its parameter and return types, and nothing that is not one: a method added to {@code
 * MigrationContext} fails this test until the guide shows it.
 */
class HelperReferenceTest {

  static final Path PAGE = GuideCodeBlocksTest.DOCS.resolve("writing-migrations.md");

  static final List<Class<?>> HELPERS =
      List.of(
          MigrationContexts.class,
          MigrationContext.class,
          TableOptions.class,
          EnforceOptions.class,
          PartitionFieldSpec.class,
          SortColumn.class,
          SchemaEvolutionHelper.class);

  private static final Set<String> OBJECT_METHODS = Set.of("equals", "hashCode", "toString");
  private static final Pattern CODE = Pattern.compile("`([^`]+)`");

  /** A signature as the page writes it: {@code [static ]Return name(Type param, ...)}. */
  private static final Pattern SIGNATURE =
      Pattern.compile("^(static )?([\\w.]+(?:<[^()]*>)?) (\\w+)\\(([^()]*)\\)$");

  @Test
  void theGuideListsEveryPublicMethodOfEachHelperType() throws IOException {
    String page = Files.readString(PAGE, StandardCharsets.UTF_8);
    SoftAssertions softly = new SoftAssertions();
    for (Class<?> helper : HELPERS) {
      Set<String> listed = listed(section(page, helper.getSimpleName()));
      Set<String> declared = declared(helper);
      Set<String> missing = new TreeSet<>(declared);
      missing.removeAll(listed);
      Set<String> unknown = new TreeSet<>(listed);
      unknown.removeAll(declared);
      softly
          .assertThat(missing)
          .as(
              "Expecting the helper reference of %s (%s, section ### `%s`) to list every public"
                  + " method, but it lacks",
              helper.getName(), GuideCodeBlocksTest.ROOT.relativize(PAGE), helper.getSimpleName())
          .isEmpty();
      softly
          .assertThat(unknown)
          .as(
              "Expecting the helper reference of %s to list only its public methods, but %s has"
                  + " none of these",
              helper.getName(), helper.getSimpleName())
          .isEmpty();
    }
    softly.assertAll();
  }

  /** The lines of the section under the heading {@code ### `NAME`}, up to the next heading. */
  private static List<String> section(String page, String name) {
    List<String> lines = new ArrayList<>();
    boolean in = false;
    for (String line : page.split("\n")) {
      if (line.startsWith("#")) {
        in = line.equals("### `" + name + "`");
      } else if (in) {
        lines.add(line);
      }
    }
    assertThat(lines).as("the section ### `%s` of %s", name, PAGE).isNotEmpty();
    return lines;
  }

  /** The signatures in the code spans of the section's list items, without parameter names. */
  private static Set<String> listed(List<String> section) {
    Set<String> signatures = new TreeSet<>();
    for (String line : section) {
      if (!line.startsWith("- ")) {
        continue;
      }
      Matcher code = CODE.matcher(line);
      while (code.find()) {
        Matcher signature = SIGNATURE.matcher(code.group(1));
        if (signature.matches()) {
          signatures.add(
              signature(
                  signature.group(1) != null,
                  signature.group(2),
                  signature.group(3),
                  parameterTypes(signature.group(4))));
        }
      }
    }
    return signatures;
  }

  /** The types of {@code Type name, Map<K, V> other}: each parameter without its name. */
  private static List<String> parameterTypes(String parameters) {
    List<String> types = new ArrayList<>();
    int depth = 0;
    StringBuilder current = new StringBuilder();
    for (char c : (parameters + ",").toCharArray()) {
      if (c == ',' && depth == 0) {
        String parameter = current.toString().strip();
        if (!parameter.isEmpty()) {
          types.add(parameter.substring(0, parameter.lastIndexOf(' ')).strip());
        }
        current.setLength(0);
        continue;
      }
      depth += c == '<' ? 1 : c == '>' ? -1 : 0;
      current.append(c);
    }
    return types;
  }

  /** The public methods the class declares, but those of Object it overrides. */
  private static Set<String> declared(Class<?> type) {
    return Arrays.stream(type.getDeclaredMethods())
        .filter(m -> Modifier.isPublic(m.getModifiers()) && !m.isSynthetic())
        .filter(m -> !OBJECT_METHODS.contains(m.getName()))
        .map(HelperReferenceTest::signature)
        .collect(Collectors.toCollection(TreeSet::new));
  }

  private static String signature(Method method) {
    return signature(
        Modifier.isStatic(method.getModifiers()),
        simple(method.getGenericReturnType()),
        method.getName(),
        Arrays.stream(method.getGenericParameterTypes()).map(HelperReferenceTest::simple).toList());
  }

  private static String signature(
      boolean isStatic, String returnType, String name, List<String> parameterTypes) {
    return (isStatic ? "static " : "")
        + returnType.replace(" ", "")
        + " "
        + name
        + "("
        + parameterTypes.stream().map(t -> t.replace(" ", "")).collect(Collectors.joining(", "))
        + ")";
  }

  /** A type as the page writes it: simple names, type arguments included. */
  private static String simple(Type type) {
    if (type instanceof Class<?> c) {
      return c.getSimpleName();
    }
    if (type instanceof ParameterizedType p) {
      return simple(p.getRawType())
          + Arrays.stream(p.getActualTypeArguments())
              .map(HelperReferenceTest::simple)
              .collect(Collectors.joining(",", "<", ">"));
    }
    if (type instanceof WildcardType w) {
      return w.getLowerBounds().length > 0
          ? "?super" + simple(w.getLowerBounds()[0])
          : w.getUpperBounds()[0] == Object.class
              ? "?"
              : "?extends" + simple(w.getUpperBounds()[0]);
    }
    if (type instanceof GenericArrayType a) {
      return simple(a.getGenericComponentType()) + "[]";
    }
    return type.getTypeName();
  }
}
