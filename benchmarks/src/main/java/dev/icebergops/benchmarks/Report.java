package dev.icebergops.benchmarks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Writes BENCHMARKS.md from the medians of one run. */
final class Report {

  private static final long HEAVY_BYTES = 1024L * 1024;

  static final List<Target> TARGETS =
      List.of(
          new Target(
              "B1",
              "cold start to the first catalog call, embedded environment",
              "Iceberg's REST server alone",
              "b1.cold-start.embedded",
              "b1.cold-start.rest-alone",
              1.5),
          new Target(
              "B2",
              "one `@IcebergMigrations` test at head of a 10-migration chain",
              "the same DDL up and down with the Iceberg API",
              "b2.extension.test-at-head.10",
              "b2.raw.up-and-down.10",
              3),
          Target.reported(
              "B2",
              "floor: the same DDL up and down, each commit followed by a one-row Avro append that"
                  + " records it",
              "the same DDL up and down with the Iceberg API",
              "b2.floor.up-and-down.10",
              "b2.raw.up-and-down.10"),
          Target.reported(
              "B2",
              "one `@IcebergMigrations` test at head of a 10-migration chain",
              "floor: the same DDL up and down, each commit followed by a one-row Avro append that"
                  + " records it",
              "b2.extension.test-at-head.10",
              "b2.floor.up-and-down.10"),
          target3(10),
          target3(100),
          target3(300),
          floorAgainstRaw(10),
          floorAgainstRaw(300),
          runnerAgainstFloor(10),
          runnerAgainstFloor(300),
          togetherAgainstRaw(10),
          togetherAgainstRaw(100),
          togetherAgainstRaw(300),
          new Target(
              "B3",
              "runner: per migration at N = 300",
              "runner: per migration at N = 10",
              "b3.runner.per-migration.300",
              "b3.runner.per-migration.10",
              1.3),
          new Target(
              "B4",
              "status, plan and one more migrate with 1,000 history rows",
              "the same with 10 rows",
              "b4.status-plan-migrate.rows.1000",
              "b4.status-plan-migrate.rows.10",
              1.3),
          target5(10),
          target5(50),
          new Target(
              "B6",
              "SchemaDiff of two 5,000-field nested schemas",
              "one `TypeUtil.indexById` pass",
              "b6.schema-diff",
              "b6.index-by-id",
              5),
          new Target(
              "B6",
              "contract validation (4,950 columns) of a 5,000-field nested schema",
              "one `TypeUtil.indexById` pass",
              "b6.contract-validate",
              "b6.index-by-id",
              5));

  /** The chain-scale rows of issue 19 ({@link ScaleMeasures}), after the rows above. */
  static final List<Target> SCALE_TARGETS = scaleTargets();

  /** Issue 38's rows ({@link CostMeasures}), after the chain-scale rows. */
  static final List<Target> COST_TARGETS = costTargets();

  private Report() {}

  private static List<Target> costTargets() {
    List<Target> targets = new java.util.ArrayList<>();
    for (int n : ScaleFixtures.LENGTHS) {
      targets.add(
          new Target(
              "B2",
              "the first test of a second class at head of the same " + n + "-migration chain",
              "a following test of that class",
              "b2.second-class.first." + n,
              "b2.second-class.following." + n,
              3));
      targets.add(
          new Target(
              "B2",
              "the first test of a class at head of a "
                  + n
                  + "-migration chain, its template in"
                  + " the cache of an earlier run (a new JVM)",
              "a following test of that class",
              "b2.cache-warm.first." + n,
              "b2.cache-warm.following." + n,
              3));
      targets.add(
          Target.reported(
              "B2",
              "the same first test from the warm cache",
              "the same first test in a new JVM with an empty cache (the chain walked)",
              "b2.cache-warm.first." + n,
              "b2.cache-fill.first." + n));
      targets.add(
          new Target(
              "B2",
              "a following test at head of a " + n + "-migration chain",
              "a namespace created, the head table registered from its metadata file and dropped,"
                  + " the namespace dropped",
              "b2.register.following." + n,
              "b2.api.namespace-register-drop." + n,
              2));
      targets.add(
          new Target(
              "B5",
              "MigrationSuite on a " + n + "-migration chain re-run in a new JVM, chain unchanged",
              "its first run, in a new JVM as well",
              "b5.rerun.second." + n,
              "b5.rerun.first." + n,
              0.2));
    }
    targets.add(
        new Target(
            "B5",
            "MigrationSuite on a 16-version set whose 0008 is irreversible (allowed)",
            "one `migrate()` from empty to head of the same set",
            "b5.set.irreversible-suite." + CostFixtures.SET,
            "b5.set.migrate-from-empty." + CostFixtures.SET,
            3.5));
    return List.copyOf(targets);
  }

  private static List<Target> scaleTargets() {
    List<Target> targets = new java.util.ArrayList<>();
    for (int n : ScaleFixtures.LENGTHS) {
      targets.add(
          new Target(
              "B2",
              "a following test (a class's second to eighth) at head of a "
                  + n
                  + "-migration chain (lean copies, the default)",
              "the head table created once with the Iceberg API, namespace created and dropped",
              "b2.scale.head.following." + n,
              "b2.scale.api.create-head." + n,
              2));
    }
    targets.add(
        new Target(
            "B2",
            "a following test at head of a 300-migration chain",
            "a following test at head of a 10-migration chain",
            "b2.scale.head.following.300",
            "b2.scale.head.following.10",
            1.5));
    for (int n : ScaleFixtures.LENGTHS) {
      targets.add(
          new Target(
              "B2",
              "a following test at head of a "
                  + n
                  + "-migration chain, copies made with every earlier schema"
                  + " (opt-in `copySchemaHistory = true`)",
              "the head table created once with the Iceberg API, namespace created and dropped",
              "b2.scale.head-every-schema.following." + n,
              "b2.scale.api.create-head." + n,
              2));
    }
    targets.add(
        new Target(
            "B2",
            "a following test at head of a 300-migration chain, copies made with every earlier"
                + " schema (opt-in)",
            "the same at head of a 10-migration chain",
            "b2.scale.head-every-schema.following.300",
            "b2.scale.head-every-schema.following.10",
            1.5));
    for (int n : ScaleFixtures.LENGTHS) {
      String middle = Chains.version(ScaleFixtures.middle(n));
      targets.add(
          new Target(
              "B2",
              "a following test at `@MigrateTo(\"" + middle + "\")` of a " + n + "-migration chain",
              "the table of "
                  + middle
                  + " created once with the Iceberg API, namespace created"
                  + " and dropped",
              "b2.scale.middle.following." + n,
              "b2.scale.api.create-middle." + n,
              2));
    }
    targets.add(
        new Target(
            "B2",
            "the first test of a class at head of a 300-migration chain (its walk of the chain)",
            "the same at head of a 10-migration chain; linear: 1.5 x 300 / 10",
            "b2.scale.head.first.300",
            "b2.scale.head.first.10",
            1.5 * 300 / 10));
    for (int n : ScaleFixtures.LENGTHS) {
      for (String kind : List.of("head", "middle")) {
        String where =
            kind.equals("head")
                ? "at head"
                : "at `@MigrateTo(\"" + Chains.version(ScaleFixtures.middle(n)) + "\")`";
        targets.add(
            Target.reported(
                "B2",
                "the first test of a class " + where + " of a " + n + "-migration chain",
                "one `migrate()` from empty to head of the same chain",
                "b2.scale." + kind + ".first." + n,
                "scale.migrate-from-empty." + n));
        targets.add(
            Target.reported(
                "B2",
                "what a class "
                    + where
                    + " of a "
                    + n
                    + "-migration chain takes besides its"
                    + " tests (its own before-all and after-all callbacks)",
                "one `migrate()` from empty to head of the same chain",
                "b2.scale." + kind + ".class-callbacks." + n,
                "scale.migrate-from-empty." + n));
      }
    }
    for (int n : ScaleFixtures.LENGTHS) {
      targets.add(
          new Target(
              "B5",
              "MigrationSuite (all standard checks, data check included) on a chain of " + n,
              "one `migrate()` from empty to head of the same chain",
              "b5.scale.suite." + n,
              "scale.migrate-from-empty." + n,
              3));
    }
    return List.copyOf(targets);
  }

  /**
   * The baseline's row, which says whether the runner applied the baseline: from how many versions
   * its {@code migrate()} reported.
   */
  static Target baselineTarget(Map<String, Double> medians) {
    Double applied = medians.get("bl.versions-applied." + Baselines.CHAIN);
    String how;
    if (applied == null) {
      how = "";
    } else if (applied.intValue() <= Baselines.STEPS_WITH_BASELINE) {
      how = String.format(Locale.ROOT, " (the runner applied %d versions)", applied.intValue());
    } else {
      how =
          String.format(
              Locale.ROOT,
              " (the runner applied all %d versions: it does not apply baselines yet)",
              applied.intValue());
    }
    return new Target(
        "BL",
        "a fresh namespace migrated to head of a "
            + Baselines.CHAIN
            + "-migration chain with a baseline `"
            + Baselines.CLASS_NAME
            + "`"
            + how,
        "one `migrate()` of 10 versions from empty",
        "bl.migrate-to-head." + Baselines.CHAIN,
        "bl.migrate-from-empty.10",
        1.5);
  }

  /** The {@code -Dbench.chains} of the run when it was not the default, else "". */
  private static String chains() {
    String plan = System.getProperty(ChainPlan.PROPERTY, "").trim();
    return plan.isEmpty() || plan.equals(ChainPlan.DEFAULT) ? "" : " -Dbench.chains=" + plan;
  }

  /** The unit of a raw figure. */
  private static String unit(String key) {
    if (key.startsWith("b7.")) {
      return "MiB";
    }
    if (key.startsWith("bh.")) {
      return HistoryGrowth.unit(key);
    }
    if (key.startsWith("bt.")) {
      return TableCountGrowth.unit(key);
    }
    return key.startsWith("bl.versions-applied.") ? "versions" : "ms";
  }

  private static Target target3(int n) {
    return new Target(
        "B3",
        "runner: migrate N = " + n + " one-column migrations, per migration",
        "raw commits of the same changes",
        "b3.runner.per-migration." + n,
        "b3.raw.per-migration." + n,
        1.5);
  }

  /** What B3's targets stand on: the floor against the raw commits. */
  private static Target floorAgainstRaw(int n) {
    return Target.reported(
        "B3",
        floor(n) + ", per migration",
        "raw commits of the same changes",
        "b3.floor.per-migration." + n,
        "b3.raw.per-migration." + n);
  }

  /** The floor of one commit per version: the change and a second table's property together. */
  private static Target togetherAgainstRaw(int n) {
    return Target.reported(
        "B3",
        "floor of one commit per version: each raw change committed together with a property of a"
            + " second table (one REST multi-table commit, no table read between), N = "
            + n
            + ", per migration",
        "raw commits of the same changes",
        "b3.together.per-migration." + n,
        "b3.raw.per-migration." + n);
  }

  /** What the runner adds to the floor. */
  private static Target runnerAgainstFloor(int n) {
    return Target.reported(
        "B3",
        "runner: migrate N = " + n + " one-column migrations, per migration",
        floor(n),
        "b3.runner.per-migration." + n,
        "b3.floor.per-migration." + n);
  }

  /** The floor: each raw commit followed by the cheapest data commit that records it. */
  private static String floor(int n) {
    return "floor: each raw commit followed by a one-row Avro append that records it, N = " + n;
  }

  private static Target target5(int n) {
    return new Target(
        "B5",
        "MigrationSuite (all standard checks, data check included) on a chain of " + n,
        "one `migrate()` from empty to head of the same chain",
        "b5.suite." + n,
        "b5.migrate-from-empty." + n,
        6);
  }

  /**
   * Writes the report.
   *
   * @param chart the picture of a warm test's cost ({@link ChainChart}), or null when this run has
   *     none
   * @param walks the picture of a walk's cost per migration, or null when this run has none
   */
  static void write(
      Path file,
      Map<String, Double> medians,
      CoreJars core,
      String machine,
      boolean docker,
      Path chart,
      Path walks)
      throws IOException {
    StringBuilder md = new StringBuilder();
    md.append("# Benchmarks\n\n")
        .append("Written by `mvn -B -pl benchmarks -am verify -Pbenchmarks -DskipTests")
        .append(chains())
        .append("` on ")
        .append(LocalDate.now(ZoneOffset.UTC))
        .append(". Every figure is a ratio of medians measured in the same run, so that the")
        .append(" noise of a shared machine cancels out; see the notes below for what each")
        .append(" measure covers. The sections written by hand, from partial runs, are marked so")
        .append(" in the page's source; the harness keeps them when it writes the page again.\n\n")
        .append("| id | measure | anchor | ratio | target | met |\n")
        .append("| --- | --- | --- | --- | --- | --- |\n");
    for (Target target : TARGETS) {
      md.append(target.row(medians)).append('\n');
    }
    for (Target target : SCALE_TARGETS) {
      md.append(target.row(medians)).append('\n');
    }
    for (Target target : COST_TARGETS) {
      md.append(target.row(medians)).append('\n');
    }
    md.append(baselineTarget(medians).row(medians)).append('\n');
    md.append(HistoryGrowth.target(medians).row(medians)).append('\n');
    md.append(HistoryGrowth.pairedTarget().row(medians)).append('\n');
    md.append(HistoryGrowth.sizeRow(medians));
    md.append(TableCountGrowth.target().row(medians)).append('\n');
    md.append(TableCountGrowth.middleTarget().row(medians)).append('\n');
    md.append("| B1 | cold start, containers | Iceberg's REST server alone | ")
        .append(
            docker
                ? "not measured by this harness (the containers backend's start-up is measured"
                    + " side by side with the embedded one in the README, under Backends)"
                : "not measured (no Docker)")
        .append(" | reported | no |\n");
    md.append(
        String.format(
            Locale.ROOT,
            "| B7 | heap retained by a started embedded environment | none | %s | reported |"
                + " %s |\n",
            medians.containsKey("b7.heap-retained.embedded")
                ? String.format(Locale.ROOT, "%.1f MiB", medians.get("b7.heap-retained.embedded"))
                : "not measured",
            medians.containsKey("b7.heap-retained.embedded") ? "yes" : "no"));
    md.append("\n## Raw medians\n\n| figure | median |\n| --- | --- |\n");
    medians.forEach(
        (key, value) ->
            md.append(String.format(Locale.ROOT, "| `%s` | %.3f %s |\n", key, value, unit(key))));
    if (chart != null) {
      appendChart(
          md,
          file,
          chart,
          "A test's cost against the chain's length",
          "A warm test's cost against the chain's length, before and after",
          Notes.CHART);
    }
    if (walks != null) {
      appendChart(
          md,
          file,
          walks,
          "A walk's cost against the chain's length",
          "A walk's cost per migration against the chain's length",
          Notes.WALK_CHART);
    }
    md.append("\n## Machine\n\n").append(machine).append(".\n");
    appendCore(md, core);
    md.append(Notes.TEXT);
    String page = HandWritten.carriedOver(HandWritten.read(file), md.toString());
    Files.writeString(file, page, StandardCharsets.UTF_8);
  }

  private static void appendChart(
      StringBuilder md, Path report, Path chart, String heading, String description, String note) {
    Path relative = report.toAbsolutePath().getParent().relativize(chart.toAbsolutePath());
    md.append("\n## ")
        .append(heading)
        .append("\n\n![")
        .append(description)
        .append("](")
        .append(relative.toString().replace('\\', '/'))
        .append(")\n\n")
        .append(note);
  }

  private static void appendCore(StringBuilder md, CoreJars core) {
    md.append("\n## What `iceberg-ops-core` puts on a user's class path\n\n")
        .append(
            String.format(
                Locale.ROOT,
                "%d runtime jars besides the core's own, %.1f MiB in all. The jars of 1 MiB and"
                    + " more, and why each remains:\n\n",
                core.jars().size(),
                core.totalBytes() / (1024.0 * 1024)))
        .append("| jar | size | why it is there |\n| --- | --- | --- |\n");
    for (CoreJars.Jar jar : core.jars()) {
      if (jar.bytes() >= HEAVY_BYTES) {
        md.append(
            String.format(
                Locale.ROOT,
                "| %s | %.1f MiB | %s |\n",
                jar.name(),
                jar.bytes() / (1024.0 * 1024),
                Notes.why(jar.name())));
      }
    }
  }
}
