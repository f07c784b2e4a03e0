package dev.icebergops.schema;

import dev.icebergops.internal.ColumnDefaults;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.expressions.Literal;
import org.apache.iceberg.types.Types.NestedField;

/**
 * The schema a table must have: a list of {@link ColumnSpec}s, checked against the live schema
 * before an append or in CI.
 *
 * <pre>{@code
 * SchemaContract contract = SchemaContract.of(
 *     ColumnSpec.required("order_id", Types.LongType.get()),
 *     ColumnSpec.optional("order_total", Types.DoubleType.get()));
 * contract.enforce(table);   // throws SchemaContractViolation on drift
 * }</pre>
 *
 * <p>Types are compared structurally (field ids, struct field order and nested docs are ignored); a
 * type reachable only by promotion ({@code int} where the contract says {@code long}) is still a
 * violation. Inside a struct, list or map each difference is reported by its nested path: a field
 * missing, unexpected, retyped or of another nullability ({@code address.zip}, {@code
 * items.element.sku}). A non-strict contract allows extra columns (useful next to legacy-archived
 * columns); a strict one reports them.
 *
 * @param columns the declared columns, in declaration order
 * @param strict whether columns that the contract does not list are violations
 */
public record SchemaContract(List<ColumnSpec> columns, boolean strict) {

  private static final String CLASSPATH = "classpath:";

  /**
   * Creates a contract.
   *
   * @param columns the expected columns, with unique names, in declaration order
   * @param strict whether columns that the contract does not list are violations
   * @throws NullPointerException if columns is null
   * @throws IllegalArgumentException if columns is empty, holds null or names a column twice
   */
  public SchemaContract {
    Objects.requireNonNull(columns, "columns");
    if (columns.isEmpty()) {
      throw new IllegalArgumentException("Cannot create contract: it declares no columns");
    }
    Set<String> names = new HashSet<>();
    for (ColumnSpec column : columns) {
      if (column == null) {
        throw new IllegalArgumentException("Cannot create contract: a column is null");
      }
      if (!names.add(column.name())) {
        throw new IllegalArgumentException(
            "Cannot create contract: column " + column.name() + " is declared twice");
      }
    }
    columns = List.copyOf(columns);
  }

  private static SchemaContract of(ContractYaml.Layout layout) {
    return new SchemaContract(layout.columns(), layout.strict());
  }

  /**
   * A non-strict contract over the given columns.
   *
   * @throws IllegalArgumentException if there is no column, a null one or one named twice
   */
  public static SchemaContract of(ColumnSpec... columns) {
    return new SchemaContract(Arrays.asList(columns), false);
  }

  /**
   * A strict contract over the given columns: no other column may exist.
   *
   * @throws IllegalArgumentException if there is no column, a null one or one named twice
   */
  public static SchemaContract strict(ColumnSpec... columns) {
    return new SchemaContract(Arrays.asList(columns), true);
  }

  /**
   * Loads a contract from a YAML file: a mapping with a non-empty {@code columns} list and an
   * optional {@code strict} boolean; each column has string {@code name} and {@code type}, optional
   * boolean {@code required} and optional string {@code doc}. A type is a primitive or a nested
   * type in Iceberg's grammar ({@code struct<zip: required string>}, {@code list<string>}, {@code
   * map<string, int>}), as {@link IcebergTypes#parseType(String)} reads it.
   *
   * <pre>{@code
   * SchemaContract contract = SchemaContract.fromYaml(Path.of("contracts/orders.yaml"));
   * }</pre>
   *
   * @param path the YAML file, read as UTF-8 (a byte-order mark is ignored)
   * @return the contract
   * @throws java.nio.file.NoSuchFileException if the file does not exist
   * @throws IOException if the file cannot be read
   * @throws IllegalArgumentException if the file is not valid YAML or not of that layout; the
   *     message names the file, the column and the problem
   */
  public static SchemaContract fromYaml(Path path) throws IOException {
    return of(ContractYaml.load(path));
  }

  /**
   * Loads a contract in the YAML layout of {@link #fromYaml(Path)} from a stream, for contracts
   * that are not files (a class path resource, a download). The stream is read up to the same size
   * limit and is not closed.
   *
   * <pre>{@code
   * try (InputStream in = bucket.open("contracts/orders.yaml")) {
   *   SchemaContract contract = SchemaContract.fromYaml(in, "s3://bucket/contracts/orders.yaml");
   * }
   * }</pre>
   *
   * @param in the YAML document, as UTF-8 (a byte-order mark is ignored)
   * @param sourceName what the stream was read from, named in every error message
   * @return the contract
   * @throws IOException if the stream cannot be read
   * @throws IllegalArgumentException if the stream or name is null, or the document is not valid
   *     YAML or not of that layout; the message names the source, the column and the problem
   */
  public static SchemaContract fromYaml(InputStream in, String sourceName) throws IOException {
    if (in == null || sourceName == null) {
      throw new IllegalArgumentException(
          "Cannot load contract %s: the %s is null"
              .formatted(sourceName, in == null ? "stream" : "name"));
    }
    return of(ContractYaml.load(in, sourceName));
  }

  /**
   * Loads a contract in the YAML layout of {@link #fromYaml(Path)} from the class path, so that a
   * test finds it whatever its working directory: with the thread's context class loader, or this
   * class's loader when there is none.
   *
   * <pre>{@code
   * SchemaContract orders = SchemaContract.fromClasspath("contracts/sales/orders.yaml");
   * }</pre>
   *
   * @param resource the resource's name, for example {@code contracts/sales/orders.yaml}; a leading
   *     {@code classpath:} or {@code /} is ignored
   * @return the contract
   * @throws IllegalArgumentException if the name is blank, no such resource is on the class path,
   *     or it is not a valid contract; the message names the resource
   * @throws UncheckedIOException if the resource cannot be read
   */
  public static SchemaContract fromClasspath(String resource) {
    if (resource == null || resource.isBlank()) {
      throw new IllegalArgumentException(
          "Cannot load contract " + resource + ": the name is empty");
    }
    String name = resource.strip().replaceFirst("^" + CLASSPATH, "").replaceFirst("^/+", "");
    ClassLoader loader =
        Objects.requireNonNullElse(
            Thread.currentThread().getContextClassLoader(), SchemaContract.class.getClassLoader());
    try (InputStream in = loader.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalArgumentException(
            "Cannot load contract " + name + ": no such resource on the class path");
      }
      return of(ContractYaml.load(in, name));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot load contract " + name + ": " + e.getMessage(), e);
    }
  }

  /**
   * Checks a table's current schema, refreshing the table first.
   *
   * @param table the table
   * @return every violation; empty when the table conforms
   */
  public List<String> validate(Table table) {
    table.refresh();
    return validate(table.schema());
  }

  /**
   * Checks a schema.
   *
   * @param schema the schema
   * @return every violation; empty when the schema conforms
   */
  public List<String> validate(Schema schema) {
    List<String> violations = new ArrayList<>();
    Map<String, NestedField> paths = FieldIndex.byPath(schema.asStruct());
    for (ColumnSpec column : columns) {
      NestedField field = paths.get(column.name());
      if (field == null) {
        field = schema.findField(column.name()); // a short name, without "element"
      }
      if (field == null) {
        if (column.required()) {
          violations.add(
              "missing required column %s (%s)"
                  .formatted(column.name(), IcebergTypes.format(column.type())));
        }
      } else {
        NestedDrift.compare(column.name(), field.type(), column.type(), violations);
        compareDefault(column, "initial", column.initialDefault(), field.initialDefault(), field)
            .ifPresent(violations::add);
        compareDefault(column, "write", column.writeDefault(), field.writeDefault(), field)
            .ifPresent(violations::add);
      }
    }
    if (strict) {
      Set<String> declared = columns.stream().map(ColumnSpec::name).collect(Collectors.toSet());
      for (NestedField field : schema.columns()) {
        if (!declared.contains(field.name())) {
          violations.add(
              "unexpected column %s (%s) is not in the strict contract"
                  .formatted(field.name(), IcebergTypes.format(field.type())));
        }
      }
    }
    return violations;
  }

  /**
   * Like {@link #validate(Table)}, but throws when the table does not conform.
   *
   * @param table the table; refreshed first
   * @throws SchemaContractViolation listing every violation
   */
  public void enforce(Table table) {
    List<String> violations = validate(table);
    if (!violations.isEmpty()) {
      throw new SchemaContractViolation(table.name(), violations);
    }
  }

  /**
   * Like {@link #validate(Schema)}, but throws when the schema does not conform.
   *
   * @param schema the schema
   * @throws SchemaContractViolation listing every violation
   */
  public void enforce(Schema schema) {
    List<String> violations = validate(schema);
    if (!violations.isEmpty()) {
      throw new SchemaContractViolation("schema", violations);
    }
  }

  /** The violation of a declared default, naming the column and both values. */
  private static Optional<String> compareDefault(
      ColumnSpec column, String which, Literal<?> expected, Object actual, NestedField field) {
    if (expected == null || expected.value().equals(actual)) {
      return Optional.empty();
    }
    return Optional.of(
        String.format(
            "column %s has %s, expected %s default %s",
            column.name(),
            actual == null
                ? "no " + which + " default"
                : which + " default " + ColumnDefaults.text(field.type(), actual),
            which,
            ColumnDefaults.text(column.type(), expected.value())));
  }

  @Override
  public String toString() {
    return "SchemaContract" + (strict ? "(strict)" : "") + columns;
  }
}
