package dev.icebergops.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.test.Backend;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * The GitHub Actions workflow of docs/ci.md: valid YAML, triggered only by events that do not hand
 * secrets to a fork's code, on the project's Java, running the README's test command, and naming
 * the backend by the variable the extension reads.
 */
class CiWorkflowTest {

  static Map<String, Object> workflow;

  @BeforeAll
  static void parse() throws IOException {
    try (InputStream in = CiWorkflowTest.class.getResourceAsStream("/ci/github-actions.yml")) {
      workflow = new Yaml(new SafeConstructor(new LoaderOptions())).load(in);
    }
  }

  @Test
  void neverRunsOnPullRequestTarget() {
    Object on = workflow.containsKey("on") ? workflow.get("on") : workflow.get(Boolean.TRUE);
    assertThat(map(on)).containsOnlyKeys("pull_request", "push");
  }

  @Test
  void everyJobSetsUpTheJavaTheProjectNeeds() {
    for (Map.Entry<String, Object> job : map(workflow.get("jobs")).entrySet()) {
      List<Map<String, Object>> setups =
          steps(job.getValue()).stream()
              .filter(step -> String.valueOf(step.get("uses")).startsWith("actions/setup-java@"))
              .toList();
      assertThat(setups).as(job.getKey()).hasSize(1);
      assertThat(map(setups.get(0).get("with")))
          .as(job.getKey())
          .containsEntry("java-version", "17");
    }
  }

  @Test
  void everyJobRunsTheReadmesTestCommand() {
    Build build = new Build(GuideCodeBlocksTest.ROOT);
    List<String> readme = new ArrayList<>();
    Pages.blocks(GuideCodeBlocksTest.README, "README.md").stream()
        .filter(block -> block.language().equals("bash"))
        .forEach(
            block -> ShellCommands.of(block.lines()).forEach(c -> readme.add(String.join(" ", c))));
    for (Map.Entry<String, Object> job : map(workflow.get("jobs")).entrySet()) {
      List<String> runs =
          steps(job.getValue()).stream()
              .filter(step -> step.containsKey("run"))
              .map(step -> String.valueOf(step.get("run")))
              .toList();
      assertThat(runs).as(job.getKey()).containsExactly("mvn -B verify");
      assertThat(readme).as("the README's commands").contains("mvn -B verify");
      runs.forEach(run -> assertThat(build.problems(ShellCommands.words(run))).as(run).isEmpty());
    }
  }

  @Test
  void theContainersJobNamesABackendTheExtensionKnows() {
    Map<String, Object> env = map(map(map(workflow.get("jobs")).get("containers")).get("env"));
    assertThat(env).containsOnlyKeys(Backend.ENV);
    assertThat(Backend.valueOf(String.valueOf(env.get(Backend.ENV)).toUpperCase(Locale.ROOT)))
        .isEqualTo(Backend.CONTAINERS);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Object value) {
    assertThat(value).isInstanceOf(Map.class);
    return (Map<String, Object>) value;
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> steps(Object job) {
    return (List<Map<String, Object>>) map(job).get("steps");
  }
}
