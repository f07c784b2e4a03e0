package dev.icebergops.testing;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import org.apache.iceberg.Table;
import org.apache.iceberg.UpdateSchema;

/**
 * A real table whose N-th schema commits fail on demand: the one fault a real catalog cannot
 * produce when asked. Everything else goes to the real table.
 */
public final class FaultyTable {

  private FaultyTable() {}

  /**
   * Wraps a table so that the schema updates with the given 1-based numbers throw on commit.
   *
   * @param table the real table
   * @param failingUpdates which {@code updateSchema()} calls fail when committed
   * @param fault makes the throwable for a failing call, given its number
   * @return the wrapped table
   */
  public static Table failSchemaCommits(
      Table table, Set<Integer> failingUpdates, IntFunction<? extends Throwable> fault) {
    AtomicInteger calls = new AtomicInteger();
    InvocationHandler handler =
        (proxy, method, args) -> {
          Object result = invoke(table, method, args);
          if (method.getName().equals("updateSchema") && result instanceof UpdateSchema update) {
            int call = calls.incrementAndGet();
            return failingUpdates.contains(call)
                ? failingCommit(update, () -> fault.apply(call))
                : result;
          }
          return result;
        };
    return (Table)
        Proxy.newProxyInstance(Table.class.getClassLoader(), new Class<?>[] {Table.class}, handler);
  }

  private static UpdateSchema failingCommit(
      UpdateSchema real, java.util.function.Supplier<? extends Throwable> fault) {
    InvocationHandler handler =
        (proxy, method, args) -> {
          if (method.getName().equals("commit")) {
            throw fault.get();
          }
          Object result = invoke(real, method, args);
          return result == real ? proxy : result;
        };
    return (UpdateSchema)
        Proxy.newProxyInstance(
            UpdateSchema.class.getClassLoader(), new Class<?>[] {UpdateSchema.class}, handler);
  }

  private static Object invoke(Object target, Method method, Object[] args) throws Throwable {
    try {
      return method.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }
}
