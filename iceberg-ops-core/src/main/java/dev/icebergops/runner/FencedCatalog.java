package dev.icebergops.runner;

import dev.icebergops.internal.HeldChanges;
import dev.icebergops.internal.WrappedCatalog;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.LinkedHashSet;
import java.util.Set;
import org.apache.iceberg.BaseTable;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Table;
import org.apache.iceberg.Transaction;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.view.BaseView;
import org.apache.iceberg.view.View;
import org.apache.iceberg.view.ViewMetadata;
import org.apache.iceberg.view.ViewOperations;

/**
 * A run's view of the user's catalog, with every change behind the run's {@link LeaseFence}: tables
 * it loads or creates commit through the fence, and a change that cannot carry the fence's proof
 * (create, drop, rename, a namespace or view change) is made only after checking the lease. It
 * implements every interface the user's catalog does ({@code SupportsNamespaces}, {@code
 * ViewCatalog}, ...), so migrations see the same catalog, fenced.
 */
record FencedCatalog(Catalog catalog, LeaseFence fence) implements InvocationHandler {

  /** Calls that change nothing: passed through unchecked. */
  private static final Set<String> READS =
      Set.of(
          "name",
          "loadTable",
          "listTables",
          "tableExists",
          "listNamespaces",
          "loadNamespaceMetadata",
          "namespaceExists",
          "listViews",
          "loadView",
          "viewExists",
          "invalidateTable",
          "invalidateView",
          "properties",
          "initialize",
          "close",
          "getConf",
          "setConf",
          "toString",
          "hashCode",
          "equals");

  /** The catalog, with every change behind the fence. */
  static Catalog of(Catalog catalog, LeaseFence fence) {
    Set<Class<?>> interfaces = new LinkedHashSet<>();
    for (Class<?> type = catalog.getClass(); type != null; type = type.getSuperclass()) {
      collect(type, interfaces);
    }
    interfaces.add(WrappedCatalog.class);
    interfaces.add(HeldChanges.class);
    return (Catalog)
        Proxy.newProxyInstance(
            FencedCatalog.class.getClassLoader(),
            interfaces.toArray(Class<?>[]::new),
            new FencedCatalog(catalog, fence));
  }

  private static void collect(Class<?> type, Set<Class<?>> interfaces) {
    for (Class<?> implemented : type.getInterfaces()) {
      if (isVisible(implemented)) {
        interfaces.add(implemented);
      }
      collect(implemented, interfaces);
    }
  }

  private static boolean isVisible(Class<?> type) {
    try {
      return java.lang.reflect.Modifier.isPublic(type.getModifiers())
          && Class.forName(type.getName(), false, FencedCatalog.class.getClassLoader()) == type;
    } catch (ClassNotFoundException e) {
      return false;
    }
  }

  @Override
  public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
    String name = method.getName();
    if (method.getDeclaringClass() == WrappedCatalog.class) {
      return catalog;
    }
    if (method.getDeclaringClass() == HeldChanges.class) {
      fence.publishHeld();
      fence.touchingAll(); // for another client (Spark) to change tables its own way
      return null;
    }
    if (name.equals("buildTable")) {
      fence.touching(args);
      return tableBuilder(call(catalog, method, args), (TableIdentifier) args[0]);
    }
    if (name.equals("loadView")) {
      return fenced((TableIdentifier) args[0], (View) call(catalog, method, args));
    }
    if (!READS.contains(name)) {
      fence.touching(args);
      fence.check(describe(name, args));
    }
    Object result = call(catalog, method, args);
    if (args != null && args[0] instanceof TableIdentifier id) {
      if (result instanceof Table table) {
        return fenced(id, table);
      } else if (result instanceof Transaction transaction) {
        return checkedAtCommit(transaction, id);
      }
    }
    return result;
  }

  /** The table, its commits through the fence; a table without operations is left as it is. */
  Table fenced(TableIdentifier identifier, Table table) {
    if (!(table instanceof HasTableOperations hasOps)) {
      return table;
    }
    // no scan metrics: the user's catalog client reports its own tables' scans, not the run's
    return new BaseTable(
        new FencedTableOperations(identifier, hasOps.operations(), fence),
        table.name(),
        report -> {});
  }

  /** The view, its commits (a new version, properties) made only after checking the lease. */
  private View fenced(TableIdentifier identifier, View view) {
    if (!(view instanceof BaseView base)) {
      return view;
    }
    ViewOperations ops = base.operations();
    return new BaseView(
        new ViewOperations() {
          @Override
          public ViewMetadata current() {
            return ops.current();
          }

          @Override
          public ViewMetadata refresh() {
            return ops.refresh();
          }

          @Override
          public void commit(ViewMetadata before, ViewMetadata after) {
            fence.check(identifier + " (view commit)");
            ops.commit(before, after);
          }
        },
        view.name());
  }

  /**
   * A catalog's table builder, behind the fence: a create or replace cannot carry the fence's
   * proof, so the lease is checked just before it is committed, and the table it creates commits
   * through the fence.
   */
  private Catalog.TableBuilder tableBuilder(Object builder, TableIdentifier identifier) {
    return (Catalog.TableBuilder)
        Proxy.newProxyInstance(
            FencedCatalog.class.getClassLoader(),
            new Class<?>[] {Catalog.TableBuilder.class},
            (proxy, method, args) -> {
              if (method.getName().equals("create")) {
                fence.check(identifier + " (create)");
                return fenced(identifier, (Table) call(builder, method, args));
              }
              Object result = call(builder, method, args);
              if (result instanceof Transaction transaction) {
                return checkedAtCommit(transaction, identifier);
              }
              return result == builder ? proxy : result;
            });
  }

  /** A create or replace transaction, the lease checked just before it is committed. */
  private Transaction checkedAtCommit(Transaction transaction, TableIdentifier identifier) {
    return (Transaction)
        Proxy.newProxyInstance(
            FencedCatalog.class.getClassLoader(),
            new Class<?>[] {Transaction.class},
            (proxy, method, args) -> {
              if (method.getName().equals("commitTransaction")) {
                fence.check(identifier + " (create or replace)");
              }
              return call(transaction, method, args);
            });
  }

  private static Object call(Object target, Method method, Object[] args) throws Throwable {
    try {
      return method.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  private static String describe(String method, Object[] args) {
    return args != null && args.length > 0 && args[0] != null
        ? args[0] + " (" + method + ")"
        : "the catalog (" + method + ")";
  }
}
