package dev.icebergops.runner;

import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
import org.apache.iceberg.catalog.ViewCatalog;
import org.apache.iceberg.exceptions.AlreadyExistsException;
import org.apache.iceberg.exceptions.CommitFailedException;
import org.apache.iceberg.exceptions.NoSuchNamespaceException;
import org.apache.iceberg.exceptions.NoSuchTableException;
import org.apache.iceberg.exceptions.NoSuchViewException;
import org.apache.iceberg.io.FileIO;
import org.apache.iceberg.io.LocationProvider;
import org.apache.iceberg.view.BaseMetastoreViewCatalog;
import org.apache.iceberg.view.BaseView;
import org.apache.iceberg.view.View;
import org.apache.iceberg.view.ViewMetadata;
import org.apache.iceberg.view.ViewOperations;

/**
 * An in-memory catalog that migrations run against when nothing may be written: a preview or a
 * drift check. Its views are held as its tables are ({@link ShadowObjects}). Its tables are {@link
 * TableMetadata} held in memory; a commit replaces the held metadata and writes no metadata file,
 * and the files a data step writes go to a {@link ShadowFileIO}. Backed by a live catalog, a table
 * is loaded from it read-only the first time the shadow is asked for it (its current metadata
 * only), and its later changes stay in the shadow; a dropped table is only forgotten, never purged.
 * Without a live catalog the shadow starts empty.
 */
final class ShadowCatalog extends BaseMetastoreViewCatalog implements SupportsNamespaces {

  private final Catalog live;
  private final ShadowFileIO io = new ShadowFileIO();
  private final ShadowObjects<TableMetadata> tables;
  private final ShadowObjects<ViewMetadata> views;
  private final Set<Namespace> namespaces = ConcurrentHashMap.newKeySet();

  /**
   * @param live the catalog whose tables are first loaded, read-only; null for a shadow that starts
   *     with no table and no namespace
   */
  ShadowCatalog(Catalog live) {
    this.live = live;
    this.tables =
        new ShadowObjects<>(
            live == null ? null : id -> liveTable(live, id, "load table " + id + " into a shadow"));
    this.views = new ShadowObjects<>(live instanceof ViewCatalog ? this::liveView : null);
  }

  @Override
  public String name() {
    return live == null ? "shadow" : "shadow of " + live.name();
  }

  /** The tables the shadow holds (loaded, created or changed). */
  ShadowObjects<TableMetadata> tables() {
    return tables;
  }

  /** The views the shadow holds (loaded, created or replaced). */
  ShadowObjects<ViewMetadata> views() {
    return views;
  }

  /** The files of the live tables read or deleted since the last call: see {@link ShadowFileIO}. */
  ShadowFileIO.Unheld drainUnheld() {
    return io.drain();
  }

  @Override
  protected ViewOperations newViewOps(TableIdentifier id) {
    return new ViewOperations() {
      @Override
      public ViewMetadata current() {
        return views.current(id);
      }

      @Override
      public ViewMetadata refresh() {
        return current();
      }

      @Override
      public void commit(ViewMetadata base, ViewMetadata metadata) {
        views.commit(
            id,
            base,
            metadata,
            now ->
                new CommitFailedException(
                    "Cannot commit to view %s on the shadow: it changed", id));
      }
    };
  }

  @Override
  public List<TableIdentifier> listViews(Namespace namespace) {
    List<TableIdentifier> listed = List.of();
    try {
      if (live instanceof ViewCatalog liveViews) {
        listed = liveViews.listViews(namespace);
      }
    } catch (NoSuchNamespaceException e) {
      // a namespace made in the shadow only
    }
    return views.list(namespace, listed);
  }

  @Override
  public boolean dropView(TableIdentifier id) {
    return views.drop(id);
  }

  @Override
  public void renameView(TableIdentifier from, TableIdentifier to) {
    views.rename(
        from,
        to,
        () -> new NoSuchViewException("Cannot rename view %s to %s: it does not exist", from, to),
        () ->
            new AlreadyExistsException("Cannot rename view %s to %s: it already exists", from, to));
  }

  @Override
  protected TableOperations newTableOps(TableIdentifier id) {
    // one table's operations: commits replace the held metadata when it is still their base
    return new TableOperations() {
      @Override
      public TableMetadata current() {
        return tables.current(id);
      }

      @Override
      public TableMetadata refresh() {
        return current();
      }

      @Override
      public void commit(TableMetadata base, TableMetadata metadata) {
        tables.commit(
            id,
            base,
            metadata,
            now ->
                new CommitFailedException(
                    "Cannot commit to %s on the shadow: %s",
                    id,
                    now == null ? "it was dropped" : base == null ? "it exists" : "it changed"));
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
    };
  }

  @Override
  protected String defaultWarehouseLocation(TableIdentifier id) {
    return "shadow://" + String.join("/", id.namespace().levels()) + "/" + id.name();
  }

  @Override
  public List<TableIdentifier> listTables(Namespace namespace) {
    List<TableIdentifier> listed =
        tables.list(
            namespace,
            live != null && liveNamespaceExists(namespace)
                ? live.listTables(namespace)
                : List.of());
    if (listed.isEmpty() && !namespaceExists(namespace)) {
      throw new NoSuchNamespaceException("Namespace does not exist: %s", namespace);
    }
    return List.copyOf(listed);
  }

  @Override
  public boolean dropTable(TableIdentifier id, boolean purge) {
    return tables.drop(id);
  }

  @Override
  public void renameTable(TableIdentifier from, TableIdentifier to) {
    tables.rename(
        from,
        to,
        () -> new NoSuchTableException("Cannot rename %s to %s: it does not exist", from, to),
        () -> new AlreadyExistsException("Cannot rename %s to %s: it already exists", from, to));
  }

  /**
   * A table's current metadata in the live catalog, or null when it has no such table.
   *
   * @param use what the metadata is read for, for the error: {@code check drift of sales.orders}
   * @throws IllegalStateException if the catalog does not expose the table's metadata
   */
  static TableMetadata liveTable(Catalog live, TableIdentifier id, String use) {
    Table table;
    try {
      table = live.loadTable(id);
    } catch (NoSuchTableException | NoSuchNamespaceException e) {
      return null;
    }
    if (!(table instanceof HasTableOperations withOps)) {
      throw new IllegalStateException(
          "Cannot " + use + ": the catalog does not expose its metadata");
    }
    return withOps.operations().current();
  }

  /** A view's current metadata in the live catalog, or null when it has no such view. */
  private ViewMetadata liveView(TableIdentifier id) {
    View view;
    try {
      view = ((ViewCatalog) live).loadView(id);
    } catch (NoSuchViewException | NoSuchNamespaceException e) {
      return null;
    }
    if (!(view instanceof BaseView base)) {
      throw new IllegalStateException(
          "Cannot load view " + id + " into a shadow: the catalog does not expose its metadata");
    }
    return base.operations().current();
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
        .filter(n -> n.levels().length == depth + 1)
        .filter(n -> Arrays.equals(n.levels(), 0, depth, namespace.levels(), 0, depth))
        .forEach(listed::add);
    return List.copyOf(listed);
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
}
