package dev.icebergops.runner;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;

/**
 * The tables or the views of a {@link ShadowCatalog}: their metadata held in memory, loaded
 * read-only from the live catalog on first use; a commit replaces the held metadata, a drop only
 * forgets it.
 *
 * @param <M> the metadata: a table's or a view's
 */
final class ShadowObjects<M> {

  private final Function<TableIdentifier, M> live;
  private final Map<TableIdentifier, M> held = new ConcurrentHashMap<>();
  private final Map<TableIdentifier, M> fromLive = new ConcurrentHashMap<>();
  private final Set<TableIdentifier> gone = ConcurrentHashMap.newKeySet();

  /**
   * @param live loads an object's current metadata from the live catalog, null when it has no such
   *     object; null without a live catalog
   */
  ShadowObjects(Function<TableIdentifier, M> live) {
    this.live = live;
  }

  /** The objects held now (loaded, created or changed), by identifier. */
  Map<TableIdentifier, M> held() {
    return Map.copyOf(held);
  }

  /** The objects loaded from the live catalog so far, as they were loaded. */
  Map<TableIdentifier, M> loadedFromLive() {
    return Map.copyOf(fromLive);
  }

  /** The objects loaded from the live catalog so far but {@code earlier}, as they were loaded. */
  Map<TableIdentifier, M> loadedFromLiveBut(Set<TableIdentifier> earlier) {
    Map<TableIdentifier, M> since = new HashMap<>(fromLive);
    since.keySet().removeAll(earlier);
    return since;
  }

  /** The held metadata of an object, loading it from the live catalog on first use; or null. */
  synchronized M current(TableIdentifier id) {
    M metadata = held.get(id);
    if (metadata != null || gone.contains(id) || live == null || fromLive.containsKey(id)) {
      return metadata;
    }
    metadata = live.apply(id);
    if (metadata == null) {
      gone.add(id); // never there: created in the shadow, it is new
      return null;
    }
    fromLive.put(id, metadata);
    held.put(id, metadata);
    return metadata;
  }

  /**
   * Replaces the held metadata, when it is still {@code base}.
   *
   * @param refused the error when it is not, from the metadata held now
   */
  synchronized void commit(
      TableIdentifier id, M base, M metadata, Function<M, RuntimeException> refused) {
    M now = current(id);
    if (base != now) {
      throw refused.apply(now);
    }
    held.put(id, metadata);
    gone.remove(id);
  }

  /** The objects of a namespace: those the live catalog lists but the dropped, and those held. */
  List<TableIdentifier> list(Namespace namespace, Collection<TableIdentifier> listedLive) {
    Set<TableIdentifier> listed = new TreeSet<>((a, b) -> a.toString().compareTo(b.toString()));
    listed.addAll(listedLive);
    listed.removeAll(gone);
    held.keySet().stream().filter(id -> id.namespace().equals(namespace)).forEach(listed::add);
    return new ArrayList<>(listed);
  }

  synchronized boolean drop(TableIdentifier id) {
    if (current(id) == null) {
      return false;
    }
    held.remove(id);
    gone.add(id);
    return true;
  }

  synchronized void rename(
      TableIdentifier from,
      TableIdentifier to,
      Supplier<RuntimeException> missing,
      Supplier<RuntimeException> exists) {
    M moved = current(from);
    if (moved == null) {
      throw missing.get();
    }
    if (current(to) != null) {
      throw exists.get();
    }
    held.remove(from);
    gone.add(from);
    gone.remove(to);
    held.put(to, moved);
  }
}
