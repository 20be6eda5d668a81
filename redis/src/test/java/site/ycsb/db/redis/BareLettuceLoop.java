package site.ycsb.db.redis;

import io.netty.buffer.ByteBuf;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeoutException;
import site.ycsb.BindingContext;
import site.ycsb.DBException;
import site.ycsb.testsupport.BareDriverLoop;

/**
 * The floor of the Redis binding's asynchronous path (see {@link BareDriverLoop}): Lettuce alone,
 * arranged as one engine worker arranges it with the binding's defaults, sending the commands the
 * binding sends for workload A. Used by {@code redis/bench/cpu-vs-bare-driver.sh}.
 *
 * <p>The arrangement is the binding's own, reused rather than copied (hence this package): the
 * sending thread owns a {@link WorkerEventLoop} (a Netty {@code ManualIoEventLoop}) and runs it
 * itself, writing what it sent and reading the replies while it waits ({@link #idle}); the
 * client is {@link LettuceClients#onWorkerLoop} with every {@code redis.*} property at its default,
 * so RESP2, a 10 s command timeout on the shared timer thread and the same reconnect options; the
 * connections are opened by {@link WorkerConnections#connect}, {@code redis.connections} of them
 * (1 by default, as many as one worker opens whatever its {@code -inflight}; the system property
 * {@code -Dredis.connections=N} opens N, as {@code -threads N} opens one per session), auto-flush
 * off, commands spread over them round-robin and each written at the next flush.
 *
 * <p>The commands are those the binding sends with workload A's defaults: half {@code HGETALL key}
 * (a read of all fields), half {@code HSET key fieldN value} of one of the 10 fields with a 100-byte
 * value, keys uniform over those the load wrote. They are handed to Lettuce as the binding hands
 * its own, as {@link RespCommand}s that write themselves with {@link Resp}: Lettuce's own command
 * objects (argument lists, a HashMap per reply, a future per command) cost more per command than
 * the binding's way, so they would not be a floor. Lettuce's decoder parses the whole reply; a read
 * keeps only how many elements it had (an empty hash, no record, is a problem), since copying the
 * values out is the binding's work, not the driver's.
 *
 * <p>At a fixed rate it waits as the engine's worker waits for its next start, by running the loop
 * until then; Netty rounds that wait to the nearest millisecond and does not block below half of
 * one, so with sends closer together than that both poll the sockets rather than sleep, and their
 * CPU per operation at such a rate is mostly that polling.
 *
 * <p>The loop belongs to the thread that makes it, and only that thread may run it, so the
 * connections are opened at the sending thread's first send, in the warm-up, and closed with the
 * process once the figures are printed, when that thread has ended. So that this first send is
 * quick, the main thread first opens and closes a client of its own the same way (Lettuce's and
 * Netty's classes are then loaded before the warm-up, as the engine's worker opens its connections
 * before its warm-up starts), reading the first and the last loaded key with it to check the data.
 *
 * <p>Arguments: host port, then {@link BareDriverLoop#COMMON_USAGE}.
 */
public final class BareLettuceLoop extends BareDriverLoop {
  /** Only a lost connection that comes back reports anything: said on stderr. (Also the tests' one worker.) */
  static final BindingContext CONTEXT = new BindingContext() {
    @Override
    public int workerIndex() {
      return 0;
    }

    @Override
    public int workerCount() {
      return 1;
    }

    @Override
    public void reportOnce(String cause, String message) {
      System.err.println(message);
    }

    @Override
    public <T> T shared(String key, Opener<T> opener) throws DBException {
      return opener.open();
    }
  };

  private final InetSocketAddress address;
  /** Lettuce's timer and task threads, shared as the engine's workers share them. */
  private final LettuceThreads threads = new LettuceThreads();
  private final String[] keys;
  /** field0 ... field9, encoded once (as the binding's FieldNames does). */
  private final byte[][] fields = new byte[FIELDS][];
  /** The sending thread's own, made at its first send. */
  private WorkerEventLoop loop;
  private AsyncConnection[] connections;
  private int next;

  private BareLettuceLoop(Settings settings, InetSocketAddress address) {
    super(settings);
    this.address = address;
    this.keys = loadedKeys();
    for (int i = 0; i < FIELDS; i++) {
      fields[i] = ("field" + i).getBytes(StandardCharsets.UTF_8);
    }
  }

  public static void main(String[] args) throws InterruptedException {
    Settings settings = Settings.parse("BareLettuceLoop", "host port", args, 2);
    BareLettuceLoop bare = new BareLettuceLoop(settings,
        InetSocketAddress.createUnresolved(args[0], Integer.parseInt(args[1])));
    bare.check();
    bare.run();
    // nothing is in flight; the connections close with the process (their loop's thread has ended)
    System.exit(0);
  }

  /** A worker's client and connections, all on one loop owned by the thread that opened them. */
  private static final class Opened {
    final WorkerEventLoop loop = new WorkerEventLoop();
    final List<AsyncConnection> all = new ArrayList<>();
    LettuceClients clients;
    AsyncConnection[] connections;
  }

  /** Opens a client and its connections as a worker does, on (and owned by) the calling thread; exits if it cannot. */
  private Opened open() {
    Properties defaults = new Properties();
    // the one setting a run may choose: a connection per session is the floor of -threads N
    String connections = System.getProperty(RedisProperties.CONNECTIONS.name());
    if (connections != null) {
      defaults.setProperty(RedisProperties.CONNECTIONS.name(), connections);
    }
    LettuceClients.Settings s = new LettuceClients.Settings(defaults);
    Opened o = new Opened();
    try {
      o.clients = LettuceClients.onWorkerLoop(s, null, o.loop, threads, CONTEXT);
      o.connections = WorkerConnections.connect(o.clients, s, RedisProperties.CONNECTIONS.getInt(defaults),
          LettuceClients.uri(s, address), AsyncRedis.where(address), "host port", RedisFailures.asynchronous(CONTEXT),
          new FieldNames(), o.all);
    } catch (DBException e) {
      System.err.println("BareLettuceLoop: " + e.getMessage());
      System.exit(1);
    }
    return o;
  }

  /**
   * Before the run, on this thread: opens and closes a client as the sending thread will (so that
   * Lettuce's and Netty's classes are loaded before the warm-up starts, as the engine's worker
   * opens its connections before its own), and checks that the first and the last key the load
   * wrote hold a record; exits if not.
   */
  private void check() {
    Opened o = open();
    try {
      for (String key : new String[] {keys[0], keys[keys.length - 1]}) {
        Probe p = new Probe(key);
        o.connections[0].send(p);
        o.connections[0].flush();
        int elements = o.loop.await(p.count, 10_000);
        if (elements <= 0) {
          System.err.println("BareLettuceLoop: no record under " + key + ": load " + keys.length + " records first");
          System.exit(1);
        }
      }
    } catch (ExecutionException | TimeoutException e) {
      System.err.println("BareLettuceLoop: HGETALL failed: " + e);
      System.exit(1);
    } finally {
      WorkerConnections.close(o.all, o.loop);
      o.clients.close();
    }
  }

  @Override
  protected void send(ThreadLocalRandom random) {
    if (connections == null) {
      openOnSendingThread();
    }
    AsyncConnection c = connections[next];
    next = next + 1 == connections.length ? 0 : next + 1;
    c.unflushed = true;
    String key = keys[random.nextInt(keys.length)];
    if (random.nextBoolean()) {
      c.send(new Read(key));
    } else {
      c.send(new Update(key, fields[random.nextInt(FIELDS)], value(random)));
    }
  }

  private void openOnSendingThread() {
    Opened o = open();
    loop = o.loop;
    connections = o.connections;
  }

  @Override
  protected boolean sendingThreadRunsIo() {
    return true;
  }

  /** As the engine's worker waits: writes what was sent since the last wait, then runs the loop. */
  @Override
  protected void idle(long maxNanos) {
    if (connections == null) {
      openOnSendingThread();
    }
    for (AsyncConnection c : connections) {
      if (c.unflushed) {
        c.flush();
      }
    }
    loop.run(maxNanos);
  }

  /** {@code HGETALL key}, counting the reply's elements (fields and values); keeping none of them. */
  private abstract static class HashRead extends RespCommand {
    final String key;
    /** The reply's elements; -1 before a reply came. */
    int elements = -1;

    HashRead(String key) {
      super(Resp.HGETALL);
      this.key = key;
    }

    @Override
    public void encode(ByteBuf buf) {
      Resp.array(buf, 2);
      Resp.HGETALL.writeTo(buf);
      Resp.bulk(buf, key);
    }

    @Override
    public void multi(int count) {
      elements = count;
    }
  }

  /** A measured read: the record must have fields. */
  private final class Read extends HashRead {
    Read(String key) {
      super(key);
    }

    @Override
    void replied() {
      done(null, hasError() ? "HGETALL " + key + ": " + getError()
          : elements <= 0 ? "a read found no record under " + key : null);
    }

    @Override
    void failed(Throwable cause) {
      done(cause, null);
    }
  }

  /** The read of {@link #check}: completes with the reply's element count (-1: an error reply). */
  private static final class Probe extends HashRead {
    final CompletableFuture<Integer> count = new CompletableFuture<>();

    Probe(String key) {
      super(key);
    }

    @Override
    void replied() {
      count.complete(hasError() ? -1 : Math.max(0, elements));
    }

    @Override
    void failed(Throwable cause) {
      count.completeExceptionally(cause);
    }
  }

  /** {@code HSET key field value}. */
  private final class Update extends RespCommand {
    private final String key;
    private final byte[] field;
    private final byte[] value;

    Update(String key, byte[] field, byte[] value) {
      super(Resp.HSET);
      this.key = key;
      this.field = field;
      this.value = value;
    }

    @Override
    public void encode(ByteBuf buf) {
      Resp.array(buf, 4);
      Resp.HSET.writeTo(buf);
      Resp.bulk(buf, key);
      Resp.bulk(buf, field);
      Resp.bulk(buf, value);
    }

    @Override
    void replied() {
      done(null, hasError() ? "HSET " + key + ": " + getError() : null);
    }

    @Override
    void failed(Throwable cause) {
      done(cause, null);
    }
  }
}
