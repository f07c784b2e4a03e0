package dev.icebergops.test.env.spi;

import java.util.concurrent.CompletionException;

/** Closing what an environment started, and telling why starting it failed. */
public final class Resources {
  private Resources() {}

  /** Closes {@code closeable} if there is one, adding a failure to {@code failure}. */
  public static void closeQuietly(AutoCloseable closeable, Throwable failure) {
    if (closeable == null) {
      return;
    }
    try {
      closeable.close();
    } catch (Exception e) {
      failure.addSuppressed(e);
    }
  }

  /** The exception inside any {@link CompletionException} wrappers. */
  public static Throwable unwrap(Throwable e) {
    Throwable t = e;
    while (t instanceof CompletionException && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }

  /** The message of the innermost cause, or its class name when it has none. */
  public static String rootMessage(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return root.getMessage() != null ? root.getMessage() : root.getClass().getName();
  }
}
