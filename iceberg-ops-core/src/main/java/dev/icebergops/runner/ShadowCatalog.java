package dev.icebergops.runner;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.LocationProviders;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableOperations;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.AlreadyExistsException;
import org.apache.iceberg.exceptions.CommitFailedException;
import org.apache.iceberg.exceptions.NoSuchNamespaceException;
import org.apache.iceberg.exceptions.NoSuchTableException;
import org.apache.iceberg.io.FileIO;
import org.apache.iceberg.io.LocationProvider;
import org.apache.iceberg.view.BaseMetastoreViewCatalog;
import org.apache.iceberg.view.ViewMetadata;
import org.apache.iceberg.view.ViewOperations;

/**
 * An in-memory catalog that migrations run against when nothing may be written: a preview or a
 * drift check. Its views are held as its tables are ({@link ShadowViews}). Its tables are {@link
 * TableMetadata} held in memory; a commit replaces the held metadata and writes no metadata file,
 * and the files a data step writes go to a {@link ShadowFileIO}. Backed by a live catalog, a table
 * is loaded from it read-only the first time the shadow is asked for it (its current metadata
 * only), and its later changes stay in the shadow; a dropped table is only forgotten, never purged.
 * Without a live catalog the shadow starts empty.
 */
final class ShadowCatalog extends BaseMetastoreViewCatalog implements SupportsNamespaces {

  private final Catalog live;
  private final ShadowFileIO io = new ShadowFileIO();
  private final Map<TableIdentifier, TableMetadata> tables = new ConcurrentHashMap<>();
  private final Map<TableIdentifier, TableMetadata> fromLive = new ConcurrentHashMap<>();
  private final Set<TableIdentifier> gone = ConcurrentHashMap.newKeySet();
  private final Set<Namespace> namespaces = ConcurrentHashMap.newKeySet();
  private final ShadowViews views;

  private ShadowCatalog(Catalog live) {
    this.live = live;
    this.views = new ShadowViews(live);
  }

  /** A shadow whose tables are first loaded, read-only, from a live catalog. */
  static ShadowCatalog of(Catalog live) {
    return new ShadowCatalog(live);
  }

  /** A shadow that starts with no table and no namespace. */
  static ShadowCatalog empty() {
    return new ShadowCatalog(null);
  }

  @Override
  public String name() {
    return live == null ? "shadow" : "shadow of " + live.name();
  }

  /** The tables the shadow holds now (loaded, created or changed), by identifier. */
  Map<TableIdentifier, TableMetadata> tables() {
    return Map.copyOf(tables);
  }

  /** The tables loaded from the live catalog so far, as they were loaded. */
  Map<TableIdentifier, TableMetadata> loadedFromLive() {
    return Map.copyOf(fromLive);
  }

  /** The files of the live tables read or deleted since the last call: see {@link ShadowFileIO}. */
  ShadowFileIO.Unheld drainUnheld() {
    return io.drain();
  }

  /** The views the shadow holds now (loaded, created or replaced), by identifier. */
  Map<TableIdentifier, ViewMetadata> views() {
    return views.held();
  }

  /** The views loaded from the live catalog so far, as they were loaded. */
  Map<TableIdentifier, ViewMetadata> viewsFromLive() {
    return views.loadedFromLive();
  }

  @Override
  protected ViewOperations newViewOps(TableIdentifier id) {
    return views.ops(id);
  }

  @Override
  public List<TableIdentifier> listViews(Namespace namespace) {
    return views.list(namespace);
  }

  @Override
  public boolean dropView(TableIdentifier id) {
    return views.drop(id);
  }

  @Override
  public void renameView(TableIdentifier from, TableIdentifier to) {
    views.rename(from, to);
  }

  @Override
  protected TableOperations newTableOps(TableIdentifier id) {
    return new Ops(id);
  }

  @Override
  protected String defaultWarehouseLocation(TableIdentifier id) {
    return "shadow://" + String.join("/", id.namespace().levels()) + "/" + id.name();
  }

  @Override
  public List<TableIdentifier> listTables(Namespace namespace) {
    Set<TableIdentifier> listed = new TreeSet<>((a, b) -> a.toString().compareTo(b.toString()));
    if (live != null && liveNamespaceExists(namespace)) {
      listed.addAll(live.listTables(namespace));
    }
    listed.removeAll(gone);
    tables.keySet().stream().filter(id -> id.namespace().equals(namespace)).forEach(listed::add);
    if (listed.isEmpty() && !namespaceExists(namespace)) {
      throw new NoSuchNamespaceException("Namespace does not exist: %s", namespace);
    }
    return List.copyOf(listed);
  }

  @Override
  public synchronized boolean dropTable(TableIdentifier id, boolean purge) {
    if (current(id) == null) {
      return false;
    }
    tables.remove(id);
    gone.add(id);
    return true;
  }

  @Override
  public synchronized void renameTable(TableIdentifier from, TableIdentifier to) {
    TableMetadata moved = current(from);
    if (moved == null) {
      throw new NoSuchTableException("Cannot rename %s to %s: it does not exist", from, to);
    }
    if (current(to) != null) {
      throw new AlreadyExistsException("Cannot rename %s to %s: it already exists", from, to);
    }
    tables.remove(from);
    gone.add(from);
    gone.remove(to);
    tables.put(to, moved);
  }

  /** The held metadata of a table, loading it from the live catalog on first use. */
  private synchronized TableMetadata current(TableIdentifier id) {
    TableMetadata held = tables.get(id);
    if (held != null || gone.contains(id) || live == null || fromLive.containsKey(id)) {
      return held;
    }
    Table table;
    try {
      table = live.loadTable(id);
    } catch (NoSuchTableException | NoSuchNamespaceException e) {
      gone.add(id); // never there: created in the shadow, it is new
      return null;
    }
    if (!(table instanceof HasTableOperations withOps)) {
      throw new IllegalStateException(
          "Cannot load table " + id + " into a shadow: the catalog does not expose its metadata");
    }
    TableMetadata metadata = withOps.operations().current();
    fromLive.put(id, metadata);
    tables.put(id, metadata);
    return metadata;
  }

  @Override
  public void createNamespace(Namespace namespace, Map<String, String> metadata) {
    if (namespaceExists(namespace)) {
      throw new AlreadyExistsException("Namespace already exists: %s", namespace);
    }
    namespaces.add(namespace);
  }

  @Override
  public boolean namespaceExists(Namespace namespace) {
    return namespace.isEmpty() || namespaces.contains(namespace) || liveNamespaceExists(namespace);
  }

  private boolean liveNamespaceExists(Namespace namespace) {
    return live instanceof SupportsNamespaces liveNamespaces
        && liveNamespaces.namespaceExists(namespace);
  }

  @Override
  public List<Namespace> listNamespaces(Namespace namespace) {
    Set<Namespace> listed = new HashSet<>();
    if (live instanceof SupportsNamespaces liveNamespaces && liveNamespaceExists(namespace)) {
      listed.addAll(liveNamespaces.listNamespaces(namespace));
    }
    int depth = namespace.levels().length;
    namespaces.stream()
        .filter(n -> n.levels().length == depth + 1 && startsWith(n, namespace))
        .forEach(listed::add);
    return List.copyOf(listed);
  }

  private static boolean startsWith(Namespace child, Namespace parent) {
    for (int i = 0; i < parent.levels().length; i++) {
      if (!parent.level(i).equals(child.level(i))) {
        return false;
      }
    }
    return true;
  }

  @Override
  public Map<String, String> loadNamespaceMetadata(Namespace namespace) {
    if (!namespaceExists(namespace)) {
      throw new NoSuchNamespaceException("Namespace does not exist: %s", namespace);
    }
    return new HashMap<>();
  }

  @Override
  public boolean dropNamespace(Namespace namespace) {
    return namespaces.remove(namespace);
  }

  @Override
  public boolean setProperties(Namespace namespace, Map<String, String> properties) {
    return namespaceExists(namespace);
  }

  @Override
  public boolean removeProperties(Namespace namespace, Set<String> properties) {
    return namespaceExists(namespace);
  }

  /** One table's operations: commits replace the held metadata when it is still their base. */
  private final class Ops implements TableOperations {
    private final TableIdentifier id;

    Ops(TableIdentifier id) {
      this.id = id;
    }

    @Override
    public TableMetadata current() {
      return ShadowCatalog.this.current(id);
    }

    @Override
    public TableMetadata refresh() {
      return current();
    }

    @Override
    public void commit(TableMetadata base, TableMetadata metadata) {
      synchronized (ShadowCatalog.this) {
        TableMetadata now = current();
        if (base != now) {
          throw new CommitFailedException(
              "Cannot commit to %s on the shadow: %s",
              id, now == null ? "it was dropped" : base == null ? "it exists" : "it changed");
        }
        tables.put(id, metadata);
        gone.remove(id);
      }
    }

    @Override
    public FileIO io() {
      return io;
    }

    @Override
    public String metadataFileLocation(String fileName) {
      return current().location() + "/metadata/" + fileName;
    }

    @Override
    public LocationProvider locationProvider() {
      TableMetadata metadata = current();
      return LocationProviders.locationsFor(metadata.location(), metadata.properties());
    }
  }
}
