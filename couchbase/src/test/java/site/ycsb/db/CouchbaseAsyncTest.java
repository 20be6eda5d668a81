package site.ycsb.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.runner.ErrorLog;
import site.ycsb.runner.SharedResources;
import site.ycsb.runner.WorkerContext;
import site.ycsb.testsupport.Records;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;

/**
 * The asynchronous side called directly with many operations in flight: the same answers as the
 * blocking side, and records written by one side read by the other.
 */
@ExtendWith({CouchbaseTestServer.Extension.class, ServerLogsOnFailure.class})
class CouchbaseAsyncTest {
  private static final String TABLE = "usertable";


  @Test
  void manyOperationsInFlightAnswerAsTheBlockingSide() throws Exception {
    SharedResources shared = new SharedResources(new ErrorLog(System.err));
    CouchbaseClient db = Clients.create(CouchbaseTestServer.get().properties("async"));
    db.init(new WorkerContext(0, 1, 32, new ErrorLog(System.err), shared));
    try {
      List<CompletionStage<Status>> inserts = new ArrayList<>();
      for (int i = 0; i < 100; i++) {
        inserts.add(db.insertAsync(TABLE, "direct" + i, Records.record("direct" + i, 10)));
      }
      for (CompletionStage<Status> s : inserts) {
        assertEquals(Status.OK, Clients.done(db, s));
      }
      // written by the asynchronous side, read by the blocking one, and the other way round
      Map<String, ByteIterator> all = new HashMap<>();
      assertEquals(Status.OK, db.read(TABLE, "direct7", null, all));
      assertEquals(Records.strings(Records.record("direct7", 10)), Records.strings(all));
      assertEquals(Status.OK, db.insert(TABLE, "blocking1", Records.record("blocking1", 10)));
      Map<String, ByteIterator> some = new HashMap<>();
      assertEquals(Status.OK, Clients.done(db, db.readAsync(TABLE, "blocking1", Set.of("field2", "field9"), some)));
      assertEquals(Map.of("field2", "blocking1/field2", "field9", "blocking1/field9"), Records.strings(some));

      Map<String, ByteIterator> change = new HashMap<>();
      change.put("field4", new StringByteIterator("changed"));
      assertEquals(Status.OK, Clients.done(db, db.updateAsync(TABLE, "direct8", change)));
      Map<String, ByteIterator> after = new HashMap<>();
      assertEquals(Status.OK, db.read(TABLE, "direct8", Set.of("field4", "field5"), after));
      assertEquals(Map.of("field4", "changed", "field5", "direct8/field5"), Records.strings(after));

      assertEquals(Status.OK, Clients.done(db, db.deleteAsync(TABLE, "direct9")));
      assertEquals(Status.NOT_FOUND, Clients.done(db, db.readAsync(TABLE, "direct9", null, new HashMap<>())));
      assertEquals(Status.NOT_FOUND, Clients.done(db, db.updateAsync(TABLE, "direct9", change)));
      assertEquals(Status.NOT_FOUND, Clients.done(db, db.deleteAsync(TABLE, "direct9")));
      assertEquals(Status.ERROR, Clients.done(db, db.insertAsync(TABLE, "direct1", Records.record("again", 10))));

      Vector<HashMap<String, ByteIterator>> rows = new Vector<>();
      assertEquals(Status.NOT_IMPLEMENTED, Clients.done(db, db.scanAsync(TABLE, "direct", 5, null, rows)));
      assertTrue(rows.isEmpty());
    } finally {
      db.cleanup();
      shared.close();
    }
  }

  /**
   * An asynchronous worker sends on its own connections and reads their answers itself: every
   * operation completes on the worker's thread, none on a thread of the SDK, and the blocking
   * threads keep the SDK's loops.
   */
  @Test
  void anAsynchronousWorkerCompletesItsOperationsOnItsOwnThread() throws Exception {
    SharedResources shared = new SharedResources(new ErrorLog(System.err));
    CouchbaseClient db = Clients.create(CouchbaseTestServer.get().properties("async"));
    db.init(new WorkerContext(0, 1, 16, new ErrorLog(System.err), shared));
    CouchbaseClient blocking = Clients.create(CouchbaseTestServer.get().properties("async"));
    blocking.init(new WorkerContext(1, 2, 0, new ErrorLog(System.err), shared));
    try {
      assertNotNull(db.workerIo(), "the worker runs its connections' loop");
      assertNull(blocking.workerIo(), "a blocking thread's operations complete on the SDK's threads");
      Thread worker = Thread.currentThread();
      List<CompletionStage<Thread>> where = new ArrayList<>();
      List<CompletionStage<Status>> reads = new ArrayList<>();
      for (int i = 0; i < 16; i++) {
        String key = "own-thread" + i;
        assertEquals(Status.OK, Clients.done(db, db.insertAsync(TABLE, key, Records.record(key, 10))));
        CompletionStage<Status> read = db.readAsync(TABLE, key, null, new HashMap<>());
        reads.add(read);
        where.add(read.thenApply(s -> Thread.currentThread()));
      }
      for (int i = 0; i < 16; i++) {
        assertEquals(Status.OK, Clients.done(db, reads.get(i)));
        assertSame(worker, where.get(i).toCompletableFuture().getNow(null), "read " + i + " completed on");
      }
      assertEquals(Status.OK, blocking.read(TABLE, "own-thread3", null, new HashMap<>()));
    } finally {
      db.cleanup();
      blocking.cleanup();
      shared.close();
    }
  }
}
