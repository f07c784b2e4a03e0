package dev.icebergops.test.env.embedded;

import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;

/**
 * Counts the store requests of every AWS SDK client in this JVM (the catalog server's and the
 * clients'), and their attempts: an attempt beyond the first is a retry. Registered for the tests
 * through the SDK's global interceptor list on the test class path.
 */
public final class StoreRequestAttempts implements ExecutionInterceptor {
  private static final AtomicLong REQUESTS = new AtomicLong();
  private static final AtomicLong ATTEMPTS = new AtomicLong();

  @Override
  public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
    REQUESTS.incrementAndGet();
  }

  @Override
  public void beforeTransmission(
      Context.BeforeTransmission context, ExecutionAttributes attributes) {
    ATTEMPTS.incrementAndGet();
  }

  /** Requests and attempts so far: {requests, attempts}. */
  static long[] snapshot() {
    return new long[] {REQUESTS.get(), ATTEMPTS.get()};
  }
}
