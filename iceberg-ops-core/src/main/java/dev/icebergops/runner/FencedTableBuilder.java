package dev.icebergops.runner;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.function.UnaryOperator;
import org.apache.iceberg.Table;
import org.apache.iceberg.Transaction;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;

/**
 * A catalog's table builder and the create or replace transactions it starts, behind the run's
 * {@link LeaseFence}: a create or replace cannot carry the fence's proof, so the lease is checked
 * just before it is committed, and the table it creates commits through the fence.
 */
final class FencedTableBuilder {

  private FencedTableBuilder() {}

  /**
   * The builder, its {@code create()} checked and its transactions checked at commit.
   *
   * @param created the table a create made, as it commits through the fence
   */
  static Object of(
      Object builder, TableIdentifier identifier, LeaseFence fence, UnaryOperator<Table> created) {
    Catalog.TableBuilder fenced =
        (Catalog.TableBuilder)
            Proxy.newProxyInstance(
                FencedTableBuilder.class.getClassLoader(),
                new Class<?>[] {Catalog.TableBuilder.class},
                (proxy, method, args) -> {
                  if (method.getName().equals("create")) {
                    fence.check(identifier + " (create)");
                    return created.apply((Table) call(builder, method, args));
                  }
                  Object result = call(builder, method, args);
                  if (result instanceof Transaction transaction) {
                    return checkedAtCommit(transaction, identifier, fence);
                  }
                  return result == builder ? proxy : result;
                });
    return fenced;
  }

  /** The transaction, the lease checked just before it commits. */
  static Transaction checkedAtCommit(
      Transaction transaction, TableIdentifier identifier, LeaseFence fence) {
    return (Transaction)
        Proxy.newProxyInstance(
            FencedTableBuilder.class.getClassLoader(),
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
}
