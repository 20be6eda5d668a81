package site.ycsb.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
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
import site.ycsb.testsupport.FaultRun;
import site.ycsb.testsupport.FreePort;
import site.ycsb.testsupport.OutageChecks;
import site.ycsb.testsupport.ProcessFreezer;
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
        ProcessFreezer.thaw(standIn.process().pid());
      }
      standIn.close();
    }
  }

  /**
   * Killed 2 s into a 6 s run and not restarted: the rest of the run is counted as
   * SERVICE_UNAVAILABLE. A phase on each path at once, against the one kill.
   */
  @Test
  void aServerKilledMidRunIsCountedUntilTheEnd() {
    standIn = MongoTarget.startStandIn();
    String[] common = load();
    for (FaultRun r : FaultRun.onBothPaths(MongoTarget.concat(new String[] {"run", "mongodb"}, common))
        .fault(2000, standIn::kill).executeOnEach()) {
      new OutageChecks(r).totalsAddUp().failuresAre("SERVICE_UNAVAILABLE")
          // a lost connection fails what was in flight; the next operations wait one server selection
          .failuresCountedFromTheFault(1500)
          .endsWithinStopTimeout(3000)
          .toldOnce("mongodb: ", 8, "SERVICE_UNAVAILABLE", "lost the connection to 127.0.0.1:" + standIn.port());
      assertEquals(0, r.run().results().getLong("OVERALL", "AbandonedOperations", 0), r.describe());
    }
  }

  /**
   * Killed and started again at once (empty: updates are upserts, so they succeed on it): the
   * outage is counted, then operations succeed (for a second, and the run ends). A phase on each
   * path at once, against the one kill and restart.
   */
  @Test
  void aServerKilledAndRestartedMidRunIsCountedThenServesAgain() {
    standIn = MongoTarget.startStandIn();
    String[] common = MongoTarget.concat(load(), new String[] {"-p", "mongodb.upsert=true"});
    for (FaultRun r : FaultRun.onBothPaths(MongoTarget.concat(new String[] {"run", "mongodb"}, common))
        .fault(2000, standIn::kill).thenRestore(standIn::restart).endAfterRecovery(1000).executeOnEach()) {
      new OutageChecks(r).totalsAddUp()
          // the restarted stand-in holds no records: reads find nothing
          .failuresAre("SERVICE_UNAVAILABLE", "NOT_FOUND")
          .failuresCountedFromTheFault(1500)
          // the driver looks for the server again at least every 500 ms while operations wait for it
          .succeedsOnceRestored(3000)
          .endsWithinStopTimeout(3000)
          .toldOnce("mongodb: ", 8, "SERVICE_UNAVAILABLE", "lost the connection to 127.0.0.1:" + standIn.port(),
              "127.0.0.1:" + standIn.port() + " is reachable again");
    }
  }

  /**
   * Writes the record the test reads. The first call also opens the connection: on a busy host that
   * may outlast the 300 ms timeout the test sets for what follows, so it is set up, not judged.
   *
   * @return OK once the record is there (a timed-out insert may still have been applied: then it reads)
   */
  private static Status setUp(Call insert, Call read) throws Exception {
    Status first = Status.ERROR;
    for (int i = 0; i < 40 && !first.isOk(); i++) {
      first = insert.make();
      if (!first.isOk()) {
        sleep(250);
        first = read.make();
      }
    }
    return first;
  }

  /** One call to the stand-in, on either side of the binding. */
  private interface Call {
    Status make() throws Exception;
  }

  /**
   * Loads 200 records and returns the options both phases share: workload A, throttled so that
   * the run does not hog the machine. The blocking side waits 30 s for a server by default (as the
   * driver does); it gets the asynchronous side's 500 ms here, so that both count the outage.
   */
  private String[] load() {
    String[] common = MongoTarget.concat(new String[] {"-P", YcsbRun.workload("workloada").toString(),
        "-p", "recordcount=200", "-target", "1000", "-p", "mongodb.serverselectiontimeout=500"},
        standIn.options(standIn.newDatabase()));
    YcsbRun load = YcsbRun.execute(MongoTarget.concat(new String[] {"load", "mongodb"}, common));
    assertEquals(0, load.exitCode(), load.describe());
    return common;
  }

  @Test
  void aServerThatStopsAnsweringGivesTimeoutAfterMongodbTimeout() throws Exception {
    standIn = MongoTarget.startStandIn();
    MongoDbClient db = new MongoDbClient();
    db.setProperties(standIn.properties(standIn.newDatabase(), "mongodb.timeout", "300"));
    TestPhase phase = new TestPhase();
    phase.init(db);
    try {
      assertEquals(Status.OK, setUp(() -> db.insert("usertable", "user1", Records.record("user1", 2)),
          () -> db.read("usertable", "user1", null, new HashMap<>())), "the stand-in answers before it is stopped");
      ProcessFreezer.freeze(standIn.process().pid());
      assertEquals(Status.TIMEOUT, db.read("usertable", "user1", null, new HashMap<>()));
      ProcessFreezer.thaw(standIn.process().pid());
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
      assertEquals(Status.OK, setUp(() -> done(db.insertAsync("usertable", "user1", Records.record("user1", 2))),
          () -> done(db.readAsync("usertable", "user1", null, new HashMap<>()))), "the stand-in answers before it is stopped");
      ProcessFreezer.freeze(standIn.process().pid());
      assertEquals(Status.TIMEOUT, done(db.readAsync("usertable", "user1", null, new HashMap<>())));
      ProcessFreezer.thaw(standIn.process().pid());
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

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
