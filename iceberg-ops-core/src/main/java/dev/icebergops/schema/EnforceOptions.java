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
 */
public final class EnforceOptions {

  private static final EnforceOptions DEFAULTS = new EnforceOptions(null, null, false, null, null);

  private final String doc;
  private final SchemaContract contract;
  private final boolean legacyArchival;
  private final Literal<?> initialDefault;
  private final Literal<?> writeDefault;

  private EnforceOptions(
      String doc,
      SchemaContract contract,
      boolean legacyArchival,
      Literal<?> initialDefault,
      Literal<?> writeDefault) {
    this.doc = doc;
    this.contract = contract;
    this.legacyArchival = legacyArchival;
    this.initialDefault = initialDefault;
    this.writeDefault = writeDefault;
  }

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
    return new EnforceOptions(description, contract, legacyArchival, initialDefault, writeDefault);
  }

  /** These options with a contract checked once the column is enforced. */
  public EnforceOptions withContract(SchemaContract schemaContract) {
    return new EnforceOptions(doc, schemaContract, legacyArchival, initialDefault, writeDefault);
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
    return new EnforceOptions(doc, contract, legacyArchival, initial, write);
  }

  /** The column description to write, or null to leave it alone. */
  public String doc() {
    return doc;
  }

  /** The contract to check afterwards, or null. */
  public SchemaContract contract() {
    return contract;
  }

  /** The initial default to give an added column, or null. */
  public Literal<?> initialDefault() {
    return initialDefault;
  }

  /** The write default the column must have, or null to leave it alone. */
  public Literal<?> writeDefault() {
    return writeDefault;
  }

  /** Whether an incompatible type change archives the old column instead of failing. */
  public boolean isLegacyArchival() {
    return legacyArchival;
  }
}
