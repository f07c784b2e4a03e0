package dev.icebergops.test.env.containers;

/**
 * When {@link ContainersEnvironment} pulls an image from its registry ({@link
 * ContainersEnvironment#withPull}).
 */
public enum Pull {
  /** Only when the image is not present locally (Testcontainers' default). */
  MISSING,
  /** Never: the image must be present locally, built or pulled beforehand. */
  NEVER,
  /** Before every start. */
  ALWAYS
}
