package site.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;
import site.ycsb.runner.ErrorLog;
import site.ycsb.runner.SharedResources;
import site.ycsb.runner.WorkerContext;

/**
 * What the binding API does for a binding: the asynchronous call, the delegation of its five
 * methods, the context in init.
 */
class BindingApiDefaultsTest {
  /** A call whose answer is the number of rows, and whose failures are the binding's TIMEOUT. */
  private static final class RowsCall extends AsyncCall<Integer> {
    final List<Throwable> failures = new ArrayList<>();
    int pages;

    @Override
    protected Status statusOf(Integer rows) {
      if (++pages < 2) {
        // a scan's next page comes back here
        on(CompletableFuture.completedFuture(rows + 1));
        return null;
      }
      return rows > 0 ? Status.OK : Status.NOT_FOUND;
    }

    @Override
    protected Status statusOfFailure(Throwable cause) {
      failures.add(cause);
      return Status.TIMEOUT;
    }
  }

  @Test
  void aCallCompletesWithItsDecodedAnswerOnceEveryPageCame() {
    RowsCall call = new RowsCall();
    CompletableFuture<Integer> answer = new CompletableFuture<>();
    CompletionStage<Status> stage = call.send(() -> answer);
    assertFalse(call.isDone());
    answer.complete(0);
    assertEquals(Status.OK, stage.toCompletableFuture().join());
    assertEquals(2, call.pages);
  }

  @Test
  void whatTheDriverFailsWithOrTheRequestThrowsIsTheBindingsStatus() {
    RowsCall failedLater = new RowsCall();
    IllegalStateException lost = new IllegalStateException("connection lost");
    failedLater.send(() -> CompletableFuture.failedFuture(new CompletionException(lost)));
    assertEquals(Status.TIMEOUT, failedLater.join());
    assertSame(lost, failedLater.failures.get(0), "unwrapped from the future that carried it");

    RowsCall notSent = new RowsCall();
    IllegalArgumentException unprepared = new IllegalArgumentException("no such table");
    CompletionStage<Status> stage = notSent.send(() -> {
      throw unprepared;
    });
    assertEquals(Status.TIMEOUT, stage.toCompletableFuture().join(), "never completed exceptionally");
    assertSame(unprepared, notSent.failures.get(0));
  }

  /** Operations that answer with the name of the operation and its key. */
  private static final class NamingOperations implements RecordOperations<CompletionStage<Status>> {
    private static CompletionStage<Status> named(String op, String table, String key) {
      return CompletableFuture.completedFuture(new Status(op, table + "/" + key));
    }

    @Override
    public CompletionStage<Status> read(String table, String key, Set<String> fields, Map<String, ByteIterator> r) {
      return named("read", table, key);
    }

    @Override
    public CompletionStage<Status> scan(String table, String startkey, int recordcount, Set<String> fields,
                                        Vector<HashMap<String, ByteIterator>> result) {
      return named("scan", table, startkey);
    }

    @Override
    public CompletionStage<Status> update(String table, String key, Map<String, ByteIterator> values) {
      return named("update", table, key);
    }

    @Override
    public CompletionStage<Status> insert(String table, String key, Map<String, ByteIterator> values) {
      return named("insert", table, key);
    }

    @Override
    public CompletionStage<Status> delete(String table, String key) {
      return named("delete", table, key);
    }
  }

  @Test
  void aDelegatingBindingHandsEachCallToItsOperations() {
    RecordOperations<CompletionStage<Status>> ops = new NamingOperations();
    DelegatingAsyncDB db = () -> ops;
    assertEquals(new Status("read", "t/k1"), db.readAsync("t", "k1", null, new HashMap<>()).toCompletableFuture()
        .join());
    assertEquals(new Status("scan", "t/k2"), db.scanAsync("t", "k2", 3, null, new Vector<>()).toCompletableFuture()
        .join());
    assertEquals(new Status("update", "t/k3"), db.updateAsync("t", "k3", Map.of()).toCompletableFuture().join());
    assertEquals(new Status("insert", "t/k4"), db.insertAsync("t", "k4", Map.of()).toCompletableFuture().join());
    assertEquals(new Status("delete", "t/k5"), db.deleteAsync("t", "k5").toCompletableFuture().join());
  }

  /** A binding written against upstream's init() that takes the engine's context when there is one. */
  private static final class UpstreamStyleDB extends BasicDB {
    BindingContext seen;
    boolean initialized;

    UpstreamStyleDB() {
      Properties p = new Properties();
      p.setProperty(BasicDBProperties.VERBOSE.name(), "false");
      setProperties(p);
    }

    @Override
    public void init() {
      super.init();
      initialized = true;
      seen = initContext();
    }

    BindingContext afterInit() {
      return initContext();
    }
  }

  @Test
  void theContextIsHeldWhileUpstreamsInitRunsAndNotAfter() throws DBException {
    ErrorLog errors = new ErrorLog(new PrintStream(OutputStream.nullOutputStream()));
    BindingContext context = new WorkerContext(0, 1, errors, new SharedResources(errors));
    UpstreamStyleDB db = new UpstreamStyleDB();
    db.init(context);
    assertSame(context, db.seen);
    assertNull(db.afterInit());
    UpstreamStyleDB alone = new UpstreamStyleDB();
    alone.init();
    assertEquals(true, alone.initialized);
    assertNull(alone.seen, "init() called alone, as upstream's engine did: no context");
  }
}
