package dev.icebergops.test.env.containers;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class EngineProbeTest {

  @Test
  void theRyukImageIsTheOneTestcontainersStarts() throws Exception {
    String classFile = "org/testcontainers/utility/RyukContainer.class";
    String constants;
    try (InputStream in = getClass().getClassLoader().getResourceAsStream(classFile)) {
      assertThat(in).as("%s on the class path", classFile).isNotNull();
      constants = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
    }
    Matcher image = Pattern.compile("testcontainers/ryuk:[\\w.-]+").matcher(constants);

    assertThat(image.find())
        .as("an image name testcontainers/ryuk:<tag> in %s", classFile)
        .isTrue();
    assertThat(EngineProbe.RYUK_IMAGE).isEqualTo(image.group());
  }
}
