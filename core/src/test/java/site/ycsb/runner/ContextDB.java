package site.ycsb.runner;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import site.ycsb.BindingContext;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * A binding written against the binding context: one shared "client" per process, the worker's
 * number, failures reported through the engine. Counts what happened for the tests.
 */
public class ContextDB extends OneAnswerDB {
  static final AtomicInteger OPENED = new AtomicInteger();
  static final AtomicInteger CLOSED = new AtomicInteger();
  static final Set<Integer> INDEXES = ConcurrentHashMap.newKeySet();
  static volatile int lastCount;
  static volatile boolean closedBeforeLastCleanup;
  private static final AtomicInteger LIVE = new AtomicInteger();

  private BindingContext context;
  private Client client;

  static void reset() {
    OPENED.set(0);
    CLOSED.set(0);
    INDEXES.clear();
    LIVE.set(0);
    closedBeforeLastCleanup = false;
  }

  /** The shared resource: closing it counts. */
  static final class Client implements AutoCloseable {
    private final boolean hangsOnClose;
    private volatile boolean closed;

    Client(boolean hangsOnClose) {
      this.hangsOnClose = hangsOnClose;
    }

    @Override
    public void close() {
      closed = true;
      CLOSED.incrementAndGet();
      if (hangsOnClose) {
        // a driver waiting for a server that is gone; the engine's interrupt ends the wait
        try {
          Thread.sleep(60_000);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    }
  }

  @Override
  public void init(BindingContext ctx) throws DBException {
    this.context = ctx;
    LIVE.incrementAndGet();
    if (getProperties().getProperty("context.failopen") != null) {
      client = ctx.shared("client", () -> {
        OPENED.incrementAndGet();
        throw new DBException("cannot reach the server at password=hunter2 host");
      });
    }
    boolean hangs = getProperties().getProperty("context.hangonclose") != null;
    client = ctx.shared("client", () -> {
      OPENED.incrementAndGet();
      return new Client(hangs);
    });
    INDEXES.add(ctx.workerIndex());
    lastCount = ctx.workerCount();
  }

  @Override
  public void cleanup() {
    if (client.closed) {
      closedBeforeLastCleanup = true;
    }
    LIVE.decrementAndGet();
  }

  @Override
  Status answer() {
    if (getProperties().getProperty("context.fail") != null) {
      context.reportOnce("read ERROR", "contextdb: read failed with ERROR: the server said no (password=hunter2)");
      return Status.ERROR;
    }
    return Status.OK;
  }
}
