package site.ycsb.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.WorkerIo;
import site.ycsb.db.cassandra.CassandraFailures;
import site.ycsb.runner.ErrorLog;
import site.ycsb.runner.SharedResources;
import site.ycsb.runner.WorkerContext;
import site.ycsb.testsupport.Records;
import site.ycsb.testsupport.Results;
import site.ycsb.testsupport.WorkloadChecks;
import site.ycsb.testsupport.YcsbRun;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;

/**
 * The asynchronous side ({@code -inflight N}): the same answers as the blocking side, called
 * directly and through the command line, at the configured consistency levels, and within the
 * driver's per-connection request limit or beyond it without losing an operation.
 */
@ExtendWith({CassandraTestServer.Extension.class, ServerLogsOnFailure.class})
class CassandraAsyncTest {
  private static final String KS = "async_test";
  private static final String TABLE = "usertable";
  private static final int FIELDS = 4;
  private static final int RECORDS = 300;
  private static final int OPERATIONS = 600;

  private final Clients clients = new Clients();

  @BeforeAll
  static void schema() throws DBException {
    try (Clients c = new Clients()) {
      c.open("cassandra.keyspace", KS, "fieldcount", "" + FIELDS, "cassandra.createschema", "true");
    }
  }

  /** Instances as the engine makes them for an asynchronous worker, each on this (the test's) thread. */
  private final List<CassandraCQLClient> workers = new ArrayList<>();
  private final SharedResources shared = new SharedResources(new ErrorLog(System.err));

  @AfterEach
  void closeClients() throws DBException {
    try {
      for (CassandraCQLClient w : workers) {
        w.cleanup();
      }
      shared.close();
    } finally {
      clients.close();
    }
  }

  /** @return an instance as an asynchronous worker with 32 places has it, initialized on this thread */
  private CassandraCQLClient asyncWorker(String... pairs) throws DBException {
    CassandraCQLClient db = Clients.create(Clients.serverProperties(pairs));
    db.init(new WorkerContext(workers.size(), workers.size() + 1, 32, new ErrorLog(System.err), shared));
    workers.add(db);
    return db;
  }

  private static CqlSession admin() {
    return CassandraTestServer.get().admin();
  }

  /**
   * Waits for an operation as the engine's worker does: running the worker's own loop meanwhile
   * when the instance has one (the test's thread is then that worker).
   */
  private static Status await(CassandraCQLClient db, CompletionStage<Status> stage) throws Exception {
    CompletableFuture<Status> f = stage.toCompletableFuture();
    WorkerIo io = db.workerIo();
    long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (io != null && !f.isDone() && System.nanoTime() < giveUp) {
      io.run(10_000_000L);
    }
    return f.get(io == null ? 30 : 0, TimeUnit.SECONDS);
  }

  @ParameterizedTest(name = "useprepared={0}")
  @ValueSource(booleans = {true, false})
  void asyncCallsAnswerAsTheBlockingCalls(boolean prepared) throws Exception {
    // pages of 7 rows: a scan of 20 fetches three
    CassandraCQLClient db = asyncWorker("cassandra.keyspace", KS, "fieldcount", "" + FIELDS,
        "cassandra.useprepared", "" + prepared, "cassandra.pagesize", "7");
    String p = "direct-" + prepared + "-";
    for (int i = 0; i < 30; i++) {
      assertEquals(Status.OK, await(db, db.insertAsync(TABLE, p + i, Records.record(p + i, FIELDS))));
    }
    assertEquals(p + "3/field2", admin().execute("SELECT field2 FROM " + KS + "." + TABLE + " WHERE y_id = '"
        + p + "3'").one().getString(0), "what the server stored");

    Map<String, ByteIterator> all = new HashMap<>();
    assertEquals(Status.OK, await(db, db.readAsync(TABLE, p + "3", null, all)));
    assertEquals(Records.strings(Records.record(p + "3", FIELDS)), Records.strings(all), "every field, not the key");
    Map<String, ByteIterator> some = new HashMap<>();
    assertEquals(Status.OK, await(db, db.readAsync(TABLE, p + "4", Set.of("field1"), some)));
    assertEquals(Map.of("field1", p + "4/field1"), Records.strings(some));
    assertEquals(Status.NOT_FOUND, await(db, db.readAsync(TABLE, p + "never", null, new HashMap<>())));

    Map<String, ByteIterator> change = new HashMap<>();
    change.put("field2", new StringByteIterator("changed"));
    assertEquals(Status.OK, await(db, db.updateAsync(TABLE, p + "3", change)));
    Map<String, ByteIterator> after = new HashMap<>();
    assertEquals(Status.OK, db.read(TABLE, p + "3", null, after));
    assertEquals("changed", after.get("field2").toString());

    // a scan across pages gives the rows, in the order, the blocking scan and the server give; it
    // starts at the first row in token order so that 20 follow (rows of other tests may be among them)
    String first = admin().execute("SELECT y_id FROM " + KS + "." + TABLE + " LIMIT 1").one().getString(0);
    List<Map<String, String>> expected = new ArrayList<>();
    admin().execute("SELECT * FROM " + KS + "." + TABLE + " LIMIT 20").forEach(r -> {
      Map<String, String> m = new HashMap<>();
      for (int f = 0; f < FIELDS; f++) {
        m.put("field" + f, r.getString("field" + f));
      }
      expected.add(m);
    });
    Vector<HashMap<String, ByteIterator>> async = new Vector<>();
    assertEquals(Status.OK, await(db, db.scanAsync(TABLE, first, 20, null, async)));
    Vector<HashMap<String, ByteIterator>> blocking = new Vector<>();
    assertEquals(Status.OK, db.scan(TABLE, first, 20, null, blocking));
    assertEquals(expected, strings(async));
    assertEquals(expected, strings(blocking));

    assertEquals(Status.OK, await(db, db.deleteAsync(TABLE, p + "3")));
    assertEquals(null, admin().execute("SELECT y_id FROM " + KS + "." + TABLE + " WHERE y_id = '" + p + "3'").one());

    // failures are statuses of the stage, as on the blocking side, whether the statement fails
    // to prepare (before sending) or the server refuses it (after)
    assertEquals(Status.BAD_REQUEST, await(db, db.readAsync("no_such_table", p + "1", null, new HashMap<>())));
    assertEquals(Status.BAD_REQUEST, db.read("no_such_table", p + "1", null, new HashMap<>()));
  }

  @Test
  void asyncInsertIfNotExistsKeepsTheFirstRecord() throws Exception {
    CassandraCQLClient db = asyncWorker("cassandra.keyspace", KS, "fieldcount", "" + FIELDS,
        "cassandra.insertifnotexists", "true");
    assertEquals(Status.OK, await(db, db.insertAsync(TABLE, "lwt-async", Records.record("first", FIELDS))));
    assertEquals(Status.UNEXPECTED_STATE, await(db, db.insertAsync(TABLE, "lwt-async", Records.record("second", FIELDS))));
    Map<String, ByteIterator> stored = new HashMap<>();
    assertEquals(Status.OK, await(db, db.readAsync(TABLE, "lwt-async", null, stored)));
    assertEquals(Records.strings(Records.record("first", FIELDS)), Records.strings(stored));
  }

  /** Options of a command on the asynchronous path: 2 threads x 16 operations in flight. */
  private static List<String> common(String workload, String table, String... more) {
    List<String> args = new ArrayList<>(Arrays.asList(
        "-P", YcsbRun.workload(workload).toString(), "-p", "table=" + table,
        "-p", "recordcount=" + RECORDS, "-p", "operationcount=" + OPERATIONS, "-threads", "2", "-inflight", "16"));
    args.addAll(CassandraTestServer.get().clientOptions(KS));
    for (String m : more) {
      args.add("-p");
      args.add(m);
    }
    return args;
  }

  private static YcsbRun load(String workload, String table, String... more) {
    List<String> options = new ArrayList<>(Arrays.asList(more));
    options.add("cassandra.createschema=true");
    YcsbRun load = YcsbRun.execute(CassandraConsistencyTest.concat("load",
        common(workload, table, options.toArray(new String[0]))));
    WorkloadChecks.assertLoaded(load, RECORDS);
    assertEquals(16, load.results().getLong("OVERALL", "InFlightPerThread"), "the asynchronous path\n"
        + load.describe());
    return load;
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"workloada", "workloade"})
  void loadThenRunWithOperationsInFlight(String workload) {
    String table = "t_" + workload;
    load(workload, table);
    CassandraWorkloadsTest.checkStoredRecords(KS, table, RECORDS);

    // scans of up to 100 rows in pages of 30: the further pages are fetched asynchronously
    YcsbRun run = YcsbRun.execute(CassandraConsistencyTest.concat("run", common(workload, table,
        "cassandra.pagesize=30")));
    long inserted = WorkloadChecks.assertRanWithoutFailures(run, OPERATIONS);
    assertEquals(16, run.results().getLong("OVERALL", "InFlightPerThread"), run.describe());
    CassandraWorkloadsTest.checkStoredRecords(KS, table, RECORDS + inserted);
  }

  @Test
  void asyncRunUsesTheConfiguredConsistencyLevels() {
    String table = "t_levels";
    load("workloada", table, "cassandra.writeconsistencylevel=QUORUM");

    YcsbRun run = YcsbRun.execute(CassandraConsistencyTest.concat("run", common("workloada", table,
        "cassandra.readconsistencylevel=ONE", "cassandra.writeconsistencylevel=QUORUM")));
    WorkloadChecks.assertRanWithoutFailures(run, OPERATIONS);

    // a level one node cannot reach: every read fails, counted and reported once; updates go on
    YcsbRun unreachable = YcsbRun.execute(CassandraConsistencyTest.concat("run", common("workloada", table,
        "cassandra.readconsistencylevel=TWO", "cassandra.writeconsistencylevel=QUORUM")));
    assertEquals(0, unreachable.exitCode(), unreachable.describe());
    Results r = unreachable.results();
    long reads = r.getLong("READ-FAILED", "Operations");
    assertEquals(reads, r.getLong("READ-FAILED", "Return=" + CassandraFailures.UNAVAILABLE.getName()),
        unreachable.describe());
    assertEquals(0, r.getLong("READ", "Operations", 0), unreachable.describe());
    assertEquals(OPERATIONS - reads, r.getLong("UPDATE", "Return=OK"), unreachable.describe());
    // (the test server's password is "cassandra", so that word is masked on stderr)
    assertEquals(1, occurrences(unreachable.err(), ": read failed with UNAVAILABLE"), unreachable.err());
  }

  @Test
  void requestsBeyondTheConnectionLimitAreCountedNotLost() {
    String table = "t_limit";
    load("workloada", table);
    int operations = 2000;

    // 2 threads x 32 in flight on one connection that takes 16: the driver fails the excess at once
    YcsbRun limited = YcsbRun.execute(CassandraConsistencyTest.concat("run", common("workloada", table,
        "cassandra.maxrequestsperconnection=16", "operationcount=" + operations), "-inflight", "32"));
    assertEquals(0, limited.exitCode(), "failed operations are results, not a crash\n" + limited.describe());
    Results r = limited.results();
    assertEquals(operations, r.getLong("OVERALL", "Operations"), limited.describe());
    assertEquals(operations, returned(r), "every operation has an outcome\n" + limited.describe());
    long refused = r.getLong("READ-FAILED", "Return=SERVICE_UNAVAILABLE", 0)
        + r.getLong("UPDATE-FAILED", "Return=SERVICE_UNAVAILABLE", 0);
    assertTrue(refused > 0, "the limit refused requests\n" + limited.describe());
    assertEquals(operations - refused, r.getLong("READ", "Return=OK", 0) + r.getLong("UPDATE", "Return=OK", 0),
        limited.describe());
    // the user is told why (the word "cassandra" is masked on stderr: it is the test server's password)
    String err = limited.err();
    assertTrue(err.contains("may be in flight at once") && err.contains(".maxrequestsperconnection"), err);

    // the same limit over 8 connections takes 128: nothing is refused
    YcsbRun pooled = YcsbRun.execute(CassandraConsistencyTest.concat("run", common("workloada", table,
        "cassandra.maxrequestsperconnection=16", "cassandra.connectionsperhost=8", "operationcount=" + operations),
        "-inflight", "32"));
    WorkloadChecks.assertRanWithoutFailures(pooled, operations);
    assertFalse(pooled.err().contains("may be in flight at once"), pooled.err());
  }

  private static List<Map<String, String>> strings(List<HashMap<String, ByteIterator>> records) {
    List<Map<String, String>> out = new ArrayList<>();
    for (HashMap<String, ByteIterator> r : records) {
      out.add(Records.strings(r));
    }
    return out;
  }

  /**
   * @return the sum of every {@code Return=} count of the operation sections ([READ] counts every
   *     read's outcome, [READ-FAILED] repeats the failed ones, [ALL] the successful ones)
   */
  private static long returned(Results r) {
    long sum = 0;
    for (String section : r.sections()) {
      if (section.equals("OVERALL") || section.equals("ALL") || section.endsWith("-FAILED")) {
        continue;
      }
      for (Map.Entry<String, String> e : r.section(section).entrySet()) {
        if (e.getKey().startsWith("Return=")) {
          sum += Long.parseLong(e.getValue());
        }
      }
    }
    return sum;
  }

  private static int occurrences(String text, String part) {
    int n = 0;
    for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
      n++;
    }
    return n;
  }

  /**
   * An asynchronous worker's session lives on an event loop the worker runs itself: every
   * operation completes on the worker's thread, none on the driver's, and a statement first used
   * during the run is prepared while the loop runs. A blocking instance keeps the driver's loops.
   */
  @Test
  void anAsynchronousWorkerCompletesItsOperationsOnItsOwnThread() throws Exception {
    CassandraCQLClient db = asyncWorker("cassandra.keyspace", KS, "fieldcount", "" + FIELDS);
    CassandraCQLClient blocking = clients.open("cassandra.keyspace", KS, "fieldcount", "" + FIELDS);
    assertNotNull(db.workerIo(), "the worker runs its session's loop");
    assertNull(blocking.workerIo(), "a blocking thread's operations complete on the driver's threads");
    Thread worker = Thread.currentThread();
    List<CompletionStage<Status>> ops = new ArrayList<>();
    List<CompletionStage<Thread>> where = new ArrayList<>();
    for (int i = 0; i < 16; i++) {
      String key = "own-thread-" + i;
      // an insert, a read of all fields and one of a field each: three statements prepared on first use
      CompletionStage<Status> insert = db.insertAsync(TABLE, key, Records.record(key, FIELDS));
      assertEquals(Status.OK, await(db, insert));
      for (CompletionStage<Status> read : List.of(db.readAsync(TABLE, key, null, new HashMap<>()),
          db.readAsync(TABLE, key, Set.of("field" + (i % FIELDS)), new HashMap<>()))) {
        ops.add(read);
        where.add(read.thenApply(s -> Thread.currentThread()));
      }
    }
    for (int i = 0; i < ops.size(); i++) {
      assertEquals(Status.OK, await(db, ops.get(i)));
      assertSame(worker, where.get(i).toCompletableFuture().getNow(null), "operation " + i + " completed on");
    }
    Map<String, ByteIterator> row = new HashMap<>();
    assertEquals(Status.OK, blocking.read(TABLE, "own-thread-3", null, row));
    assertEquals(Records.strings(Records.record("own-thread-3", FIELDS)), Records.strings(row));
  }
}
