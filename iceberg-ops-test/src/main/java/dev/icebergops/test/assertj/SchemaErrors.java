package dev.icebergops.test.assertj;

import java.util.List;
import org.assertj.core.error.BasicErrorMessageFactory;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * The failure messages of the schema assertions ({@link SchemaAssert}, {@link TableAssert}, {@link
 * ColumnAssert}), one factory per kind; each shows the actual schema with all its columns.
 */
final class SchemaErrors {

  private SchemaErrors() {}

  static ErrorMessageFactory shouldConformTo(
      String actual, List<String> contract, List<String> violations) {
    return new ShouldConformTo(actual, contract, violations);
  }

  static ErrorMessageFactory shouldHaveColumn(String actual, String path) {
    return new ShouldHaveColumn(actual, path);
  }

  static ErrorMessageFactory shouldNotHaveColumn(String actual, String path) {
    return new ShouldNotHaveColumn(actual, path);
  }

  static ErrorMessageFactory shouldHaveLegacyColumn(
      String actual, String expected, List<String> legacy) {
    return new ShouldHaveLegacyColumn(actual, expected, legacy);
  }

  static ErrorMessageFactory shouldHaveNoLegacyColumns(String actual, List<String> legacy) {
    return new ShouldHaveNoLegacyColumns(actual, legacy);
  }

  static ErrorMessageFactory columnShould(
      String actual, String path, String expectation, String expected, String was) {
    return new ColumnShould(actual, path, expectation, expected, was);
  }

  /** "Expecting actual: <schema> to conform to contract: <columns> but it violates: <lines>". */
  static final class ShouldConformTo extends BasicErrorMessageFactory {
    private ShouldConformTo(String actual, List<String> contract, List<String> violations) {
      super(
          "%nExpecting actual:%n%s%nto conform to contract:%n%s%nbut it violates %s:%n%s",
          unquotedString(Render.indent(actual)),
          unquotedString(Render.indent(Render.lines(contract))),
          unquotedString(
              violations.size() + (violations.size() == 1 ? " contract line" : " contract lines")),
          unquotedString(Render.indent(Render.bullets(violations))));
    }
  }

  /** "Expecting actual: <schema> to have column: <path> but it does not". */
  static final class ShouldHaveColumn extends BasicErrorMessageFactory {
    private ShouldHaveColumn(String actual, String path) {
      super(
          "%nExpecting actual:%n%s%nto have column:%n  %s%nbut it does not",
          unquotedString(Render.indent(actual)), path);
    }
  }

  /** "Expecting actual: <schema> not to have column: <path> but it does". */
  static final class ShouldNotHaveColumn extends BasicErrorMessageFactory {
    private ShouldNotHaveColumn(String actual, String path) {
      super(
          "%nExpecting actual:%n%s%nnot to have column:%n  %s%nbut it does",
          unquotedString(Render.indent(actual)), path);
    }
  }

  /** "Expecting actual: <schema> to have legacy column: <name> but ...". */
  static final class ShouldHaveLegacyColumn extends BasicErrorMessageFactory {
    private ShouldHaveLegacyColumn(String actual, String expected, List<String> legacy) {
      super(
          legacy.isEmpty()
              ? "%nExpecting actual:%n%s%nto have legacy column:%n  %s%nbut it has none"
              : "%nExpecting actual:%n%s%nto have legacy column:%n  %s%nbut it only has:%n%s",
          unquotedString(Render.indent(actual)),
          unquotedString(expected),
          unquotedString(Render.indent(Render.lines(legacy))));
    }
  }

  /** "Expecting actual: <schema> to have no legacy columns but it has: <names>". */
  static final class ShouldHaveNoLegacyColumns extends BasicErrorMessageFactory {
    private ShouldHaveNoLegacyColumns(String actual, List<String> legacy) {
      super(
          "%nExpecting actual:%n%s%nto have no legacy columns (<column>__legacy_<N>)%nbut it has:%n%s",
          unquotedString(Render.indent(actual)),
          unquotedString(Render.indent(Render.lines(legacy))));
    }
  }

  /** "Expecting column <path> of: <schema> to have type: <expected> but was: <actual>". */
  static final class ColumnShould extends BasicErrorMessageFactory {
    private ColumnShould(
        String actual, String path, String expectation, String expected, String was) {
      super(
          "%nExpecting column %s of:%n%s%n" + expectation + ":%n  %s%nbut was:%n  %s",
          path,
          unquotedString(Render.indent(actual)),
          unquotedString(expected),
          unquotedString(was));
    }
  }
}
