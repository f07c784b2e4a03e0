package dev.icebergops.cli;

import picocli.CommandLine.Option;

/** The {@code --out-of-order} option that migrate and validate share. */
final class OutOfOrderOption {
  @Option(
      names = "--out-of-order",
      description = "Allow pending versions below the highest applied one.")
  boolean allowed;
}
