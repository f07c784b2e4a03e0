package dev.icebergops.migration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** Gaps between the versions of a set: shown, not refused. */
class VersionGapTest {

  @Test
  void findsEachGapBetweenConsecutiveVersionsInAnyOrder() {
    assertThat(VersionGap.between(List.of("0007", "0001", "0002", "0005", "0010", "0005")))
        .extracting(VersionGap::toString)
        .containsExactly(
            "no version 0003 to 0004 between 0002 and 0005",
            "no version 0006 between 0005 and 0007",
            "no version 0008 to 0009 between 0007 and 0010");
  }

  @Test
  void nothingIsMissingBelowTheLowestVersionOrInAConsecutiveSet() {
    assertThat(VersionGap.between(List.of("0003", "0004"))).isEmpty();
    assertThat(VersionGap.between(List.of())).isEmpty();
  }

  @Test
  void refusesAGapWithNothingInIt() {
    assertThatThrownBy(() -> new VersionGap("0005", "0006"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot create version gap from 0005 to 0006: no version is between");
  }

  @Test
  void missingVersionsUseAsciiDigitsUnderAnyDefaultLocale() {
    Locale before = Locale.getDefault();
    Locale.setDefault(Locale.forLanguageTag("th-TH-u-nu-thai")); // formats %d with Thai digits
    try {
      assertThat(new VersionGap("0005", "0009").missing()).isEqualTo("0006 to 0008");
      assertThat(new VersionGap("0005", "0007"))
          .hasToString("no version 0006 between 0005 and 0007");
      assertThatThrownBy(() -> TableNames.qualify("sales", "a..b"))
          .hasMessage("Cannot qualify table name a..b: part 2 is empty");
    } finally {
      Locale.setDefault(before);
    }
  }
}
