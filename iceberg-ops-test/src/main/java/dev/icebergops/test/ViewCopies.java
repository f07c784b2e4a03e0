package dev.icebergops.test;

import dev.icebergops.migration.TableNames;
import dev.icebergops.state.NamespaceTables;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.catalog.ViewCatalog;
import org.apache.iceberg.view.BaseView;
import org.apache.iceberg.view.SQLViewRepresentation;
import org.apache.iceberg.view.View;
import org.apache.iceberg.view.ViewBuilder;
import org.apache.iceberg.view.ViewMetadata;
import org.apache.iceberg.view.ViewVersion;

/**
 * The views of a namespace and their copies in another: every version of a view made again in
 * order, so that each keeps its id (a downgrade's {@code restoreViewBeforeUpgrade} names one), the
 * same one current, with the view's properties; each version's default namespace the copy's.
 */
final class ViewCopies {

  private ViewCopies() {}

  /** The views of {@code namespace}, by name. */
  static Map<String, ViewMetadata> of(Catalog catalog, String namespace) {
    Map<String, ViewMetadata> views = new LinkedHashMap<>();
    NamespaceTables.views(catalog, TableNames.namespace(namespace))
        .forEach((id, metadata) -> views.put(id.name(), metadata));
    return views;
  }

  /**
   * Makes each view again in {@code target}.
   *
   * @return the views made, by name: their metadata as they are now (but for a view that does not
   *     expose it)
   */
  static Map<String, ViewMetadata> copyTo(
      Catalog catalog, Map<String, ViewMetadata> views, String target) {
    Map<String, ViewMetadata> made = new LinkedHashMap<>();
    views.forEach(
        (name, metadata) -> {
          ViewMetadata copy = copy((ViewCatalog) catalog, metadata, target, name);
          if (copy != null) {
            made.put(name, copy);
          }
        });
    return made;
  }

  private static ViewMetadata copy(
      ViewCatalog catalog, ViewMetadata source, String target, String name) {
    TableIdentifier id = Namespaces.table(target, name);
    View made = null;
    for (ViewVersion version :
        source.versions().stream()
            .sorted(Comparator.comparingInt(ViewVersion::versionId))
            .toList()) {
      ViewBuilder builder =
          catalog
              .buildView(id)
              .withSchema(source.schemasById().get(version.schemaId()))
              .withDefaultNamespace(TableNames.namespace(target))
              .withDefaultCatalog(version.defaultCatalog())
              .withProperties(source.properties());
      version.representations().stream()
          .filter(SQLViewRepresentation.class::isInstance)
          .map(SQLViewRepresentation.class::cast)
          .forEach(query -> builder.withQuery(query.dialect(), query.sql()));
      made = made == null ? builder.create() : builder.replace();
    }
    if (!(made instanceof BaseView copy)) {
      return null; // a view that does not expose its metadata, as NamespaceTables.views skips it
    }
    if (copy.currentVersion().versionId() != source.currentVersionId()) {
      ViewMetadata last = copy.operations().refresh();
      copy.operations()
          .commit(
              last,
              ViewMetadata.buildFrom(last).setCurrentVersionId(source.currentVersionId()).build());
    }
    return copy.operations().current();
  }
}
