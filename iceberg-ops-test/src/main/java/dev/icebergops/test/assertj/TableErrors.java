package dev.icebergops.test.assertj;

import java.util.List;
import org.assertj.core.error.BasicErrorMessageFactory;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * The failure messages of the table-level assertions of {@link TableAssert}, one factory per kind;
 * each shows the table's whole partition spec, sort order or property map.
 */
final class TableErrors {

  private TableErrors() {}

  static ErrorMessageFactory shouldHavePartitionField(String actual, String expected) {
    return new ShouldHavePartitionField(actual, expected);
  }

  static ErrorMessageFactory shouldBeUnpartitioned(String actual) {
    return new ShouldBeUnpartitioned(actual);
  }

  static ErrorMessageFactory shouldHaveSortOrder(String actual, List<String> expected) {
    return new ShouldHaveSortOrder(actual, expected);
  }

  static ErrorMessageFactory shouldBeUnsorted(String actual) {
    return new ShouldBeUnsorted(actual);
  }

  static ErrorMessageFactory shouldHaveProperty(
      String actual, String key, String value, String was) {
    return new ShouldHaveProperty(actual, key, value, was);
  }

  static ErrorMessageFactory shouldNotHaveProperty(String actual, String key, String was) {
    return new ShouldNotHaveProperty(actual, key, was);
  }

  /** "Expecting actual: <spec> to have partition field: <field> but it does not". */
  static final class ShouldHavePartitionField extends BasicErrorMessageFactory {
    private ShouldHavePartitionField(String actual, String expected) {
      super(
          "%nExpecting actual:%n%s%nto have partition field:%n  %s%nbut it does not",
          unquotedString(Render.indent(actual)), unquotedString(expected));
    }
  }

  /** "Expecting actual: <spec> to be unpartitioned but it is not". */
  static final class ShouldBeUnpartitioned extends BasicErrorMessageFactory {
    private ShouldBeUnpartitioned(String actual) {
      super(
          "%nExpecting actual:%n%s%nto be unpartitioned%nbut it is not",
          unquotedString(Render.indent(actual)));
    }
  }

  /** "Expecting actual: <sort order> to be sorted by: <fields> but it is not". */
  static final class ShouldHaveSortOrder extends BasicErrorMessageFactory {
    private ShouldHaveSortOrder(String actual, List<String> expected) {
      super(
          "%nExpecting actual:%n%s%nto be sorted by:%n%s%nbut it is not",
          unquotedString(Render.indent(actual)),
          unquotedString(Render.indent(Render.lines(expected))));
    }
  }

  /** "Expecting actual: <sort order> to be unsorted but it is not". */
  static final class ShouldBeUnsorted extends BasicErrorMessageFactory {
    private ShouldBeUnsorted(String actual) {
      super(
          "%nExpecting actual:%n%s%nto be unsorted%nbut it is not",
          unquotedString(Render.indent(actual)));
    }
  }

  /** "Expecting actual: <properties> to have property: <key=value> but ...". */
  static final class ShouldHaveProperty extends BasicErrorMessageFactory {
    private ShouldHaveProperty(String actual, String key, String value, String was) {
      super(
          was == null
              ? "%nExpecting actual:%n%s%nto have property:%n  %s=%s%nbut it is not set"
              : "%nExpecting actual:%n%s%nto have property:%n  %s=%s%nbut its value is:%n  %s",
          unquotedString(Render.indent(actual)),
          unquotedString(key),
          unquotedString(value),
          unquotedString(String.valueOf(was)));
    }
  }

  /** "Expecting actual: <properties> not to have property: <key> but it is set to <value>". */
  static final class ShouldNotHaveProperty extends BasicErrorMessageFactory {
    private ShouldNotHaveProperty(String actual, String key, String was) {
      super(
          "%nExpecting actual:%n%s%nnot to have property:%n  %s%nbut it is set to:%n  %s",
          unquotedString(Render.indent(actual)), unquotedString(key), unquotedString(was));
    }
  }
}
