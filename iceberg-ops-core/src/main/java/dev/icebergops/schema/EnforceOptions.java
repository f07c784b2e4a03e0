package dev.icebergops.schema;

import org.apache.iceberg.expressions.Literal;

/**
 * The less common settings of {@link SchemaEvolutionHelper#enforceColumn}: a doc to write, a
 * contract to check afterwards, the opt-in to legacy archival, and the column's defaults (format
 * version 3). Immutable; each {@code with} method returns a copy.
 *
 * <pre>{@code
 * helper.enforceColumn("duration", Types.StringType.get(),
 *     EnforceOptions.legacyArchival().withDoc("Duration as text"));
 * }</pre>
 *
 * @param doc the column description to write, or null to leave it alone
 * @param contract the contract to check afterwards, or null
 * @param isLegacyArchival whether an incompatible type change archives the old column instead of
 *     failing
 * @param initialDefault the initial default to give an added column, or null
 * @param writeDefault the write default the column must have, or null to leave it alone
 */
public record EnforceOptions(
    String doc,
    SchemaContract contract,
    boolean isLegacyArchival,
    Literal<?> initialDefault,
    Literal<?> writeDefault) {

  private static final EnforceOptions DEFAULTS = new EnforceOptions(null, null, false, null, null);

  /** No doc, no contract, no archival: an incompatible type change is refused. */
  public static EnforceOptions defaults() {
    return DEFAULTS;
  }

  /**
   * Opts in to archive-and-recreate on an incompatible type change: the old column is kept as
   * {@code <name>__legacy_N} and a fresh column takes its name.
   */
  public static EnforceOptions legacyArchival() {
    return DEFAULTS.withLegacyArchival();
  }

  /** These options with a column description to write. */
  public EnforceOptions withDoc(String description) {
    return new EnforceOptions(
        description, contract, isLegacyArchival, initialDefault, writeDefault);
  }

  /** These options with a contract checked once the column is enforced. */
  public EnforceOptions withContract(SchemaContract schemaContract) {
    return new EnforceOptions(doc, schemaContract, isLegacyArchival, initialDefault, writeDefault);
  }

  /** These options with legacy archival switched on. */
  public EnforceOptions withLegacyArchival() {
    return new EnforceOptions(doc, contract, true, initialDefault, writeDefault);
  }

  /**
   * These options with the column's defaults, on a table of format version 3 or later: an added
   * column gets both (the rows written before read the initial one); an existing column gets the
   * write default, and must already have the initial one, which Iceberg never changes.
   *
   * <pre>{@code
   * ctx.enforceColumn("orders", "channel", "string",
   *     EnforceOptions.defaults().withDefaults(Expressions.lit("store"), Expressions.lit("web")));
   * }</pre>
   *
   * @param initial what the rows written before the column was added read, or null to leave it
   * @param write what a writer that leaves the column out writes, or null to leave it
   * @return a copy with these defaults
   */
  public EnforceOptions withDefaults(Literal<?> initial, Literal<?> write) {
    return new EnforceOptions(doc, contract, isLegacyArchival, initial, write);
  }
}
