package dev.icebergops.runner;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.expression.Alias;
import net.sf.jsqlparser.expression.AnalyticExpression;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.ExpressionVisitorAdapter;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.select.AllColumns;
import net.sf.jsqlparser.statement.select.AllTableColumns;
import net.sf.jsqlparser.statement.select.FromItem;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.ParenthesedFromItem;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SetOperationList;
import net.sf.jsqlparser.statement.select.TableFunction;
import net.sf.jsqlparser.statement.select.WithItem;
import org.apache.iceberg.Schema;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.relocated.com.google.common.base.Throwables;
import org.apache.iceberg.types.Types.NestedField;

/**
 * The table columns a view's SQL reads, parsed with JSqlParser and resolved against the tables it
 * names: qualified ({@code o.amount}, {@code sales.orders.amount}), aliased, unqualified (the table
 * in scope that has the column, an outer query's for a correlated subquery), a struct's field
 * ({@code address.city}), {@code *} and {@code t.*} (every column), in every clause, in joins,
 * subqueries, common table expressions and set operations. A column read through a subquery counts
 * where the subquery reads it. Names compare without regard to case and quotes, as Spark and Trino
 * resolve unquoted names.
 */
final class ViewReads {

  private final Namespace defaultNamespace;
  private final Function<TableIdentifier, Schema> tables;
  private final Map<TableIdentifier, Set<String>> reads = new LinkedHashMap<>();
  private final Set<String> ctes = new HashSet<>();

  private ViewReads(Namespace defaultNamespace, Function<TableIdentifier, Schema> tables) {
    this.defaultNamespace = defaultNamespace;
    this.tables = tables;
  }

  /**
   * Parses a view's query.
   *
   * @throws IllegalArgumentException if it is no query JSqlParser reads
   */
  static Select parse(String sql) {
    try {
      // JSqlParser's entry point: the whole text, with its time limit against runaway parses
      if (CCJSqlParserUtil.parse(sql) instanceof Select select) {
        return select;
      }
    } catch (JSQLParserException e) {
      // the parser's own exception, under the time limit's wrapping
      Throwable cause = Throwables.getRootCause(e);
      String where = // e.g. Encountered unexpected token: "AS" "AS" at line 1, column 37.
          String.valueOf(cause.getMessage())
              .lines()
              .map(String::strip)
              .limit(2)
              .collect(Collectors.joining(" "));
      throw new IllegalArgumentException("Cannot read view SQL: " + where, e);
    }
    throw new IllegalArgumentException("Cannot read view SQL: not a query: " + firstLine(sql));
  }

  /**
   * Each table of the catalog that {@code query} names, with the columns it reads (none for {@code
   * count(*)}) by their full dotted names as the table's schema spells them.
   *
   * @param query the view's parsed query
   * @param defaultNamespace the namespace an unqualified table name is in (the view version's)
   * @param tables the schema of a table, or null when the catalog has no such table
   */
  static Map<TableIdentifier, Set<String>> of(
      Select query, Namespace defaultNamespace, Function<TableIdentifier, Schema> tables) {
    ViewReads walk = new ViewReads(defaultNamespace, tables);
    walk.select(query, null);
    return walk.reads;
  }

  /** A list JSqlParser leaves null when the clause is absent, as a list. */
  private static <T> List<T> orEmpty(List<T> list) {
    return list == null ? List.of() : list;
  }

  private static String firstLine(String text) {
    String line = text.strip().lines().findFirst().orElse("");
    return line.length() > 200 ? line.substring(0, 200) + "..." : line;
  }

  private void select(Select select, Scope outer) {
    for (WithItem<?> with : orEmpty(select.getWithItemsList())) {
      ctes.add(key(with.getAliasName()));
      select(with.getSelect(), outer);
    }
    if (select instanceof PlainSelect plain) {
      plain(plain, outer);
    } else if (select instanceof SetOperationList operations) {
      operations.getSelects().forEach(s -> select(s, outer));
    } else if (select instanceof ParenthesedSelect parenthesed) {
      select(parenthesed.getSelect(), outer);
    }
  }

  private void plain(PlainSelect select, Scope outer) {
    Scope scope = new Scope(outer, new LinkedHashMap<>());
    List<Join> joins = orEmpty(select.getJoins());
    from(select.getFromItem(), scope);
    joins.forEach(join -> from(join.getFromItem(), scope));
    Reader reader = new Reader(scope);
    select.getSelectItems().forEach(item -> item.getExpression().accept(reader, null));
    List<Expression> clauses =
        new ArrayList<>(Arrays.asList(select.getWhere(), select.getHaving(), select.getQualify()));
    for (Join join : joins) {
      clauses.addAll(join.getOnExpressions());
      clauses.addAll(orEmpty(join.getUsingColumns()));
    }
    if (select.getGroupBy() != null) {
      clauses.add(select.getGroupBy().getGroupByExpressionList());
    }
    orEmpty(select.getOrderByElements()).forEach(o -> clauses.add(o.getExpression()));
    orEmpty(select.getLateralViews()).forEach(v -> clauses.add(v.getGeneratorFunction()));
    clauses.stream().filter(e -> e != null).forEach(e -> e.accept(reader, null));
  }

  /** Adds a source of the FROM clause to the scope; a subquery's own reads are walked now. */
  private void from(FromItem item, Scope scope) {
    if (item instanceof net.sf.jsqlparser.schema.Table table) {
      List<String> parts = parts(table.getFullyQualifiedName());
      TableIdentifier id = parts.size() == 1 && ctes.contains(key(parts.get(0))) ? null : id(parts);
      Source source = new Source(id, id == null ? null : tables.apply(id));
      scope.add(alias(table.getAlias(), String.join(".", parts)), source);
      scope.add(parts.get(parts.size() - 1), source);
      if (id != null) {
        scope.add(id.toString(), source);
        reads.computeIfAbsent(id, t -> new TreeSet<>()); // named, even when no column is read
      }
    } else if (item instanceof ParenthesedSelect subquery) {
      select(subquery, scope);
      scope.add(alias(subquery.getAlias(), null), new Source(null, null));
    } else if (item instanceof ParenthesedFromItem nested) {
      from(nested.getFromItem(), scope);
      orEmpty(nested.getJoins()).forEach(join -> from(join.getFromItem(), scope));
    } else if (item instanceof TableFunction function) {
      function.getFunction().accept(new Reader(scope), null);
      scope.add(alias(function.getAlias(), null), new Source(null, null));
    }
  }

  /** The catalog's table a name stands for (in the default namespace, or after a catalog). */
  private TableIdentifier id(List<String> parts) {
    String name = parts.get(parts.size() - 1);
    if (parts.size() == 1) {
      return known(TableIdentifier.of(defaultNamespace, name));
    }
    String[] namespace = parts.subList(0, parts.size() - 1).toArray(String[]::new);
    TableIdentifier full = known(TableIdentifier.of(Namespace.of(namespace), name));
    if (parts.size() > 2 && full == null) {
      return id(parts.subList(1, parts.size())); // the first part names the catalog
    }
    return full;
  }

  /** The table a name stands for: as written, else in lower case as engines fold it; or null. */
  private TableIdentifier known(TableIdentifier id) {
    if (tables.apply(id) != null) {
      return id;
    }
    TableIdentifier lower = TableIdentifier.parse(id.toString().toLowerCase(Locale.ROOT));
    return tables.apply(lower) != null ? lower : null;
  }

  private static String alias(Alias alias, String otherwise) {
    return alias == null ? otherwise : unquote(alias.getName());
  }

  /** The dotted parts of a name, each without its quotes: {@code "Sales".`orders`} is two. */
  static List<String> parts(String name) {
    List<String> parts = new ArrayList<>();
    StringBuilder part = new StringBuilder();
    char quote = 0;
    for (char c : name.toCharArray()) {
      if (quote == 0 && c == '.') {
        parts.add(unquote(part.toString()));
        part.setLength(0);
        continue;
      }
      if (quote == 0 && (c == '"' || c == '`' || c == '[')) {
        quote = c == '[' ? ']' : c;
      } else if (c == quote) {
        quote = 0;
      }
      part.append(c);
    }
    parts.add(unquote(part.toString()));
    return parts;
  }

  private static String unquote(String name) {
    String trimmed = name.strip();
    if (trimmed.length() >= 2 && "\"`[".indexOf(trimmed.charAt(0)) >= 0) {
      return trimmed.substring(1, trimmed.length() - 1);
    }
    return trimmed;
  }

  private static String key(String name) {
    return name == null ? null : unquote(name).toLowerCase(Locale.ROOT);
  }

  private void read(Source source, String path) {
    NestedField field = source.schema().caseInsensitiveFindField(path);
    if (field == null && path.contains(".")) {
      field = source.schema().caseInsensitiveFindField(path.substring(0, path.indexOf('.')));
    }
    if (field != null) {
      reads
          .computeIfAbsent(source.table(), t -> new TreeSet<>())
          .add(source.schema().findColumnName(field.fieldId()));
    }
  }

  private void readAll(Source source) {
    if (source.table() != null) {
      source.schema().columns().forEach(c -> read(source, c.name()));
    }
  }

  /** A table of the catalog and its schema; both null for a subquery or a table not found. */
  private record Source(TableIdentifier table, Schema schema) {}

  /** The sources of one SELECT, by alias and by name, and the scope of the query around it. */
  private record Scope(Scope outer, Map<String, Source> sources) {

    void add(String name, Source source) {
      if (name != null) {
        sources.putIfAbsent(key(name), source);
      }
    }

    Source named(String name) {
      Source source = sources.get(key(name));
      return source != null || outer == null ? source : outer.named(name);
    }

    /** The tables of the innermost scope that has the column; none when a subquery may. */
    List<Source> having(String column) {
      List<Source> found =
          sources.values().stream()
              .distinct()
              .filter(s -> s.table() != null && s.schema().caseInsensitiveFindField(column) != null)
              .toList();
      return found.isEmpty() && outer != null ? outer.having(column) : found;
    }
  }

  /** Records each column an expression reads, and walks the subqueries in it. */
  private final class Reader extends ExpressionVisitorAdapter<Void> {
    private final Scope scope;

    Reader(Scope scope) {
      this.scope = scope;
    }

    @Override
    public <S> Void visit(Column column, S context) {
      List<String> parts = parts(column.getFullyQualifiedName());
      for (int at = parts.size() - 1; at > 0; at--) {
        Source source = scope.named(String.join(".", parts.subList(0, at)));
        if (source != null) {
          if (source.table() != null) {
            read(source, String.join(".", parts.subList(at, parts.size())));
          }
          return null;
        }
      }
      String path = String.join(".", parts);
      scope.having(parts.get(0)).forEach(source -> read(source, path));
      return null;
    }

    @Override
    public <S> Void visit(AllColumns all, S context) {
      scope.sources.values().stream().distinct().forEach(ViewReads.this::readAll);
      return null;
    }

    @Override
    public <S> Void visit(AllTableColumns all, S context) {
      Source source = scope.named(String.join(".", parts(all.getTable().getFullyQualifiedName())));
      if (source != null) {
        readAll(source);
      }
      return null;
    }

    @Override
    public <S> Void visit(AnalyticExpression window, S context) {
      super.visit(window, context);
      if (window.getPartitionExpressionList() != null) {
        window.getPartitionExpressionList().accept(this, context);
      }
      orEmpty(window.getOrderByElements()).forEach(o -> o.getExpression().accept(this, context));
      return null;
    }

    @Override
    public <S> Void visit(ParenthesedSelect subquery, S context) {
      select(subquery, scope);
      return null;
    }

    @Override
    public <S> Void visit(Select subquery, S context) {
      select(subquery, scope);
      return null;
    }
  }
}
