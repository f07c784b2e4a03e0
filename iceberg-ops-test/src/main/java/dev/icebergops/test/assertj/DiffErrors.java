package dev.icebergops.test.assertj;

import dev.icebergops.schema.SchemaDiff;
import java.util.List;
import org.assertj.core.error.BasicErrorMessageFactory;
import org.assertj.core.error.ErrorMessageFactory;

/** The failure messages of {@link SchemaDiffAssert}, one factory per kind; each shows the diff. */
final class DiffErrors {

  private DiffErrors() {}

  static ErrorMessageFactory shouldBeEmpty(SchemaDiff actual) {
    return new ShouldBeEmpty(actual);
  }

  static ErrorMessageFactory shouldNotBeEmpty(SchemaDiff actual) {
    return new ShouldNotBeEmpty(actual);
  }

  static ErrorMessageFactory shouldHaveChange(SchemaDiff actual, String kind, String change) {
    return new ShouldHaveChange(actual, kind, change);
  }

  static ErrorMessageFactory shouldHaveOnlyAdditions(SchemaDiff actual, List<String> others) {
    return new ShouldHaveOnlyAdditions(actual, others);
  }

  /** "Expecting actual: <diff> to be empty". */
  static final class ShouldBeEmpty extends BasicErrorMessageFactory {
    private ShouldBeEmpty(SchemaDiff actual) {
      super(
          "%nExpecting actual:%n%s%nto be empty (the schemas identical)%nbut it has changes",
          unquotedString(Render.indent(actual.summary())));
    }
  }

  /** "Expecting actual: Schemas are identical. not to be empty". */
  static final class ShouldNotBeEmpty extends BasicErrorMessageFactory {
    private ShouldNotBeEmpty(SchemaDiff actual) {
      super(
          "%nExpecting actual:%n%s%nnot to be empty%nbut the schemas are identical",
          unquotedString(Render.indent(actual.summary())));
    }
  }

  /** "Expecting actual: <diff> to have <kind>: <change> but it does not". */
  static final class ShouldHaveChange extends BasicErrorMessageFactory {
    private ShouldHaveChange(SchemaDiff actual, String kind, String change) {
      super(
          "%nExpecting actual:%n%s%nto have " + kind + ":%n%s%nbut it does not",
          unquotedString(Render.indent(actual.summary())),
          unquotedString(Render.indent(change)));
    }
  }

  /** "Expecting actual: <diff> to have only additions but it also has: <other changes>". */
  static final class ShouldHaveOnlyAdditions extends BasicErrorMessageFactory {
    private ShouldHaveOnlyAdditions(SchemaDiff actual, List<String> others) {
      super(
          others.isEmpty()
              ? "%nExpecting actual:%n%s%nto have only additions%nbut it has no changes at all"
              : "%nExpecting actual:%n%s%nto have only additions%nbut it also has:%n%s",
          unquotedString(Render.indent(actual.summary())),
          unquotedString(Render.indent(Render.lines(others))));
    }
  }
}
