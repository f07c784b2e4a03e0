package dev.icebergops.schema;

/**
 * The less common settings of {@link SchemaEvolutionHelper#enforceColumn}: a doc to write, a
 * contract to check afterwards, and the opt-in to legacy archival. Immutable; each {@code with}
 * method returns a copy.
 *
 * <pre>{@code
 * helper.enforceColumn("duration", Types.StringType.get(),
 *     EnforceOptions.legacyArchival().withDoc("Duration as text"));
 * }</pre>
 */
public final class EnforceOptions {

  private static final EnforceOptions DEFAULTS = new EnforceOptions(null, null, false);

  private final String doc;
  private final SchemaContract contract;
  private final boolean legacyArchival;

  private EnforceOptions(String doc, SchemaContract contract, boolean legacyArchival) {
    this.doc = doc;
    this.contract = contract;
    this.legacyArchival = legacyArchival;
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
    return new EnforceOptions(description, contract, legacyArchival);
  }

  /** These options with a contract checked once the column is enforced. */
  public EnforceOptions withContract(SchemaContract schemaContract) {
    return new EnforceOptions(doc, schemaContract, legacyArchival);
  }

  /** These options with legacy archival switched on. */
  public EnforceOptions withLegacyArchival() {
    return new EnforceOptions(doc, contract, true);
  }

  /** The column description to write, or null to leave it alone. */
  public String doc() {
    return doc;
  }

  /** The contract to check afterwards, or null. */
  public SchemaContract contract() {
    return contract;
  }

  /** Whether an incompatible type change archives the old column instead of failing. */
  public boolean isLegacyArchival() {
    return legacyArchival;
  }
}
