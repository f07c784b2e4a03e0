package dev.icebergops.internal;

import org.apache.iceberg.catalog.Catalog;

/**
 * A catalog that stands in front of another one (the runner's fenced view of the user's catalog):
 * what it wraps, for the checks that look at the catalog's class or configuration. Not part of the
 * public API.
 */
public interface WrappedCatalog {

  /** The catalog this one stands in front of. */
  Catalog wrapped();

  /** The catalog underneath every wrapper: {@code catalog} itself when it wraps none. */
  static Catalog underlying(Catalog catalog) {
    Catalog current = catalog;
    while (current instanceof WrappedCatalog wrapper) {
      current = wrapper.wrapped();
    }
    return current;
  }
}
