package dev.icebergops.benchmarks;

/** The fixed text of BENCHMARKS.md: what each measure covers, and why heavy jars remain. */
final class Notes {

  private Notes() {}

  static final String TEXT =
      """

      ## What each measure covers

      The targets of B3 against raw commits (1.5 x), of B5 at N = 10, 100 and 300 (3 x) and of a
      class's first test at head of 300 against 10 (linear) are issue 38's; tables written before
      2026-12-06 held issue 19's (2.5 x and 4 x).

      - B1: a fresh JVM per start, timed from `main` to the first answered `listNamespaces()`,
        five starts of each kind alternating. The anchor serves Iceberg's `RESTCatalogServlet`
        over a `RESTCatalogAdapter` and a JDBC catalog on in-memory SQLite with a local
        warehouse, the way Iceberg's REST fixture image does, behind Jetty.
      - B2: the duration JUnit reports for one test method (its before and after callbacks
        included: namespace, migrate to head, rollback, no-trace check, drop) of a class
        annotated `@IcebergMigrations`, warm (the environment started by an earlier class).
        The tests of a class share one history table: each fixture class has one test, which
        creates it; it is dropped when the class ends, outside the measured test. Its floor
        does the anchor's twenty commits and, after each, the cheapest data commit (as B3's
        floor, below), with the namespace and the log table created inside the measure and
        purged outside it.
      - B3: `migrate()` of a fresh namespace, its migrations resolved beforehand, divided by N;
        the anchor creates the table and adds the N - 1 columns with one `updateSchema()`
        commit each, divided by N. The floor does the anchor's commits and, after each, the
        cheapest data commit Iceberg makes: a fast append of one one-row Avro file to a log
        table created first (no earlier row read, no overwrite, no lease). The runner
        against the floor says what the runner adds; the floor against the raw commits
        says what recording a version in an Iceberg table costs at all. The floor of one
        commit per version (on a REST catalog) commits each change together with one
        property of a second table in one multi-table commit, each from the metadata the
        commit before applied (no table read between, no data file): what any record kept in
        a table of its own costs at least, when it rides on the version's commit.
        Every repetition's namespaces are purged after it: the store keeps objects in the
        heap, and the tables of 300 schemas left by earlier repetitions (hundreds of MiB of
        metadata JSON) ran the measuring JVM out of memory once the floor added its own, and
        slowed every measure taken after them. Before the purge, B3's flatness read 2.6 to
        2.7 x; in the first runs with it, 0.76 to 1.37 x (B3 alone) and about 3 x (all
        measures): it moves with the machine's load as much as with N.
        Each repetition has a history table of its own (a first deploy's), so that it does not
        measure the snapshots earlier repetitions left behind; B4 and B5's anchor likewise.
      - B4: `status()`, `plan()` and `migrate()` of one pending version, after `stamp` recorded
        10 or 1,000 applied versions; the two sizes alternate, after two rounds of each that
        warm up, so that both see the same load.
      - B5: the duration of a whole test class that implements `MigrationSuite`, warm;
        `headConformsToContracts` is skipped as the chains have no contracts.
      - B2 at N = 10, 100 and 300 (issue 19; `-Dbench.only=B2N`): generated chains of
        one-column migrations, as B3's, and per chain length a class of eight tests at head and
        a class of eight tests at `@MigrateTo` of the middle version (0005, 0050, 0150), warm:
        one untimed round of the same classes and anchors comes first, and each session of
        classes starts with a warm-up class of eight tests at head of the 11-chain, which no
        measured class shares. Until 2026-12-06 it was at head of the 10-chain: once the
        classes of a run shared their templates (issue 38), the measured class at head of 10
        took its template from it, and its first test was no walk. A class's
        first test checks that its namespace starts at that version (`runner.current()`); the
        following seven are empty, as the tests of issue 19's own measure (a history read of the
        test's own is the test's cost, not the toolkit's; the B2N runs recorded before this
        change, up to 2026-12-03 09:21 UTC, had one in every test).
        The first test of a class is reported apart from the following seven: it
        pays what a class does once (its template, when the extension builds it in the first
        test's callbacks), and so does the class's time besides its tests (its before-all and
        after-all callbacks: the template, when built there, the journey's walk down, the
        history table's drop), reported against one `migrate()` from empty to head of the same
        chain. The per-test cost is the median of the following tests; its anchor creates the
        test's table once, as the migrations leave it at that version, with one `createTable`
        of that schema (the same field ids), the namespace created before and dropped after,
        the table purged, timed eight times per class after one untimed call. The 300-chain's
        test against the 10-chain's says whether a test still pays for the chain.
      - B5 at N = 10, 100 and 300 (`-Dbench.only=B5N`): a whole `MigrationSuite` class, warm,
        against one `migrate()` from empty to head of the same chain, resolving it included,
        its namespaces purged afterwards (the same anchor as B2's first tests).
      - BL, the baseline (`-Dbench.only=BL`): a fresh namespace migrated to head of a copy of
        the 300-chain that also holds `B0290__Baseline`, which creates the table of 0290 in one
        `createTable` with the chain's field ids; against one `migrate()` of the 10-chain from
        empty, the two alternating (nine pairs after an untimed one), both resolving their
        chain. The row says how many versions
        the runner applied: 11 when it used the baseline (the baseline and 0291..0300), 300
        when it does not know baselines and migrated the whole chain.
      - Issue 38's measures, each runnable alone (`-Dbench.only=B2S`, `B2R`, `B5I`, `B5R`,
        `B2W`) at the lengths `-Dbench.chains` names (its counts are not used), before the
        chain-scale measures:
        - B2S, a second class: per length, one session of a warm-up class at head of the
          11-chain (which no measured class shares) and two classes of eight empty tests at
          head of a copy of the chain (`bench.f<n>`) that no other measure uses, so that no
          class of another measure has built its template in the same JVM. The second class's
          first test against its following tests (their median); the first class's first test
          is recorded beside them (`b2.second-class.first-class-first.<n>`).
        - B2R, a following test against its floor: per length, one session of the warm-up
          class and a class at head, each of its following tests paired with one call of the
          anchor timed right after it (one untimed call first), so that the two see the same
          load: a namespace created, the head table (made once beforehand with one
          `createTable`) registered from its metadata file, dropped without purging its files,
          the namespace dropped.
        - B5I, a 16-version set whose 0008 throws `IrreversibleMigrationException` in its
          downgrade, allowed with `irreversible = "0008"`: its `MigrationSuite` class, once,
          after the warm-up class, against one `migrate()` of the set from empty, resolving it
          included.
        - B5R, a re-run: per length, the `MigrationSuite` class of the chain run in a new JVM
          (the warm-up class first, then the suite, timed), then again in another new JVM in
          the same working directory, a fresh one per length, so that what a run keeps under
          `target/` is the first run's only. The second run against the first.
        - B2W, a first test from a warm template cache: per length, the first of B2S's classes
          (eight empty tests at head of `bench.f<n>`) run in a new JVM after the warm-up class, with
          the toolkit's default cache, empty, under a fresh working directory (its first test walks
          the chain and fills the cache); then the same three times, each in another new JVM in the
          same directory, whose cache is then warm and whose only class before it, the warm-up class,
          is on another chain, so that the first test takes its template from the cache alone. The
          warm JVMs' first tests (their median: one JVM alone swung by a third between runs) against
          their following tests (their median), and against the first JVM's first test
          (`b2.cache-fill.first.<n>`, reported).
      - The chain-scale measures run last, one class per chain length and kind in each round,
        as many rounds as `-Dbench.chains` asks (default `10:3,100:2,300:2`: three classes at
        N = 10, two at 100 and at 300); `-Dbench.only=CHAINS` takes B2N, B5N and BL alone.
        Their figures are recorded as each test and class ends, so a run stopped part-way keeps
        them. The measuring JVM has 4 GiB of heap (`-Dbench.heap`): the embedded store keeps
        every object in it, and before issue 19 a test at head of the 300-chain wrote about
        2 GiB of table metadata before its drop (at 2 GiB it ran out of memory).
      - B6: median of 20 calls after ten passes of 20 warm-up calls of each measure, each pass on
        schemas built anew (fewer left the anchor's median bimodal between JVMs, 0.18 or 1.6 ms),
        timed in rounds of one call each, so that the anchor is neither colder nor on a quieter
        machine than its measures.
      - B7: used heap after three `System.gc()` calls, after the start minus before it.
      - BH, a run's cost against the runs its history table has served (`-Dbench.only=BH`):
        one fresh meta namespace, so one history table, serves 300 fresh namespaces in turn.
        In each, the runner (built with that meta namespace) resolves the 10-chain and the
        namespace is created, untimed; then `migrate("0002")` (the chain's first two versions:
        the table created and one column added) and `rollback(2)` are timed together, one
        figure per namespace, and the namespace is purged, untimed. Each run takes and releases
        its lease: history commits that add snapshots. The median of namespaces 276-300 against
        the median of namespaces 26-50 (the first 25 warm up): a run must not cost more as its
        history table serves more namespaces and runs (target 1.3 x). The machine is shared,
        and its load over the measure's minutes moves both windows, so each run of the two
        windows is followed by a load anchor, reported beside the target: the same walk in
        another fresh namespace against a fresh history table of its own window (made just
        before the window with one untimed run, so it has served at most 26 runs), timed
        likewise; that row takes the median of each run over its anchor, late window over
        early. The history table's metadata JSON (`TableMetadataParser.toJson` of its current
        metadata, in characters, all ASCII), its snapshot count and its ref count after the
        last namespace are reported beside it; the meta namespace is purged at the end. The
        measure uses only the public API of `MigrationRunner` and Iceberg, so that it runs
        unchanged on an older commit, for a side-by-side comparison.
      - BT, a version's cost against the namespace's table count (`-Dbench.only=BT`): for T =
        1, 100 and 300 other tables, a fresh namespace with a fresh meta namespace of its own
        is migrated to 0001 of the 10-chain (the table created), given T other tables with the
        Iceberg API (`createTable` of a one-column schema) and migrated to 0002, whose history
        row lists them, untimed; then `migrate("0005")` (three versions, each adding one column
        to the chain's table) is timed and divided by three, and the namespace and its meta namespace are purged, untimed. The sizes alternate
        in rounds (1, 100, 300), one untimed round that warms up, then three timed ones; the
        median per size. At T = 300 against T = 1: a version must not cost more for the tables
        of its namespace that it does not touch (target 1.3 x); T = 100 is reported beside it.
        The measure uses only the public API of `MigrationRunner` and Iceberg, so that it runs
        unchanged on an older commit, for a side-by-side comparison.

      ## Where the time goes, and what was changed

      - B3, the runner. A profile (JFR, `settings=profile`, `migrate()` of the 50-migration
        chain three times in one JVM with the embedded environment) showed the migrations'
        own bodies at about a fifth of `migrate()`'s wall time and the history writes at the
        rest. Of the CPU samples of all threads (the REST server and S3Proxy run in the same
        JVM): Iceberg's `TableMetadataParser` 27 % (every history commit makes the REST server
        read and rewrite the history table's metadata JSON, and the client parse it again), S3Proxy
        19 %, Avro manifests 16 %, the Parquet writer 6 %, Hadoop's `Configuration` 5 %. A
        history commit is a data commit (a data file, a manifest, a manifest list and the
        metadata JSON), where an `updateSchema()` commit writes the metadata JSON alone, so the
        floor is not the issue's 2 x (one DDL commit plus one history commit of the same cost)
        but that of one schema commit plus one data commit on this store.
        Changed: `migrate` takes the run lease in the same commit as its first version's
        running row (validated against the state it read, so validation that fails writes
        nothing); the last version's outcome releases the lease unless that version has a
        post-hook, which still runs under it; rollbacks write each next version's running row
        with the previous outcome; a history commit reuses the table the previous commit left
        (two round trips and a server-side metadata read less), and loads it again whenever
        anything else committed in between. A migrate of N versions now makes N + 1 history
        commits (was N + 3), a rollback of N makes N + 2 (was 2N + 2); `RunHistoryWritesTest`
        proves the counts, the failure model's tests pass unchanged.
        Left: the history table's metadata grows with every snapshot, so each write costs a
        little more than the one before (B3's flatness). Expiring the history table's old
        snapshots would bound it, but the history's time travel is documented behaviour:
        a decision for the project, not for a speed change.
      - B5, MigrationSuite. Each standard check ran its own journey from an empty namespace
        (the staircase, idempotency, the data check and the no-trace check each migrated and
        rolled back the whole chain, the staircase one version at a time). Changed: the checks
        of a class share one journey, walked once in a namespace of its own: one `migrate()`
        to head and one rollback, the checks' work done in the runner's step listener as each
        version is applied (the idempotency re-run, the data check's rows) or rolled back (the
        staircase's comparison, the rows read back, the second upgrade and downgrade called
        directly). Each test keeps its own verdict and message: `SharedJourneyTest` compares
        every report with the check's own pass on thirteen sets, broken ones included, and a
        check that a misbehaving migration may have disturbed (a re-run that commits, a second
        downgrade that ends elsewhere than the first, a rollback that stops at an irreversible
        version before the staircase is done) runs its own pass in its test's namespace. A
        test that ran no migration no longer rolls back (which took the run lease and created
        a history table) before its trace check.
        Left: the eight tests' own namespaces (prepared, checked and dropped), and, for a set
        with an allowed irreversible version, the staircase's own pass.
      - B2, one test. With INFO logs, one warm test at head of the 10-migration chain spent
        about 3.6 s preparing its namespace (a history table of its own is created for every
        test, then ten versions migrated), 2.7 s rolling back and checking for traces, and
        0.5 s dropping the namespace and purging that history table; the anchor's 20 commits
        take 0.5 s. The runner changes above shorten the migrate and the rollback; a history
        table per test, not per run, and the shared journey of B5 are what is left.
      - B2 and B3, a second profile (JFR, `settings=profile`, the four `@IcebergMigrations`
        fixture classes and their anchor in one JVM). The runner's thread waited on history
        writes for about three quarters of its waits and on the migrations' bodies for the
        rest. Of the CPU samples of all threads: the REST server 30 %, the runner's remote-call
        threads 19 % (the history file's Parquet writer 7 %, Hadoop's `Configuration` 3 % of
        it), S3Proxy 18 %, Iceberg's manifest worker pool 12 %, and ClassGraph 11 %: every
        test scanned the class path for its migrations again. A history commit also waited
        in Iceberg's `Tasks`, which polls the worker pool's futures every 10 ms (about 1,100
        polls), and sent a metrics report after its snapshot, one more HTTP call.
        Changed: a class path source scans once and keeps the classes it found (every resolve
        still creates fresh instances and checks the set's rules); history commits run their
        manifest work in the committing thread (`scanManifestsWith`); the test environments'
        clients send no metrics reports (`rest-metrics-reporting-enabled=false`: the test
        catalogs keep none); each anchor is measured right after its measure, not minutes
        later, so both see the same load (B2's anchor used to run after B3). Measured side by
        side, the code before and after these changes running at the same time:
        B2's test 5,687 -> 4,626 ms (anchors 429 and 435 ms: 13.3 x -> 10.6 x); B3 per
        migration at N = 10 151 -> 119 ms (raw 11 and 14 ms: 13.3 x -> 8.4 x), at N = 100
        125 -> 89 ms (7.8 x -> 5.4 x), at N = 300 225 -> 209 ms (the two runs' raw commits
        drifted apart there, 72 and 47 ms). Contract validation's path index alone went from
        2.0 to 1.4 `indexById` passes (one JVM, medians of 300 calls).
        Left: a history commit is a data commit. Besides the catalog call, Iceberg's
        `SnapshotProducer` loads the table before applying and again after committing, and
        writes a data file, a manifest or two and a manifest list; on this store an
        overwrite of one small file costs about five schema commits (158 ms against 34 ms,
        same JVM). A version is one schema commit plus one history commit, so B3's floor here
        is near six schema commits per version, not two; its ratio falls with N only because
        a schema commit grows with the table's schema list. Also left:
        `MigrationContext.getHelper` loads the table and the helper refreshes it at once, one
        more load of the migrated table per schema step (at N = 300 its metadata holds 300
        schemas); dropping it needs a helper over a table known to be fresh, an API decision
        (taken in the sixth look, below).
      - B2, a third profile (JFR, `settings=profile`, the four fixture classes and their
        anchor). Beyond the DDL, a test made 23 history commits (a migrate of 10 makes 11, a
        rollback of 10 made 12), created a history namespace and table, and purged that table
        with its namespace afterwards: the REST server's purge reads every manifest and
        deletes each data file, manifest, manifest list and metadata file one by one, about
        a tenth of the server's CPU samples. One more history read only fed a log line.
        Changed: the tests of a class share one history table, each test's rows under its
        own namespace; a test's rows are deleted with its namespace (one delete of its
        partition, which rewrites no data file) and the table is purged once, when the class
        ends. A rollback takes its lease with its first version's running row, like a migrate
        (a rollback of N now makes N + 1 history commits; `RunHistoryWritesTest`). The log
        line takes the version from the run's own result. Measured side by side (both JVMs at
        the same time, load averages of 35 and 13): the drop after a test 6.7 -> 1.5 s and
        1.2 -> 0.5 s, the test 43.5 -> 41.8 s and 13.5 -> 11.1 s; the B2 subset alone, before
        and after, 6.46 x and 6.38 x (the machine's load fell between the two runs).
        Left: a history commit costs several schema commits (a data commit; until the
        history's files became Avro, below, each Parquet write also built a new Hadoop
        `Configuration`), and a test at head of N versions makes 2N + 3 of them (its rows' delete
        included) besides its 2N schema commits, so B2 stays above 3 x until a history commit
        costs less.
      - B6. `SchemaDiff` and contract validation used Iceberg's name index
        (`TypeUtil.indexNameById`, `Schema.findField`), which builds every full and short name
        of the schema and cost about thirty `indexById` passes on 5,000 fields. They now index
        a schema in one pass and build a path only for a field they report or look up.
        Contract validation then still built the index by id and derived every path from it
        (two passes); it now builds the paths alone, in one pass.
      - B2 and B3, a fourth look (2026-12-01, after the changes above: the timestamped
        INFO log of the B2 fixtures, the machine loaded by other builds). B2's test is a
        migrate of ten versions and a rollback of ten, each version about as long as in
        B3, so B2's ratio follows B3's. One version of the migrate, in order: the schema
        step (the helper loads the table, refreshes it, and the server loads it again
        for the commit) 35 to 70 ms; then the history write: Iceberg's
        `SnapshotProducer` refreshes the history table (a GET, 2 to 10 ms), writes the
        Avro data file, its manifests and the manifest list to the store, reading the
        previous ones (57 and 107 ms in the two versions read), commits (the POST, 6 to
        15 ms) and refreshes the table once more to clean up (a GET, 5 ms). The store's
        round trips of a data commit are most of a version: the anchor makes none.
      - B2, B3 and B5, a fifth look (2026-12-01, JFR with exceptions recorded, the B2
        fixtures). The embedded store dropped connections: the AWS SDK's uploads used
        aws-chunked signing, and after some of them (the history table's manifests, about
        one in four history commits) S3Proxy's Jetty found request bytes it had not read,
        answered, and closed the connection. The client's next request on that pooled
        connection failed with "Broken pipe" and the SDK retried it after a back-off of
        about 60 ms: 62 retries in one B2 run. The test environments' clients and the
        containers' catalog now sign each upload whole (`s3.chunked-encoding-enabled=false`):
        no retry in the next run, and B2's test went from 3,131 to 1,669 ms against anchors
        of 179 and 158 ms (17.5 x -> 10.5 x, `-Dbench.only=B2`, one after the other on a
        quiet machine). `EmbeddedEnvironmentTest` counts every store request's attempts
        (an SDK interceptor) over twenty data commits; it did not see the dropped
        connections in the test JVM before the change either, so the B2 profile is the
        evidence, and the test the guard. Also found: the history reads planned their scan
        in Iceberg's worker pool, whose iterator polls every 10 ms; they now plan in the
        reading thread (no poll left in the profile). Left: each data commit writes its
        manifests in Iceberg's static worker pool and polls for them every 10 ms (317
        polls in that B2 run). The pool cannot be chosen per commit; the floor pays the
        same polls.
      - Where the floors are, from this table. B3: the runner costs about what the floor
        costs at N = 10 and 100 (0.9 to 1.0 x) and about 1.4 x at N = 300; the floor itself,
        a schema commit plus the cheapest data commit, is 13 to 15 x the raw schema commit at
        N = 10 and 2.2 to 2.3 x at N = 300. The 2.5 x target is below the floor wherever a data
        commit costs more than one and a half schema commits, as on this store; what the
        runner adds at N = 300 is its overwrite (it reads the namespace's previous file and
        manifests) and the helper's two loads of a table whose metadata holds 300 schemas.
        B3's flatness follows the floor's own growth (about 2 x from N = 10 to 300). B2:
        a test at head migrates and rolls back ten versions, twenty B3 versions against
        twenty raw commits, so its floor is near twenty B3 floors over the anchor, about
        5 x here (measured since: the sixth look, below). B5: the suite walks one migrate
        and one rollback, and per version a second upgrade and downgrade, an idempotency
        re-run, one data append and one read-back; the CPU profile of a B5 run (JFR)
        spreads over the store's round trips: the AWS SDK 29 % of the samples, the REST
        server 26 %, JSON 18 %, S3Proxy 17 %, table metadata parsing 17 %, the checks' own
        code 16 %. Why B5 grows with N:
        a timestamped log of the 50-chain's journey (INFO, 21.6 s in all) spent 2.0 s in
        the upgrades, 3.4 s in the checks after each upgrade, 2.5 s in the downgrades and
        13.3 s in the checks after each downgrade, about 270 ms each and flat in the
        version: of these, the data check's read-back took about 255 ms, because it reads
        every data file it wrote, one per version, after every downgrade (N x N file
        reads). Reusing what a file read under the same field ids and types would cut
        that, but the read-back is the check that Iceberg really reads old files after a
        downgrade (delete files, rewritten files), so it was left as a design for later
        (done another way in the sixth look, below).
        Also changed: a history
        instance reuses the rows it read while their snapshot is current, so status, plan
        and migrate one after the other read the data files once. B4 read 1.13 x alone
        (`-Dbench.only=B4`) and 1.34 to 1.42 x in full runs, both of its
        figures a fifth lower than before: what 1,000 rows still add (about 20 ms here)
        is mostly the migrate's two history writes, each rewriting the namespace's 1,001
        rows, which is how a write keeps one row per version.
      - A sixth look (2026-12-01, timestamped INFO logs of the B2 and B5 fixtures, JFR of
        B4, and side-by-side timings in one JVM).
        B5, the data check's read-back: it fetched every file it wrote after every downgrade.
        Each read-back now lists the table's location once and reads a file from memory
        while the store lists it with the size and time it had when fetched and the length
        its table recorded; a file that is gone or was written again is fetched, and fails
        or reads as it would without this (`ReadBackFilesTest`). Its scan plans in the
        reading thread. On a table of 50 such files, one read-back took 350 to 500 ms
        before and 35 to 60 ms after. Also for B5: the data check takes the tables that the
        capture just before it loaded (two list-and-load round trips less per version); its
        appends, and a test's history delete, do their manifest work in the calling thread
        (a 4-row append's commit 60 against 90 ms, medians in one JVM); and a class's own
        history table is dropped by deleting its location in bulk rather than by the
        catalog's purge, which read every manifest and deleted each file with a request of
        its own (30 ms against 200 to 450 ms per class).
        B2 and B3, the schema step: `MigrationContext.getHelper` loaded the table and the
        helper refreshed it at once. `SchemaEvolutionHelper.load` lets the helper's first
        read use the table as loaded (`HelperLoadTest` counts one GET before the commit's
        POST). A load and a refresh of a table of 300 schemas took 29 and 44 ms in one JVM;
        B3's runner at N = 300 went from 95 to between 74 and 82 ms per migration.
        B4: the 1,000 rows cost a read of 1,001 rows and two writes that each rewrote them
        (about 10 ms a write in one JVM: 86 against 76 ms for 10 rows). A write now replaces
        only the namespace's files that hold a row it adds, changes or removes, and adds one
        file; when the namespace would hold more than eight files, it gathers all its rows
        into one again (`HistoryRewrite`; `MigrationHistoryTest` checks the snapshot
        summaries: one record added for a new row, one file replaced for a changed one, a
        whole rewrite past eight files). A deploy onto a long history now writes its own
        few rows. B4's anchor and measure now alternate.
        B2's floor is measured now: the anchor's twenty commits, each followed by the
        cheapest data commit, 4.9 x the anchor in this table, above the 3 x target. What
        the test adds over its floor (1.8 x): three history commits more (the leases' and
        the drop's), each a validated overwrite that reads the namespace's previous files
        rather than a blind append, the test namespace's creation and drop, and the trace
        check. In the table above, against the previous full run: B4 1.19 x (1.34 to
        1.49 x), B5 4.95 and 5.89 x (7.75 and 11.8 x), B3's runner at N = 300 74 ms per
        migration (82 to 95 ms) and 1.19 x its floor, B2 9.0 x (7.6 to 9.3 x). Left where
        they are: B2's floor (4.9 x) and B3's at N = 10 (11.8 x) are above their targets
        on this store, where a data commit costs about ten schema commits of a small
        table; at N = 300 B3's floor is 2.2 x and the runner 1.19 x of it, what its
        validated overwrite and its lease cost over a blind append; and B3's flatness
        follows the floor's own growth with the table's schema list (62.2 against 34.4 ms
        per migration, 1.8 x, for the floor alone in this table).
      - The core's class path. The history table's data files were Parquet, written through
        iceberg-parquet, parquet-hadoop and Hadoop's `Configuration`: 49 runtime jars, 53.2 MiB,
        Hadoop, Parquet and ORC among them. They are Avro now, written by Iceberg's own Avro
        writer and read by its Avro reader, both in iceberg-core (Spark and Trino scan Avro data
        files; PyIceberg and DuckDB do not, see issue 23 below): 25 jars, 15.6 MiB. A snapshot that holds other files (Parquet or ORC that
        another engine or an earlier release wrote, delete files) goes through iceberg-data's
        generic reader, whose format registry needs iceberg-parquet, iceberg-orc and Hadoop; the
        core does not bring them, and the read then fails naming them (the command line and
        `iceberg-ops-test` carry them; since issue 36 the core's own readers apply delete
        files and deletion vectors, and only ORC files still need them). The file write alone, Avro against the former Parquet
        writer, alternating in one JVM on the embedded store of a loaded machine: 132 against
        275 ms (10 rows) and 182 against 299 ms (300 rows), medians of 50. With its overwrite
        commit, the whole history write: 394 against 449 ms (10 rows) and 309 against 268 ms
        (300 rows), medians of 30: the commit (manifests, manifest list, metadata JSON) is most
        of a history write, so B3 hardly moves with the file format; the lean class path is the
        gain. B3 with `-Dbench.only=B3`, the code before and after running at the same time:
        7.2 -> 5.7 x (N = 10), 2.5 -> 5.5 x (N = 100), 2.7 -> 2.6 x (N = 300), within what
        this machine's load (load average 12 to 37 on 2 cores) moves a ratio between runs.
      - The core's class path, issue 23 (history in Parquet, layout 4). PyIceberg and DuckDB
        scan Parquet and ORC data files only, so the history's files are Parquet again, written
        and read without Hadoop: iceberg-parquet's schema conversion and generic value readers
        and writers, parquet-java's page store and file writer over the table's FileIO, no
        codec; the pages are read from the footer and page headers and handed to Iceberg's
        value readers, since parquet-java's own file reader builds read options that load
        Hadoop's `FileInputFormat`. Before: 25 jars, 15.3 MiB (the same class path file, on the
        code before). After: 37 jars, 35.1 MiB, 12 jars and 19.8 MiB added: zstd-jni (7.1 MiB)
        and snappy-java (2.2 MiB) with commons-pool, parquet-hadoop's codecs, which the history
        does not use but which an exclusion here would strip from every project reading
        compressed Parquet through its own iceberg-parquet (iceberg-parquet declares
        parquet-hadoop optional, so the core declares it, and Maven takes the nearest
        declaration); parquet-column (3.2 MiB: column writers and readers); parquet-jackson
        (2.3 MiB: parquet-hadoop's shaded Jackson, which its footer class loads);
        parquet-hadoop (1.6 MiB: the file writer, the page write store, the footer converter);
        jts-core (1.2 MiB: the page writer builds no-op geometry statistics for every column,
        and that class links JTS); parquet-encoding and parquet-format-structures (0.8 MiB
        each); iceberg-parquet (0.4 MiB); parquet-common and javax.annotation-api. Left out:
        parquet-avro (2.1 MiB), parquet-variant and all of Hadoop (the Parquet history before it
        became Avro put 49 jars, 53.2 MiB on the class path). Without the codecs it would be 34
        jars, 25.7 MiB.
      - B1. The embedded environment starts S3Proxy (jclouds, Guice) beside Iceberg's REST
        server, and the S3 client and file IO besides; both starts share two cores with
        everything else on this machine.
      - Issue 19, a second look at a test's copy (2026-12-02, a test JVM timing each step of
        fifty copies of a one-table namespace, then the chain-scale B2 measures). A warm
        test at head of the 10-chain cost 126 ms in the first run with templates, against a
        `createTable` of 13 ms: two history commits were most of it, the copy's rows
        written under the test's namespace (55 to 105 ms each in that JVM: a data file, a
        manifest, a manifest list and the history table's metadata) and their delete when
        the namespace was dropped, then a first read of those rows in the test (20 to 27 ms:
        the manifest list, the manifest and the data file). Changed: the rows of every
        test method that starts at a template's version are written with the template, in
        one commit for all (`RunnerSeam.seedHistory`), under namespace names taken then; a
        seeded namespace's state at that snapshot is known to every reader of this JVM, so
        the test's first read is the table's load alone (5 to 6 ms); a test's rows are no
        longer deleted when its namespace is dropped, since the class's history table goes
        at the class's end; the walk up writes its history to a table of its own, so the
        history the tests read has one snapshot per template, not two per migration. Each
        runner resolved every migration again, reading and hashing each class file (tens of
        ms at N = 300): a loaded class's checksum is now taken once per JVM. A copy's
        metadata JSON is written once per template with stand-ins for its location, uuid
        and time (no parse and write of every schema per test), its location found from
        the template's (no staged create), and a copied table is dropped by deleting its
        location in bulk (no purge that reads its metadata again). What a warm test at head
        of the 10-chain still does, each a request: create the namespace, write the
        metadata file, register the table, the test's own history read (in the fixture's
        body), the after-test history read, list, drop, list and delete the copy's files,
        drop the namespace; the anchor does four. What grows with N at head is the
        table's metadata (N schemas of up to N columns): the catalog parses it to register
        the copy and to answer with it. `copySchemaHistory = false` copies the current
        schema only (the default since the third look, below). The middle version's copies
        keep every schema of the 150th version. B5 still walks, per version, an upgrade, a
        re-run, an append, a downgrade, a second upgrade and downgrade and the captures
        between them, each loading or committing metadata that holds every earlier schema:
        not changed.
      - Issue 19, a third look (2026-12-02: the INFO log of a class at head of the 300-chain,
        one JVM timing the migrations' resolution, and JFR of a `MigrationSuite` class on the
        100-chain). A lean copy's test at head of the 300-chain spent about 25 of its 29 ms of
        preparation before its first request: each test resolved the chain again (300
        instances, names parsed, checksums looked up: 3 to 10 ms at N = 300 against 0.12 ms at
        N = 10, in one JVM on the loaded machine), where its class had resolved it already.
        Changed: copies are lean by default (`copySchemaHistory = false`: the current schema and
        the one of the highest id, so that a schema a test adds gets the id it would get in the
        table); the schemas left out are put back, under their ids and keeping what the test
        changed, just before the copy's first rollback (the runner's `beforeDowngrades`), so a
        downgrade that calls `restoreSchema` still finds them (`TemplateCopiesTest`). A test
        takes its class's resolved migrations instead of resolving them again. The B2 rows at
        head are the default's; the every-schema rows (`copySchemaHistory = true`) measure the
        opt-in, which still pays for the chain. B5: of the CPU samples of a `MigrationSuite`
        class on the 100-chain (JFR, all threads), Iceberg's `TableMetadataParser` (every load
        and commit of a table whose metadata holds every earlier schema, parsed and written by
        the REST server and parsed again by the client) 37.5 %, the data check's rendering of
        every row it found changed, 17.8 % (a sample keeps three rows; it now renders only
        those), the data check's read-back of every data file's Parquet footer after each
        downgrade 8 %. The journey also deletes the metadata files its commits supersede as it
        goes, so that the 300-chain's journey no longer piles up gigabytes of them in the
        store (the last run's B5 at 300 ran out of memory and then of disk). Left: the
        journey's ops on one table whose metadata holds every schema (per version an upgrade,
        a re-run, an append, a downgrade, a second upgrade and downgrade, and the captures
        between them), the part of B5 that grows with N; cutting it means checking each
        version on a lean copy of the state before it, not done.
      - Issue 19, a fourth look (2026-12-02: JFR, `settings=profile`, of one B5N run at
        N = 100, and its main thread's stack sampled every few seconds with `jcmd
        Thread.print`, 190 samples; the machine loaded by other builds, load average 22 to
        36). That run, before the changes below, measured B5 at 100 at 12.9 x (640 s against
        50 s). The main thread's wall time: on the way down, each version's second upgrade and
        downgrade with their captures 27 %, the data check's read-back 19 %, the runner's
        downgrades 15 %, the captures after each downgrade 6 %, rendering sample rows of
        losses already reported at an earlier step 10 %, deleting superseded metadata files
        5 %; the whole walk up about 5 %. Of the CPU samples of all threads: Iceberg's
        `TableMetadataParser` 31 % (the REST server reading the metadata file of every load
        and commit 21 %), the REST server's requests 29 %, the AWS SDK 19 %, the read-back 10 %,
        the sample rows 5 %. The walk down is where the metadata is largest: it starts with
        every schema of the walk up, and each second upgrade adds one more (the column it adds
        again gets a new field id), so each of its steps read and wrote metadata of up to 2N
        schemas, where one `migrate()` works on k schemas at its k-th version.
        Changed: once the walk down has passed a version and its checks, the schemas added
        since just before its upgrade (by it, by the versions above it and by the second
        upgrades) are left out of the tables' metadata, the current schema always kept
        (`DescentSchemas`: the metadata written as a new file and the table registered again
        with it, as a lean copy puts its schemas back; only when what is left out holds at
        least 100 columns and half as many as what stays, so a chain of 10 is never trimmed
        and a long one a few times per halving). A downgrade can only restore a schema that
        existed before its upgrade, and no check compares the list of schemas:
        `SharedJourneyTest` walks its fourteen sets (among them a downgrade that restores the
        table's first schema) a second time with every passed schema left out as soon as it
        can be, and every report is still the one the check's own pass gives. The data check
        renders a sample row only when a message shows it.
        Measured after: B5 2.71 x at N = 10 and 3.43 x at N = 100 in the run of this table (load
        average falling from 15 to 5), and 2.35 to 2.94 x and 4.53 x in earlier runs on the
        machine loaded by other builds and by this session's own (load average 22 to 34),
        against 12.9 x at N = 100 before the change, in a run as loaded. Left at N = 100: the
        walk up (per version an upgrade, a re-run, an append and the captures between them, on
        metadata of k schemas, where one `migrate()` makes one load and one commit), each step
        down's second upgrade and downgrade (now on the schemas of the way up), and the data
        check's read-back of every file it wrote after every downgrade (N x N / 2 Parquet reads,
        19 % of the main thread's time before the change and untouched by it; reusing what a
        file read under the same field ids would cut it, a design the notes above leave open).
        B5 at N = 300, in a run of its own after the others: 3.91 x (872 s against 223 s).
        B2 at N = 10: a test's overhead is its copy's requests, about ten where the anchor makes
        four (its namespace, the copy's metadata file and registration, the test's own history
        read and the after-test one, then list, drop, list and delete the copy's files, drop the
        namespace). Each serves what a test is promised (a namespace and a copy of its own that
        share no file, the rollback of what the test applied, no table left behind), so about
        2 x the anchor is this design's floor; no cheap cut was found. This run measured 1.56 x.
      """;

  /** What the picture shows, and where its 'before' series comes from. */
  static final String CHART =
      """
      A warm empty test's duration (the median of every test after the first of each class)
      against the chain's length, at head and at the middle version, on logarithmic axes, and
      (green) at head in classes whose copies are made with every earlier schema (the opt-in
      `copySchemaHistory = true`; lean copies are the default). The 'after' series are this
      run's; the 'before' series is
      the medians recorded in
      `benchmarks/chart/per-test-cost-before.txt`, measured with this harness on the code
      before issue 19's changes (the file says when, on which commit and machine). Drawn by
      the harness (`ChainChart`) on every run that measures B2N.
      """;

  /** What the picture of a walk's cost shows. */
  static final String WALK_CHART =
      """
      What a walk of the whole chain costs per migration, in this run, on logarithmic axes: raw
      Iceberg commits of the same one-column changes (B3's anchor), the runner's `migrate()` from
      empty (B3), a class's first test at head, which builds its template by a walk (B2N; the
      harness runs with the template cache off), and a whole `MigrationSuite` class (B5N). A
      flat line is a walk that costs as much as the chain is long; a rising one grows faster.
      Drawn by the harness (`ChainChart`) on every run that measures B3 or B5N.
      """;

  /** Why a heavy jar is on the core's runtime class path. */
  static String why(String jar) {
    if (jar.startsWith("iceberg-bundled-guava")) {
      return "Iceberg's own shaded Guava, which every Iceberg module uses";
    }
    if (jar.startsWith("iceberg-core") || jar.startsWith("iceberg-api")) {
      return "Apache Iceberg itself: the table API, the REST client, table metadata, and the Avro"
          + " reader of the history table's Avro-era data files (layouts 1 to 3)";
    }
    if (jar.startsWith("iceberg-data")) {
      return "Iceberg's generic reader, for history files other engines wrote in ORC, which then"
          + " also need iceberg-orc and Hadoop on the class path; core does not bring those";
    }
    if (jar.startsWith("iceberg-parquet")) {
      return "Iceberg's Parquet schema conversion (field ids) and generic value readers and"
          + " writers: the history table's Parquet data files, written and read without Hadoop";
    }
    if (jar.startsWith("parquet-jackson")) {
      return "parquet-java's shaded Jackson, which parquet-hadoop's footer class"
          + " (ParquetMetadata) loads";
    }
    if (jar.startsWith("parquet-")) {
      return "parquet-java: the history table's Parquet data files (column writers and"
          + " readers, encodings, the footer's Thrift structures; parquet-hadoop holds the file"
          + " writer, which needs no Hadoop when given a FileIO stream and no codec)";
    }
    if (jar.startsWith("zstd-jni")
        || jar.startsWith("snappy-java")
        || jar.startsWith("commons-pool")) {
      return "parquet-hadoop's codecs (ZSTD, Snappy); the history writes no codec, but excluding"
          + " them from the core would strip them from every project that reads compressed"
          + " Parquet through its own iceberg-parquet (Maven takes the nearest parquet-hadoop)";
    }
    if (jar.startsWith("jts-core")) {
      return "parquet-java's page writer builds (no-op) geometry statistics for every column,"
          + " and that class links JTS";
    }
    if (jar.startsWith("iceberg-common")) {
      return "Iceberg's reflection helpers, which iceberg-core uses";
    }
    if (jar.startsWith("avro")) {
      return "Iceberg's manifests and manifest lists are Avro, and so were the history table's"
          + " data files until layout 4";
    }
    if (jar.startsWith("commons-")) {
      return "Apache Commons, needed by Avro (commons-compress, which needs commons-io,"
          + " commons-lang3 and commons-codec)";
    }
    if (jar.startsWith("aircompressor")) {
      return "the zstd and LZ4 codecs of Puffin files (statistics, deletion vectors) in"
          + " iceberg-core";
    }
    if (jar.startsWith("jackson")) {
      return "Iceberg's JSON: table metadata and the REST protocol";
    }
    if (jar.startsWith("classgraph")) {
      return "finds migration classes in class path locations";
    }
    if (jar.startsWith("jsqlparser")) {
      return "reads the SQL of a namespace's views, to flag a view that reads a column a pending"
          + " version renames or drops (one jar, no dependency of its own)";
    }
    if (jar.startsWith("caffeine")) {
      return "Iceberg's caches (manifest and catalog caching)";
    }
    if (jar.startsWith("httpclient") || jar.startsWith("httpcore")) {
      return "the HTTP client of Iceberg's REST catalog client";
    }
    return "transitive dependency of Iceberg";
  }
}
