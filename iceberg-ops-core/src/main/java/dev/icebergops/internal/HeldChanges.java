package dev.icebergops.internal;

/**
 * A catalog that may hold a running version's table changes back, to commit them with the version's
 * history row (the runner's fenced view of a REST catalog). Not part of the public API.
 */
public interface HeldChanges {

  /** Commits what is held now; the rest of the version commits change by change. */
  void publishHeldChanges();
}
