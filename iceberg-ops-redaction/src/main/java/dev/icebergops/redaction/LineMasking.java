package dev.icebergops.redaction;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.function.UnaryOperator;

/** Collects bytes into lines and prints each line to a target once masked. */
final class LineMasking extends OutputStream {
  private final PrintStream target;
  private final UnaryOperator<String> mask;
  private final ByteArrayOutputStream line = new ByteArrayOutputStream();

  LineMasking(PrintStream target, UnaryOperator<String> mask) {
    this.target = target;
    this.mask = mask;
  }

  @Override
  public synchronized void write(int b) {
    line.write(b);
    if (b == '\n') {
      emit();
    }
  }

  @Override
  public synchronized void flush() {
    emit();
    target.flush();
  }

  @Override
  public void close() {
    flush();
  }

  private void emit() {
    if (line.size() > 0) {
      target.print(mask.apply(line.toString(StandardCharsets.UTF_8)));
      line.reset();
    }
  }
}
