package site.ycsb.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsb.Status;
import site.ycsb.runner.ErrorLog;
import site.ycsb.runner.SharedResources;
import site.ycsb.runner.WorkerContext;
import site.ycsb.testsupport.TestPhase;
import site.ycsb.testsupport.FreePort;
import site.ycsb.testsupport.Results;
import site.ycsb.testsupport.YcsbRun;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;
import site.ycsb.testsupport.Records;

/**
 * Failures a user meets: a server that goes away mid-run, one that stops answering, one that is
 * not there, and a bad setting. These always use a stand-in, even with {@code MONGODB_URL} set:
 * the tests stop and freeze the server process.
 */
@ExtendWith(ServerLogsOnFailure.class)
class MongoFaultTest {
  private MongoTarget standIn;

  @AfterEach
  void stop() throws Exception {
    if (standIn != null) {
      if (standIn.process().isAlive()) {
        signal("CONT", standIn.process().pid());
      }
      standIn.close();
    }
  }

  @Test
  void serverStoppedMidRunGivesCountedFailuresAndACleanEnd() throws Exception {
    standIn = MongoTarget.startStandIn();
    String database = standIn.newDatabase();
    String[] common = MongoTarget.concat(new String[] {"-P", YcsbRun.workload("workloada").toString(),
        "-p", "recordcount=200", "-threads", "4", "-p", "mongodb.serverselectiontimeout=500"},
        standIn.options(database));
    YcsbRun load = YcsbRun.execute(MongoTarget.concat(new String[] {"load", "mongodb"}, common));
    assertEquals(0, load.exitCode(), load.describe());

    // the stand-in goes away 2 s into a 6 s run; a throttle keeps the run from hogging the machine
    CompletableFuture<Void> stopper = CompletableFuture.runAsync(() -> {
      sleep(2000);
      standIn.process().stop();
    });
    // the binding reports through the engine's error log, on the phase's stderr
    YcsbRun run = YcsbRun.execute(MongoTarget.concat(new String[] {"run", "mongodb"}, common,
        new String[] {"-p", "operationcount=0", "-p", "maxexecutiontime=6", "-target", "1000"}));
    stopper.get(30, TimeUnit.SECONDS);
    String printedErrors = run.err();

    assertEquals(0, run.exitCode(), run.describe());
    Results r = run.results();
    long ok = r.getLong("READ", "Return=OK", 0) + r.getLong("UPDATE", "Return=OK", 0);
    long failed = r.getLong("READ-FAILED", "Operations", 0) + r.getLong("UPDATE-FAILED", "Operations", 0);
    long unavailable = r.getLong("READ-FAILED", "Return=SERVICE_UNAVAILABLE", 0)
        + r.getLong("UPDATE-FAILED", "Return=SERVICE_UNAVAILABLE", 0);
    assertTrue(ok > 0, "operations succeeded before the stop\n" + run.describe());
    assertTrue(failed > 0, "operations failed after the stop\n" + run.describe());
    assertEquals(failed, unavailable, "a lost server is SERVICE_UNAVAILABLE\n" + run.describe());
    long printed = printedErrors.lines().filter(l -> l.startsWith("mongodb: ")).count();
    assertTrue(printed >= 1 && printed <= 8 && printed < failed, "each cause printed once, not per operation: "
        + printed + " lines for " + failed + " failures\n" + printedErrors);
  }

  @Test
  void aServerThatStopsAnsweringGivesTimeoutAfterMongodbTimeout() throws Exception {
    standIn = MongoTarget.startStandIn();
    MongoDbClient db = new MongoDbClient();
    db.setProperties(standIn.properties(standIn.newDatabase(), "mongodb.timeout", "300"));
    TestPhase phase = new TestPhase();
    phase.init(db);
    try {
      assertEquals(Status.OK, db.insert("usertable", "user1", Records.record("user1", 2)));
      signal("STOP", standIn.process().pid());
      assertEquals(Status.TIMEOUT, db.read("usertable", "user1", null, new HashMap<>()));
      signal("CONT", standIn.process().pid());
      // the driver drops the timed-out connection and opens a new one
      Map<String, site.ycsb.ByteIterator> r = new HashMap<>();
      Status after = Status.ERROR;
      for (int i = 0; i < 20 && !after.isOk(); i++) {
        after = db.read("usertable", "user1", null, r);
        if (!after.isOk()) {
          sleep(250);
        }
      }
      assertEquals(Status.OK, after, "reads work again once the server answers");
      assertEquals(2, r.size());
    } finally {
      db.cleanup();
      phase.close();
    }
  }

  @Test
  void aServerThatStopsAnsweringGivesTimeoutOnTheAsynchronousSideToo() throws Exception {
    standIn = MongoTarget.startStandIn();
    MongoDbClient db = new MongoDbClient();
    db.setProperties(standIn.properties(standIn.newDatabase(), "mongodb.timeout", "300"));
    SharedResources shared = new SharedResources(new ErrorLog(System.err));
    db.init(new WorkerContext(0, 1, 16, new ErrorLog(System.err), shared));
    try {
      assertEquals(Status.OK, done(db.insertAsync("usertable", "user1", Records.record("user1", 2))));
      signal("STOP", standIn.process().pid());
      assertEquals(Status.TIMEOUT, done(db.readAsync("usertable", "user1", null, new HashMap<>())));
      signal("CONT", standIn.process().pid());
      Status after = Status.ERROR;
      for (int i = 0; i < 20 && !after.isOk(); i++) {
        after = done(db.readAsync("usertable", "user1", null, new HashMap<>()));
        if (!after.isOk()) {
          sleep(250);
        }
      }
      assertEquals(Status.OK, after, "reads work again once the server answers");
    } finally {
      db.cleanup();
      shared.close();
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"blocking", "asynchronous"})
  void anUnreachableServerStopsThePhaseWithOneLine(String path) {
    String[] threading = "blocking".equals(path) ? new String[0] : new String[] {"-threads", "2", "-inflight", "16"};
    int port = FreePort.find();
    YcsbRun run = YcsbRun.execute(MongoTarget.concat(new String[] {"load", "mongodb",
        "-P", YcsbRun.workload("workloada").toString(),
        "-p", "recordcount=10", "-p", "mongodb.url=mongodb://ycsb:hunter2@127.0.0.1:" + port + "/ycsb",
        "-p", "mongodb.serverselectiontimeout=300"}, threading));
    assertEquals(1, run.exitCode(), run.describe());
    String line = "cannot reach MongoDB at 127.0.0.1:" + port;
    assertTrue(run.err().contains(line), run.describe());
    assertEquals(1, run.err().lines().filter(l -> l.contains(line)).count(), "one line\n" + run.describe());
    assertFalse(run.out().contains("hunter2") || run.err().contains("hunter2"), run.describe());
  }

  @Test
  void anInvalidWriteConcernIsABadInput() {
    YcsbRun run = YcsbRun.execute("load", "mongodb", "-P", YcsbRun.workload("workloada").toString(),
        "-p", "recordcount=10", "-p", "mongodb.writeConcern=sometimes");
    assertEquals(2, run.exitCode(), run.describe());
    assertTrue(run.err().contains("mongodb.writeConcern=sometimes is invalid: expected one of unacknowledged"),
        run.describe());
    assertEquals(1, run.err().lines().filter(l -> !l.isBlank()).count(), "one line\n" + run.describe());
  }

  private static Status done(CompletionStage<Status> stage) throws Exception {
    return stage.toCompletableFuture().get(20, TimeUnit.SECONDS);
  }

  private static void signal(String sig, long pid) throws IOException, InterruptedException {
    new ProcessBuilder("kill", "-" + sig, Long.toString(pid)).inheritIO().start().waitFor();
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
