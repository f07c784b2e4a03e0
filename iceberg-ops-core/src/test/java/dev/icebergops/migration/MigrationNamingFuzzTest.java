package dev.icebergops.migration;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.migration.internal.MigrationName;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Generated locations, class names and versions: each is accepted by the documented rule or refused
 * with the documented {@code IllegalArgumentException} and a message; nothing else escapes and
 * every case returns.
 */
class MigrationNamingFuzzTest {

  private static final List<String> LOCATION_TOKENS =
      List.of(
          "classpath:",
          "filesystem:",
          "/",
          "//",
          ".",
          "..",
          "\\",
          "*",
          "db",
          "iceberg",
          "com",
          "acme",
          "_",
          "$",
          "1",
          "é",
          " ",
          "\t",
          "\u0000",
          "\u200b",
          ":",
          "%2e",
          "~",
          "-");

  private static final List<String> NAME_TOKENS =
      List.of(
          "V", "v", "0", "1", "0001", "9999", "00001", "_", "__", "___", "Create", "orders", "A",
          "ABC", "x", "é", "$", "1", " ", "-", "\u0000");

  @Provide
  Arbitrary<String> locations() {
    return Arbitraries.oneOf(
        Arbitraries.of(LOCATION_TOKENS).list().ofMaxSize(10).map(p -> String.join("", p)),
        Arbitraries.strings().all().ofMaxLength(1100));
  }

  @Provide
  Arbitrary<String> classNames() {
    return Arbitraries.oneOf(
        Arbitraries.of(NAME_TOKENS).list().ofMaxSize(8).map(p -> String.join("", p)),
        Arbitraries.strings().all().ofMaxLength(60));
  }

  @Property(tries = 3000)
  void locationIsAPackageOrRefused(@ForAll("locations") String location) {
    MigrationSource source;
    try {
      source = MigrationSource.classpath(location);
    } catch (IllegalArgumentException e) {
      assertThat(e.getMessage()).startsWith("Cannot use migration location");
      return;
    }
    String packageName = source.location().substring("classpath:".length());
    assertThat(packageName.split("/", -1))
        .as("every segment of %s is a Java identifier", source.location())
        .allMatch(
            s ->
                !s.isEmpty()
                    && Character.isJavaIdentifierStart(s.codePointAt(0))
                    && s.codePoints().allMatch(Character::isJavaIdentifierPart));
  }

  @Property(tries = 3000)
  void classNameFollowsTheRuleOrIsNotAMigrationName(@ForAll("classNames") String name) {
    MigrationName parsed = MigrationName.parse(name);
    boolean looksLike = MigrationName.looksLikeMigration(name);
    if (parsed == null) {
      return;
    }
    assertThat(looksLike).isTrue();
    assertThat(MigrationName.isValidVersion(parsed.version())).isTrue();
    assertThat(name).startsWith("V" + parsed.version() + "__");
    assertThat(parsed.description()).isNotBlank().doesNotStartWith(" ").doesNotEndWith(" ");
  }

  /** A migration whose version() and description() say whatever the generator wants. */
  public static final class Scripted extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {}

    @Override
    public void downgrade(MigrationContext ctx) {}
  }

  @Provide
  Arbitrary<String> versions() {
    return Arbitraries.oneOf(
        Arbitraries.strings().numeric().ofMinLength(0).ofMaxLength(6),
        Arbitraries.strings().all().ofMaxLength(10),
        Arbitraries.just(null),
        Arbitraries.just("THROW"));
  }

  @Property(tries = 2500)
  void explicitMigrationResolvesOrIsRefused(
      @ForAll("versions") String version, @ForAll("versions") String description) {
    MigrationFactory factory =
        type ->
            new Migration() {
              @Override
              public String version() {
                return answer(version);
              }

              @Override
              public String description() {
                return answer(description);
              }

              @Override
              public void upgrade(MigrationContext ctx) {}

              @Override
              public void downgrade(MigrationContext ctx) {}
            };
    List<ResolvedMigration> resolved;
    try {
      resolved = MigrationSource.of(Scripted.class).resolve("sales", factory);
    } catch (IllegalArgumentException e) {
      assertThat(e.getMessage()).startsWith("Cannot load migration " + Scripted.class.getName());
      return;
    }
    assertThat(resolved).singleElement().extracting(ResolvedMigration::version).isEqualTo(version);
    assertThat(version).matches("\\d{4}");
  }

  private static String answer(String scripted) {
    if ("THROW".equals(scripted)) {
      throw new IllegalStateException("scripted failure");
    }
    return scripted;
  }
}
