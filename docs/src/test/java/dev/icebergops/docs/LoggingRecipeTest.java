package dev.icebergops.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.docs.Pages.Block;
import java.io.IOException;
import java.io.StringReader;
import java.text.SimpleDateFormat;
import java.util.GregorianCalendar;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * The README's logging recipe stamps each line with the clock time: SimpleLogger prints the
 * milliseconds since start when {@code showDateTime} comes without a {@code dateTimeFormat}, and
 * formats the time with {@link SimpleDateFormat} when it has one.
 */
class LoggingRecipeTest {

  @Test
  void theSimpleLoggerRecipePrintsTheClockTime() throws IOException {
    Block recipe =
        Pages.blocks(GuideCodeBlocksTest.README, "README.md").stream()
            .filter(b -> String.join("\n", b.lines()).contains("org.slf4j.simpleLogger."))
            .findFirst()
            .orElseThrow();
    Properties settings = new Properties();
    settings.load(new StringReader(String.join("\n", recipe.lines())));

    assertThat(settings.getProperty("org.slf4j.simpleLogger.showDateTime")).isEqualTo("true");
    String format = settings.getProperty("org.slf4j.simpleLogger.dateTimeFormat");
    assertThat(format)
        .as("%s shows the time without a dateTimeFormat: milliseconds since start", recipe.where())
        .isNotNull();
    assertThat(
            new SimpleDateFormat(format)
                .format(new GregorianCalendar(2026, 11, 5, 13, 4, 5).getTime()))
        .as("%s's dateTimeFormat %s", recipe.where(), format)
        .contains("13:04:05");
  }
}
