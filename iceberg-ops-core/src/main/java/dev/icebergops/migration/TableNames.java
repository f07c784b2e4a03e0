package dev.icebergops.migration;

import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;

/**
 * The one way iceberg-ops reads dotted names: a namespace such as {@code "sales.eu"}, and a table
 * name qualified with a namespace when it is bare. A bare name ({@code "orders"}) belongs to the
 * namespace given; a dotted one ({@code "archive.orders"}) names its own, every dot but the last
 * separating namespace levels.
 *
 * <pre>{@code
 * TableNames.qualify("sales.eu", "orders");          // "sales.eu.orders"
 * TableNames.qualify("sales.eu", "archive.orders");  // "archive.orders"
 * TableIdentifier id = TableNames.identifier("sales.eu", "orders");
 * catalog.listTables(TableNames.namespace("sales.eu"));
 * }</pre>
 */
public final class TableNames {

  private TableNames() {}

  /**
   * The namespace of a dotted name, one level per part.
   *
   * @param dotted a namespace such as {@code "sales"} or {@code "sales.eu"}
   * @return the namespace
   * @throws IllegalArgumentException if the name is null or blank, or a level is empty ({@code
   *     "sales..eu"})
   */
  public static Namespace namespace(String dotted) {
    if (dotted == null || dotted.isBlank()) {
      throw new IllegalArgumentException(
          "Cannot parse namespace '" + dotted + "': the name is empty");
    }
    String[] levels = dotted.split("\\.", -1);
    for (int i = 0; i < levels.length; i++) {
      if (levels[i].isBlank()) {
        throw new IllegalArgumentException(
            "Cannot parse namespace " + dotted + ": level " + (i + 1) + " is empty");
      }
    }
    return Namespace.of(levels);
  }

  /**
   * Qualifies a table name with a namespace when it is bare.
   *
   * @param namespace the namespace of bare names, e.g. {@code "sales.eu"}
   * @param name a bare table name ({@code "orders"}), or a dotted one ({@code "archive.orders"})
   * @return {@code "<namespace>.<name>"} for a bare name; a dotted name unchanged
   * @throws IllegalArgumentException if the name is null or blank or has an empty part, or the name
   *     is bare and the namespace is null, blank or has an empty level
   */
  public static String qualify(String namespace, String name) {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("Cannot qualify table name: the name is empty");
    }
    if (!name.contains(".") && (namespace == null || namespace.isBlank())) {
      throw new IllegalArgumentException(
          "Cannot qualify table name " + name + ": no namespace to qualify it with");
    }
    String qualified = name.contains(".") ? name : namespace + "." + name;
    String[] parts = qualified.split("\\.", -1);
    for (int i = 0; i < parts.length; i++) {
      if (parts[i].isBlank()) {
        throw new IllegalArgumentException(
            String.format(
                "Cannot qualify table name %s: part %s is empty%s",
                qualified, i + 1, name.contains(".") ? "" : " (in namespace " + namespace + ")"));
      }
    }
    return qualified;
  }

  /**
   * The identifier of a table, qualified as {@link #qualify} does.
   *
   * @param namespace the namespace of bare names
   * @param name a bare or dotted table name
   * @return the identifier; every dot but the last separates namespace levels
   * @throws IllegalArgumentException as {@link #qualify} does
   */
  public static TableIdentifier identifier(String namespace, String name) {
    return TableIdentifier.parse(qualify(namespace, name));
  }
}
