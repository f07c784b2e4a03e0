package dev.icebergops.migration;

import dev.icebergops.schema.SchemaContract;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * What a staged data step writes and how it is audited before it is published (see {@link
 * MigrationContext#stageData}). Immutable: each method returns a new step.
 *
 * <pre>{@code
 * StagedData.write(branch -> backfillAmountCents(branch.table(), branch.name()))
 *     .contract(contract)
 *     .auditRowCountKept()
 *     .auditNoNulls("amount_cents")
 *     .audit("cents match euros", branch -> centsMatchEuros(branch.rows()))
 *     .onMainMoved(StagedData.MainMoved.RESTAGE);
 * }</pre>
 */
public final class StagedData {

  /** What a staged step does when another writer committed to main while it was staged. */
  public enum MainMoved {
    /** Fail, naming the other writer's snapshot; nothing of the step is published. */
    FAIL,
    /** Drop the branch and stage the step again on the new main (write and audits again). */
    RESTAGE
  }

  /** An audit: its description and why it failed on a branch, or null when it passed. */
  private record Audit(String description, Function<StagedBranch, String> failure) {}

  private final Consumer<StagedBranch> write;
  private final List<Audit> audits;
  private final MainMoved mainMoved;

  private StagedData(Consumer<StagedBranch> write, List<Audit> audits, MainMoved mainMoved) {
    this.write = write;
    this.audits = List.copyOf(audits);
    this.mainMoved = mainMoved;
  }

  /**
   * A staged step that writes with {@code write}, audited by nothing yet, failing if main moves.
   *
   * @param write writes the step's data: every commit with {@code toBranch(branch.name())}
   * @throws IllegalArgumentException if the write is null
   */
  public static StagedData write(Consumer<StagedBranch> write) {
    if (write == null) {
      throw new IllegalArgumentException("Cannot stage data: the write is null");
    }
    return new StagedData(write, List.of(), MainMoved.FAIL);
  }

  /**
   * Audits the branch against the table's contract: its schema validates, and no row has a null in
   * a column the contract declares required (the schema may still hold it optional, to be made
   * required in a later version).
   *
   * @throws IllegalArgumentException if the contract is null
   */
  public StagedData contract(SchemaContract contract) {
    require(contract, "contract");
    return with("contract", branch -> StagedAudits.contract(contract, branch));
  }

  /** Audits that the branch has as many rows as main had when the branch was made. */
  public StagedData auditRowCountKept() {
    return with("row count kept", StagedAudits::rowCountKept);
  }

  /**
   * Audits that no row of the branch has a null in a column.
   *
   * @param column the column; a dotted path for a field of a struct
   * @throws IllegalArgumentException if the column is null or blank
   */
  public StagedData auditNoNulls(String column) {
    return with("no null in " + column(column), branch -> StagedAudits.noNulls(column, branch));
  }

  /**
   * Audits that the sum of a numeric column on the branch is the sum on main when it was made.
   *
   * @param column the column; a dotted path for a field of a struct
   * @throws IllegalArgumentException if the column is null or blank
   */
  public StagedData auditSumKept(String column) {
    return with(
        "sum of " + column(column) + " kept", branch -> StagedAudits.sumKept(column, branch));
  }

  /**
   * Audits the branch with the migration's own check.
   *
   * @param description what it checks, for messages
   * @param passes whether the branch passes; an exception it throws fails the audit
   * @throws IllegalArgumentException if the description is blank or the check is null
   */
  public StagedData audit(String description, Predicate<StagedBranch> passes) {
    if (description == null || description.isBlank()) {
      throw new IllegalArgumentException("Cannot add audit: the description is empty");
    }
    require(passes, "audit");
    return with(description, branch -> passes.test(branch) ? null : "it returned false");
  }

  /**
   * Sets what the step does when another writer committed to main while it was staged.
   *
   * @throws IllegalArgumentException if the policy is null
   */
  public StagedData onMainMoved(MainMoved policy) {
    require(policy, "policy");
    return new StagedData(write, audits, policy);
  }

  /** Runs the write on a branch. */
  public void writeOn(StagedBranch branch) {
    write.accept(branch);
  }

  /** The audits' descriptions, in the order they run. */
  public List<String> audits() {
    return audits.stream().map(Audit::description).toList();
  }

  /** What the step does when main moved while it was staged. */
  public MainMoved mainMoved() {
    return mainMoved;
  }

  /**
   * Runs the audits on a branch, in order, up to the first that fails.
   *
   * @return {@code audit "<description>" failed on branch <name>: <why>}, empty when all pass
   */
  public Optional<String> failedAudit(StagedBranch branch) {
    for (Audit audit : audits) {
      String why;
      try {
        why = audit.failure().apply(branch);
      } catch (RuntimeException e) {
        why = "it threw " + e;
      }
      if (why != null) {
        return Optional.of(
            "audit \"" + audit.description() + "\" failed on branch " + branch.name() + ": " + why);
      }
    }
    return Optional.empty();
  }

  private StagedData with(String description, Function<StagedBranch, String> failure) {
    List<Audit> more = new ArrayList<>(audits);
    more.add(new Audit(description, failure));
    return new StagedData(write, more, mainMoved);
  }

  private static String column(String column) {
    if (column == null || column.isBlank()) {
      throw new IllegalArgumentException("Cannot add audit: the column is empty");
    }
    return column;
  }

  private static void require(Object value, String what) {
    if (value == null) {
      throw new IllegalArgumentException("Cannot stage data: the " + what + " is null");
    }
  }
}
