package dev.icebergops.schema;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.CollectionNode;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.representer.Representer;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * Safe YAML loading with stated limits: a contract file of at most {@value #MAX_BYTES} bytes,
 * scalars of at most {@value #MAX_SCALAR} characters, {@value #MAX_ALIASES} aliases, nesting
 * {@value #MAX_DEPTH} deep, no duplicate or recursive keys, no tag that builds an object, and only
 * {@code true} / {@code false} as booleans ({@code yes}, {@code on} and the like stay strings). The
 * byte cap also bounds the code points SnakeYAML reads, below its own limit; it is the cap of every
 * YAML file iceberg-ops reads, the command line's configuration too ({@link #readBounded}).
 */
public final class YamlLimits {

  /** The largest YAML file read; SnakeYAML scans a long scalar in quadratic time. */
  static final int MAX_BYTES = 1 << 20;

  /** The longest scalar (a key or a value) accepted. */
  static final int MAX_SCALAR = 64 * 1024;

  static final int MAX_ALIASES = 20;
  static final int MAX_DEPTH = 20;

  private YamlLimits() {}

  /**
   * Reads a YAML file's bytes, at most {@value #MAX_BYTES} (1 MiB), so that a huge file or a device
   * is refused without being read whole.
   *
   * @param in the file's contents
   * @param cannot the start of the refusal's message: {@code Cannot read config iceberg-ops.yaml}
   * @param what the kind of file, for the message: {@code a contract}
   * @return the bytes
   * @throws IllegalArgumentException if there are more: {@code <cannot>: the file is larger than
   *     1048576 bytes (1 MiB), the limit for <what>}
   * @throws IOException if the file cannot be read
   */
  public static byte[] readBounded(InputStream in, String cannot, String what) throws IOException {
    byte[] bytes = in.readNBytes(MAX_BYTES + 1);
    if (bytes.length > MAX_BYTES) {
      throw new IllegalArgumentException(
          "%s: the file is larger than %s bytes (1 MiB), the limit for %s"
              .formatted(cannot, MAX_BYTES, what));
    }
    return bytes;
  }

  /** A scalar over {@link #MAX_SCALAR}; its message says where. */
  static final class ScalarTooLong extends RuntimeException {
    ScalarTooLong(String message) {
      super(message);
    }
  }

  /**
   * Parses one YAML document into maps, lists and scalars, giving {@code composed} the document's
   * node tree (its marks: where each value is) before it is constructed.
   *
   * @return the document, or null when there is none
   * @throws YAMLException if the text is not valid YAML or breaks a limit
   * @throws ScalarTooLong if a scalar is longer than {@link #MAX_SCALAR}
   */
  static Object load(String text, Consumer<Node> composed) {
    LoaderOptions options = new LoaderOptions();
    options.setAllowDuplicateKeys(false);
    options.setMaxAliasesForCollections(MAX_ALIASES);
    options.setAllowRecursiveKeys(false);
    options.setNestingDepthLimit(MAX_DEPTH);
    options.setWrappedToRootException(true);
    Builder builder = new Builder(options);
    Yaml yaml =
        new Yaml(
            builder,
            new Representer(new DumperOptions()),
            new DumperOptions(),
            options,
            new StrictBooleans());
    Node root = yaml.compose(new StringReader(text));
    if (root == null) {
      return null;
    }
    checkScalars(root, new IdentityHashMap<>());
    composed.accept(root);
    return builder.build(root);
  }

  /**
   * Where a mark is, for a message.
   *
   * @param mark a mark of a YAML node or problem, or null
   * @return {@code " at line L, column C"} (both counted from 1), or nothing when null
   */
  public static String where(Mark mark) {
    return mark == null
        ? ""
        : " at line " + (mark.getLine() + 1) + ", column " + (mark.getColumn() + 1);
  }

  private static void checkScalars(Node node, Map<Node, Boolean> seen) {
    if (seen.put(node, Boolean.TRUE) != null) {
      return;
    }
    if (node instanceof ScalarNode scalar) {
      if (scalar.getValue().length() > MAX_SCALAR) {
        throw new ScalarTooLong(
            "a value is longer than %s characters, the limit for a contract%s"
                .formatted(MAX_SCALAR, where(scalar.getStartMark())));
      }
    } else if (node instanceof MappingNode mapping) {
      for (NodeTuple tuple : mapping.getValue()) {
        checkScalars(tuple.getKeyNode(), seen);
        checkScalars(tuple.getValueNode(), seen);
      }
    } else if (node instanceof CollectionNode<?> collection) {
      for (Object child : collection.getValue()) {
        checkScalars((Node) child, seen);
      }
    }
  }

  /** SafeConstructor, building from a node composed (and checked) beforehand. */
  private static final class Builder extends SafeConstructor {
    Builder(LoaderOptions options) {
      super(options);
    }

    Object build(Node node) {
      return constructDocument(node);
    }
  }

  /**
   * YAML 1.1's implicit types with two YAML 1.2 rules: only true and false are booleans, and a date
   * is a string (a column named {@code 2024-01-01} is a name, not a timestamp).
   */
  private static final class StrictBooleans extends Resolver {
    private static final Pattern TRUE_FALSE =
        Pattern.compile("^(?:true|True|TRUE|false|False|FALSE)$");

    @Override
    protected void addImplicitResolvers() {
      addImplicitResolver(Tag.BOOL, TRUE_FALSE, "tTfF");
      addImplicitResolver(Tag.INT, INT, "-+0123456789");
      addImplicitResolver(Tag.FLOAT, FLOAT, "-+0123456789.");
      addImplicitResolver(Tag.MERGE, MERGE, "<");
      addImplicitResolver(Tag.NULL, NULL, "~nN\0");
      addImplicitResolver(Tag.NULL, EMPTY, null);
    }
  }
}
