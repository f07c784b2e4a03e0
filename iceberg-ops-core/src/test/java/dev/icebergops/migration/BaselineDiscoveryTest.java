package dev.icebergops.migration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.groups.Tuple.tuple;

import dev.icebergops.migration.fixtures.baselines.V0001__CreateOrders;
import dev.icebergops.migration.fixtures.baselines.V0002__AddRegion;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Baseline migrations ({@code B<NNNN>__}) in class path and explicit sources, and the rules of a
 * set; the directory source's are in iceberg-ops-tooling (FilesystemMigrationSourceTest).
 */
class BaselineDiscoveryTest {

  private static final String FIXTURES = "classpath:dev/icebergops/migration/fixtures/";
  private static final MigrationFactory DEFAULT = MigrationFactory.publicNoArgConstructor();

  /** Two baselines of one version, in two holders so that both can be named B0002__Baseline. */
  static final class First {
    private First() {}

    public static class B0002__Baseline extends Plain {}
  }

  static final class Second {
    private Second() {}

    public static class B0002__Baseline extends Plain {}
  }

  public static class B0002__SquashedChain extends Plain {}

  /** A baseline whose version() disagrees with its name. */
  public static class B0001__Wrong extends Plain {
    @Override
    public String version() {
      return "0002";
    }
  }

  abstract static class Plain extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {}

    @Override
    public void downgrade(MigrationContext ctx) {}
  }

  private static List<Object> listing(List<ResolvedMigration> found) {
    return found.stream()
        .map(m -> (Object) tuple(m.version(), m.description(), m.isBaseline()))
        .toList();
  }

  @Test
  void classpathSourceFindsABaselineRightAfterTheVersionedMigrationOfItsVersion() {
    List<ResolvedMigration> found =
        MigrationSource.classpath(FIXTURES + "baselines").resolve("sales", DEFAULT);

    assertThat(listing(found))
        .containsExactly(
            tuple("0001", "Create orders", false),
            tuple("0002", "Add region", false),
            tuple("0002", "Baseline", true));
    assertThat(found.get(2).checksum()).hasSize(64).isNotEqualTo(found.get(1).checksum());
    assertThat(found.get(2)).hasToString("0002 (Baseline) [baseline]");
  }

  @Test
  void explicitSourceTakesAClassNamedBNNNNAsABaseline() {
    List<ResolvedMigration> found =
        MigrationSource.of(
                V0001__CreateOrders.class, B0002__SquashedChain.class, V0002__AddRegion.class)
            .resolve("sales", DEFAULT);

    assertThat(listing(found))
        .containsExactly(
            tuple("0001", "Create orders", false),
            tuple("0002", "Add region", false),
            tuple("0002", "Squashed chain", true));
  }

  @Test
  void twoBaselinesOfOneVersionAreAnErrorNamingBoth() {
    MigrationSource source =
        MigrationSource.of(
            V0001__CreateOrders.class,
            V0002__AddRegion.class,
            First.B0002__Baseline.class,
            Second.B0002__Baseline.class);

    assertThatThrownBy(() -> source.resolve("sales", DEFAULT))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("Cannot load migrations from classes [")
        .hasMessageContaining("baseline version 0002 is declared by both")
        .hasMessageContaining(First.B0002__Baseline.class.getName())
        .hasMessageContaining(Second.B0002__Baseline.class.getName());
  }

  @Test
  void aBaselineWithoutAVersionedMigrationOfItsVersionIsAnError() {
    MigrationSource source = MigrationSource.classpath(FIXTURES + "orphanbaseline");

    assertThatThrownBy(() -> source.resolve("sales", DEFAULT))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot load migrations from classpath:dev/icebergops/migration/fixtures/orphanbaseline:"
                + " baseline dev.icebergops.migration.fixtures.orphanbaseline.B0002__Baseline builds"
                + " version 0002 but no V0002__ migration has that version; a baseline must stand"
                + " for a version of the chain, so that the toolkit can compare the two");
  }

  @Test
  void aBaselineWhoseVersionDisagreesWithItsNameIsAnError() {
    MigrationSource source =
        MigrationSource.of(V0001__CreateOrders.class, V0002__AddRegion.class, B0001__Wrong.class);

    assertThatThrownBy(() -> source.resolve("sales", DEFAULT))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("version() returns 0002 but the class name says 0001");
  }
}
