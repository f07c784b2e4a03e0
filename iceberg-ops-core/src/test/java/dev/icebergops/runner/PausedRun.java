package dev.icebergops.runner;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.MigrationSource;
import dev.icebergops.testing.ChildJvm;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.rest.RESTCatalog;
import org.apache.iceberg.types.Types;

/**
 * The child JVM of the pause rounds: for each line {@code <point> <namespace>} on its standard
 * input it migrates the namespace to 0003, whose upgrade stops at the point (before its helper
 * step, or after it and so before the history write) until the parent has frozen it with SIGSTOP,
 * let its lease expire and resumed it. It leaves {@code <namespace>.paused} in the control folder
 * at the point, waits there for {@code <namespace>.go}, and writes the run's outcome to {@code
 * <namespace>.result}. Arguments: a properties file with the catalog properties, the
 * meta-namespace, the control folder.
 */
public final class PausedRun {

  /** Where 0003's upgrade stops. */
  enum Point {
    BEFORE_STEP,
    BEFORE_HISTORY_WRITE
  }

  static final Duration LEASE = Duration.ofSeconds(2);

  private static volatile Point point;
  private static volatile Path control;
  private static volatile String namespace;

  private PausedRun() {}

  public static void main(String[] args) throws Exception {
    RESTCatalog catalog = ChildCatalog.open(args[0], "paused");
    control = Path.of(args[2]);
    BufferedReader in =
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    for (String line = in.readLine(); line != null; line = in.readLine()) {
      String[] words = line.trim().split(" ");
      point = Point.valueOf(words[0]);
      namespace = words[1];
      String outcome;
      try {
        runner(catalog, namespace, args[1]).migrate();
        outcome = "migrated";
      } catch (RuntimeException e) {
        outcome = e.getClass().getSimpleName() + ": " + e.getMessage();
      }
      Files.writeString(control.resolve(namespace + ".result"), outcome);
    }
  }

  /** The runner of the rounds' chain, with a short lease. */
  static MigrationRunner runner(Catalog catalog, String namespace, String meta) {
    return MigrationRunner.builder(catalog)
        .namespace(namespace)
        .metaNamespace(meta)
        .source(
            MigrationSource.of(
                FailureFixtures.V0001__CreateT.class, V0002__AddB.class, V0003__AddC.class))
        .leaseDuration(LEASE)
        .timeout(ChildJvm.REMOTE_BOUND)
        .build();
  }

  private static void pause() {
    try {
      Files.writeString(control.resolve(namespace + ".paused"), point.name());
      Path go = control.resolve(namespace + ".go");
      while (!Files.exists(go)) {
        Thread.sleep(20);
      }
    } catch (IOException e) {
      throw new IllegalStateException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  public static class V0002__AddB extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.addColumn("t", "b", Types.StringType.get());
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      ctx.deleteColumn("t", "b");
    }
  }

  /** Stops at the round's point; its downgrade undoes what its upgrade committed, if anything. */
  public static class V0003__AddC extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      if (point == Point.BEFORE_STEP) {
        pause();
      }
      ctx.addColumn("t", "c", Types.StringType.get());
      if (point == Point.BEFORE_HISTORY_WRITE) {
        pause();
      }
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      if (ctx.loadTable("t").schema().findField("c") != null) {
        ctx.deleteColumn("t", "c");
      }
    }
  }
}
