package dev.icebergops.test.assertj;

import dev.icebergops.test.internal.CheckReport;
import java.util.List;
import org.assertj.core.error.BasicErrorMessageFactory;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * The failure messages of {@link MigrationRunnerAssert}, one factory per kind; each shows the
 * status of every version of the namespace.
 */
final class RunnerErrors {

  private RunnerErrors() {}

  static ErrorMessageFactory shouldBeAtHead(String actual, List<String> notApplied) {
    return new ShouldBeAtHead(actual, notApplied);
  }

  static ErrorMessageFactory shouldHaveCurrentVersion(String actual, String expected, String was) {
    return new ShouldHaveCurrentVersion(actual, expected, was);
  }

  static ErrorMessageFactory shouldHavePending(
      String actual, List<String> expected, List<String> was) {
    return new ShouldHavePending(actual, expected, was);
  }

  static ErrorMessageFactory shouldPassCheck(CheckReport report) {
    return new ShouldPassCheck(report);
  }

  /** "Expecting actual: <status> to be at head but these versions are not applied: <versions>". */
  static final class ShouldBeAtHead extends BasicErrorMessageFactory {
    private ShouldBeAtHead(String actual, List<String> notApplied) {
      super(
          "%nExpecting actual:%n%s%nto be at head (every version applied)%nbut %s not applied:%n%s",
          unquotedString(Render.indent(actual)),
          unquotedString(
              notApplied.size() == 1 ? "1 version is" : notApplied.size() + " versions are"),
          unquotedString(Render.indent(Render.lines(notApplied))));
    }
  }

  /** "Expecting actual: <status> to have current version: <v> but was: <v>". */
  static final class ShouldHaveCurrentVersion extends BasicErrorMessageFactory {
    private ShouldHaveCurrentVersion(String actual, String expected, String was) {
      super(
          was == null
              ? "%nExpecting actual:%n%s%nto have current version:%n  %s%nbut no version is applied"
              : "%nExpecting actual:%n%s%nto have current version:%n  %s%nbut was:%n  %s",
          unquotedString(Render.indent(actual)),
          expected,
          was);
    }
  }

  /** "Expecting actual: <status> to have exactly these pending versions: <v> but were: <v>". */
  static final class ShouldHavePending extends BasicErrorMessageFactory {
    private ShouldHavePending(String actual, List<String> expected, List<String> was) {
      super(
          "%nExpecting actual:%n%s%nto have exactly these pending versions, in order:%n  %s%nbut"
              + " they are:%n  %s",
          unquotedString(Render.indent(actual)), expected, was);
    }
  }

  /** The report's own message, already in this layout, naming the version and showing the diff. */
  static final class ShouldPassCheck extends BasicErrorMessageFactory {
    private ShouldPassCheck(CheckReport report) {
      super("%n%s", unquotedString(report.failureMessage()));
    }
  }
}
