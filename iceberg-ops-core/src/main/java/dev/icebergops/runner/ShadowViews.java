package dev.icebergops.runner;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.catalog.ViewCatalog;
import org.apache.iceberg.exceptions.AlreadyExistsException;
import org.apache.iceberg.exceptions.CommitFailedException;
import org.apache.iceberg.exceptions.NoSuchNamespaceException;
import org.apache.iceberg.exceptions.NoSuchViewException;
import org.apache.iceberg.view.BaseView;
import org.apache.iceberg.view.View;
import org.apache.iceberg.view.ViewMetadata;
import org.apache.iceberg.view.ViewOperations;

/**
 * The views of a {@link ShadowCatalog}, as it holds its tables: {@link ViewMetadata} in memory,
 * loaded read-only from the live catalog (when it is a {@link ViewCatalog}) on first use; a commit
 * replaces the held metadata, a drop only forgets it.
 */
final class ShadowViews {

  private final ViewCatalog live;
  private final Map<TableIdentifier, ViewMetadata> views = new ConcurrentHashMap<>();
  private final Map<TableIdentifier, ViewMetadata> fromLive = new ConcurrentHashMap<>();
  private final Set<TableIdentifier> gone = ConcurrentHashMap.newKeySet();

  ShadowViews(Catalog live) {
    this.live = live instanceof ViewCatalog liveViews ? liveViews : null;
  }

  /** The views the shadow holds now (loaded, created or replaced), by identifier. */
  Map<TableIdentifier, ViewMetadata> held() {
    return Map.copyOf(views);
  }

  /** The views loaded from the live catalog so far, as they were loaded. */
  Map<TableIdentifier, ViewMetadata> loadedFromLive() {
    return Map.copyOf(fromLive);
  }

  synchronized ViewMetadata current(TableIdentifier id) {
    ViewMetadata held = views.get(id);
    if (held != null || gone.contains(id) || live == null || fromLive.containsKey(id)) {
      return held;
    }
    View view;
    try {
      view = live.loadView(id);
    } catch (NoSuchViewException | NoSuchNamespaceException e) {
      gone.add(id); // never there: created in the shadow, it is new
      return null;
    }
    if (!(view instanceof BaseView base)) {
      throw new IllegalStateException(
          "Cannot load view " + id + " into a shadow: the catalog does not expose its metadata");
    }
    ViewMetadata metadata = base.operations().current();
    fromLive.put(id, metadata);
    views.put(id, metadata);
    return metadata;
  }

  ViewOperations ops(TableIdentifier id) {
    return new ViewOperations() {
      @Override
      public ViewMetadata current() {
        return ShadowViews.this.current(id);
      }

      @Override
      public ViewMetadata refresh() {
        return current();
      }

      @Override
      public void commit(ViewMetadata base, ViewMetadata metadata) {
        synchronized (ShadowViews.this) {
          if (base != current()) {
            throw new CommitFailedException(
                "Cannot commit to view %s on the shadow: it changed", id);
          }
          views.put(id, metadata);
          gone.remove(id);
        }
      }
    };
  }

  List<TableIdentifier> list(Namespace namespace) {
    Set<TableIdentifier> listed = new TreeSet<>((a, b) -> a.toString().compareTo(b.toString()));
    try {
      if (live != null) {
        listed.addAll(live.listViews(namespace));
      }
    } catch (NoSuchNamespaceException e) {
      // a namespace made in the shadow only
    }
    listed.removeAll(gone);
    views.keySet().stream().filter(id -> id.namespace().equals(namespace)).forEach(listed::add);
    return new ArrayList<>(listed);
  }

  synchronized boolean drop(TableIdentifier id) {
    if (current(id) == null) {
      return false;
    }
    views.remove(id);
    gone.add(id);
    return true;
  }

  synchronized void rename(TableIdentifier from, TableIdentifier to) {
    ViewMetadata moved = current(from);
    if (moved == null) {
      throw new NoSuchViewException("Cannot rename view %s to %s: it does not exist", from, to);
    }
    if (current(to) != null) {
      throw new AlreadyExistsException("Cannot rename view %s to %s: it already exists", from, to);
    }
    views.remove(from);
    gone.add(from);
    gone.remove(to);
    views.put(to, moved);
  }
}
