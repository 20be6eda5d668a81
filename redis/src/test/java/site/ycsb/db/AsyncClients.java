package site.ycsb.db;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.runner.ErrorLog;
import site.ycsb.runner.SharedResources;
import site.ycsb.runner.WorkerContext;
import site.ycsb.testsupport.RedisServer;

/**
 * Binding instances on the asynchronous side, as the benchmark makes them with {@code -inflight}:
 * the workers of one phase (numbered, sharing its error log and its shared resources, which
 * {@link #close()} closes as the engine does). {@link #open} wraps each in a {@link DB} that sends
 * a call, flushes and waits for it (running the worker's I/O meanwhile when its connections live
 * on the worker's thread), so the blocking side's checks apply to the asynchronous side.
 */
final class AsyncClients implements AutoCloseable {
  private static final int INFLIGHT = 8;

  private final ErrorLog errors = new ErrorLog(System.err);
  private SharedResources shared = new SharedResources(errors);
  private int workers;
  private final List<RedisClient> opened = new ArrayList<>();

  /**
   * @param server the server
   * @param more property pairs: name, value, name, value...
   * @return an initialized client on the asynchronous side, each call waited for
   */
  Waiting open(RedisServer server, String... more) throws DBException {
    String[] all = new String[more.length + 4];
    all[0] = "redis.host";
    all[1] = server.host();
    all[2] = "redis.port";
    all[3] = Integer.toString(server.port());
    System.arraycopy(more, 0, all, 4, more.length);
    return open(all);
  }

  /** @return an initialized client on the asynchronous side with exactly these properties */
  Waiting open(String... pairs) throws DBException {
    RedisClient c = Clients.create(pairs);
    int index = workers++;
    c.init(new WorkerContext(index, workers, INFLIGHT, errors, shared));
    opened.add(c);
    return new Waiting(c);
  }

  /** Cleans up every client, then closes what they shared, as a phase ends; the next ones are a new phase. */
  @Override
  public void close() throws DBException {
    try {
      for (RedisClient c : opened) {
        c.cleanup();
      }
    } finally {
      opened.clear();
      shared.close();
      shared = new SharedResources(errors);
      workers = 0;
    }
  }

  /** The asynchronous side seen as a blocking binding: send, flush, wait. */
  static final class Waiting extends DB {
    final RedisClient async;

    Waiting(RedisClient async) {
      this.async = async;
    }

    /**
     * Waits as a worker does between operations: running the I/O of connections that live on its
     * thread (which is when such a worker learns that a connection was lost), or just sleeping.
     */
    void idle(long millis) throws InterruptedException {
      site.ycsb.WorkerIo io = async.workerIo();
      long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
      long left;
      while ((left = until - System.nanoTime()) > 0) {
        if (io != null) {
          io.run(left);
        } else {
          Thread.sleep(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
        }
      }
    }

    /**
     * Reads the keys as a worker sends operations between two flushes: all sent, then one flush,
     * then the wait for every one.
     *
     * @return each read's status, in the order of the keys
     */
    List<Status> readAll(String table, List<String> keys, List<Map<String, ByteIterator>> results) {
      List<CompletionStage<Status>> stages = new ArrayList<>();
      for (String key : keys) {
        Map<String, ByteIterator> r = new HashMap<>();
        results.add(r);
        stages.add(async.readAsync(table, key, null, r));
      }
      List<Status> out = new ArrayList<>();
      for (CompletionStage<Status> s : stages) {
        out.add(await(s)); // the first wait flushes them all
      }
      return out;
    }

    private Status await(CompletionStage<Status> stage) {
      async.flush();
      java.util.concurrent.CompletableFuture<Status> f = stage.toCompletableFuture();
      site.ycsb.WorkerIo io = async.workerIo();
      if (io != null) {
        // the connections live on this (the "worker's") thread: run their I/O while waiting, as the engine does
        long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        io.run(0); // at least once, as the engine's worker does after every send (a reconnect runs there)
        while (!f.isDone() && System.nanoTime() < giveUp) {
          io.run(10_000_000L);
        }
      }
      try {
        return f.get(io != null ? 0 : 20, TimeUnit.SECONDS);
      } catch (Exception e) {
        throw new AssertionError("the stage did not complete with a status", e);
      }
    }

    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
      return await(async.readAsync(table, key, fields, result));
    }

    @Override
    public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                       Vector<HashMap<String, ByteIterator>> result) {
      return await(async.scanAsync(table, startkey, recordcount, fields, result));
    }

    @Override
    public Status update(String table, String key, Map<String, ByteIterator> values) {
      return await(async.updateAsync(table, key, values));
    }

    @Override
    public Status insert(String table, String key, Map<String, ByteIterator> values) {
      return await(async.insertAsync(table, key, values));
    }

    @Override
    public Status delete(String table, String key) {
      return await(async.deleteAsync(table, key));
    }
  }
}
