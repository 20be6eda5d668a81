package site.ycsb.runner;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StatusFuture;
import site.ycsb.WorkerIo;

/**
 * A binding whose behaviour tests script with properties: a fixed delay, a stall of one call or
 * a pause of every call (as a paused server), a call that never returns, random failures and
 * exceptions, slow connects and disconnects, garbage collections, and logs of inserted keys and
 * of call start times. Its asynchronous side behaves the same, the calls' ends scheduled on a few
 * threads of their own (as a driver's I/O threads) instead of slept.
 */
public class ScriptedDB extends OneAnswerDB implements site.ycsb.AsyncDB {
  /** Where asynchronous calls complete: several threads, so completions arrive concurrently. */
  private static final String COMPLETER = "scripted-completer";
  private static final java.util.concurrent.ScheduledExecutorService COMPLETERS =
      java.util.concurrent.Executors.newScheduledThreadPool(4, r -> {
        Thread t = new Thread(r, COMPLETER);
        t.setDaemon(true);
        return t;
      });
  /** Calls made by all instances since the last {@link #reset()}. */
  static final AtomicLong CALLS = new AtomicLong();
  /** Calls made from the threads that complete the asynchronous calls (standing in for a worker). */
  static final AtomicLong CALLS_FROM_COMPLETERS = new AtomicLong();
  /** Time of the first call made after the last reset, in nanos. */
  static final AtomicLong STALLED = new AtomicLong();
  /** When the pause of {@code scripted.pauseatcall} began, in nanos; 0 before. */
  static final AtomicLong PAUSE_STARTED = new AtomicLong();
  /** Start instants (nanos) of every call since the last reset, with {@code scripted.logstarts=true}. */
  static final java.util.Queue<Long> STARTS = new java.util.concurrent.ConcurrentLinkedQueue<>();
  /** Until when every call waits (nanos), once the pause has begun; 0 before. */
  private static volatile long pausedUntil;

  private long delayNanos;
  private long stallAtCall;
  private long stallNanos;
  private boolean hangOnce;
  private double failureShare;
  private Path keyLog;
  private long pauseAtCall;
  private long pauseNanos;
  private long cleanupNanos;
  private long gcFirstCalls;
  private boolean logStarts;
  /** With {@code scripted.bufferuntilflush=true}: asynchronous calls held until the engine calls flush(). */
  private boolean bufferUntilFlush;
  private final java.util.List<Runnable> buffered = new java.util.ArrayList<>();
  /**
   * With {@code scripted.workerio=worker}: a driver whose I/O the worker runs ({@link WorkerIo});
   * a call's reply becomes ready at its end and completes when the worker runs the I/O. With
   * {@code scripted.workerio=foreign}: the same I/O, but every call completes on another thread
   * (as a driver's timer times a call out), so only {@link WorkerIo#wake()} ends the worker's wait.
   */
  private ScriptedIo io;
  private boolean completeElsewhere;
  /** With {@code scripted.callablefromcompletions=true}: the completing threads may stand in for the worker. */
  private boolean callableFromCompletions;
  /** Runs of the worker I/O, and those made from a thread other than the worker's. */
  static final AtomicLong IO_RUNS = new AtomicLong();
  static final AtomicLong IO_RUNS_ELSEWHERE = new AtomicLong();
  private StringBuilder keys;
  /** With {@code scripted.calllog=FILE}: every asynchronous read and update, as "READ key" lines, appended at cleanup. */
  private Path callLog;
  private final StringBuilder calls = new StringBuilder();

  static void reset() {
    CALLS.set(0);
    CALLS_FROM_COMPLETERS.set(0);
    STALLED.set(0);
    PAUSE_STARTED.set(0);
    IO_RUNS.set(0);
    IO_RUNS_ELSEWHERE.set(0);
    HANG_TAKEN.set(false);
    STARTS.clear();
    pausedUntil = 0;
  }

  private static final java.util.concurrent.atomic.AtomicBoolean HANG_TAKEN =
      new java.util.concurrent.atomic.AtomicBoolean();

  @Override
  public void init() throws DBException {
    delayNanos = (long) (Double.parseDouble(getProperties().getProperty("scripted.delayms", "0")) * 1e6);
    stallAtCall = Long.parseLong(getProperties().getProperty("scripted.stallatcall", "-1"));
    stallNanos = (long) (Double.parseDouble(getProperties().getProperty("scripted.stallms", "0")) * 1e6);
    hangOnce = Boolean.parseBoolean(getProperties().getProperty("scripted.hangonce", "false"));
    failureShare = Double.parseDouble(getProperties().getProperty("scripted.failures", "0"));
    pauseAtCall = Long.parseLong(getProperties().getProperty("scripted.pauseatcall", "-1"));
    pauseNanos = (long) (Double.parseDouble(getProperties().getProperty("scripted.pausems", "0")) * 1e6);
    cleanupNanos = (long) (Double.parseDouble(getProperties().getProperty("scripted.cleanupdelayms", "0")) * 1e6);
    gcFirstCalls = Long.parseLong(getProperties().getProperty("scripted.gcfirstcalls", "0"));
    logStarts = Boolean.parseBoolean(getProperties().getProperty("scripted.logstarts", "false"));
    bufferUntilFlush = Boolean.parseBoolean(getProperties().getProperty("scripted.bufferuntilflush", "false"));
    callableFromCompletions = Boolean.parseBoolean(getProperties().getProperty("scripted.callablefromcompletions",
        "false"));
    String workerIo = getProperties().getProperty("scripted.workerio", "none");
    if (!workerIo.equals("none")) {
      io = new ScriptedIo(Thread.currentThread());
      completeElsewhere = workerIo.equals("foreign");
    }
    sleep((long) (Double.parseDouble(getProperties().getProperty("scripted.initdelayms", "0")) * 1e6));
    String calledLog = getProperties().getProperty("scripted.calllog");
    callLog = calledLog == null ? null : Path.of(calledLog);
    String log = getProperties().getProperty("scripted.keylog");
    if (log != null) {
      keyLog = Path.of(log);
      keys = new StringBuilder();
    }
  }

  /** What one call does: when it ends, and how. */
  private record Script(long endNanos, boolean hang, Status status, RuntimeException thrown) {
  }

  @Override
  Status answer() {
    Script s = script();
    if (s.hang) {
      // a driver call that never returns, ignoring interrupts as some drivers do
      while (true) {
        LockSupport.parkNanos(1_000_000_000L);
      }
    }
    sleep(s.endNanos - System.nanoTime());
    if (s.thrown != null) {
      throw s.thrown;
    }
    return s.status;
  }

  /**
   * The asynchronous answer: the same script, its end scheduled rather than slept. A
   * {@link StatusFuture}, as the bindings' own are, so the semantics tests run over the engine's
   * listener ({@link MemoryDB}'s plain futures keep {@code whenComplete}'s way covered).
   */
  StatusFuture answerAsync() {
    Script s = script();
    StatusFuture f = new StatusFuture();
    if (s.hang) {
      return f;
    }
    Runnable complete;
    complete = () -> {
      if (s.thrown != null) {
        f.completeExceptionally(s.thrown);
      } else {
        f.complete(s.status);
      }
    };
    if (io != null && !completeElsewhere) {
      // the reply is read by the worker's own I/O run: at its end it becomes ready there
      Runnable ready = complete;
      complete = () -> io.ready(ready);
    }
    Runnable toComplete = complete;
    Runnable send = () -> {
      long wait = s.endNanos - System.nanoTime();
      if (wait <= 0) {
        COMPLETERS.execute(toComplete);
      } else {
        COMPLETERS.schedule(toComplete, wait, java.util.concurrent.TimeUnit.NANOSECONDS);
      }
    };
    if (bufferUntilFlush) {
      // as a driver with auto-flush off: nothing leaves before the engine says so
      buffered.add(send);
    } else {
      send.run();
    }
    return f;
  }

  @Override
  public WorkerIo workerIo() {
    return io;
  }

  @Override
  public boolean callableFromCompletions() {
    return callableFromCompletions;
  }

  /**
   * The worker-run I/O of {@code scripted.workerio}: replies that became ready wait in a queue
   * until the worker runs it; a wait ends on a ready reply or a {@link #wake()}, and on nothing
   * else (not on an unpark), so a worker that forgot to wake it would wait out its bound.
   */
  private static final class ScriptedIo implements WorkerIo {
    private final Thread owner;
    private final java.util.Queue<Runnable> replies = new java.util.concurrent.ConcurrentLinkedQueue<>();
    private final java.util.concurrent.Semaphore signals = new java.util.concurrent.Semaphore(0);

    ScriptedIo(Thread owner) {
      this.owner = owner;
    }

    void ready(Runnable reply) {
      replies.add(reply);
      signals.release();
    }

    @Override
    public void run(long maxNanos) {
      IO_RUNS.incrementAndGet();
      if (Thread.currentThread() != owner) {
        IO_RUNS_ELSEWHERE.incrementAndGet();
      }
      if (replies.isEmpty() && maxNanos > 0) {
        try {
          signals.tryAcquire(maxNanos, java.util.concurrent.TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      signals.drainPermits();
      Runnable r;
      while ((r = replies.poll()) != null) {
        r.run();
      }
    }

    @Override
    public void wake() {
      signals.release();
    }
  }

  @Override
  public void flush() {
    buffered.forEach(Runnable::run);
    buffered.clear();
  }

  private Script script() {
    long n = CALLS.incrementAndGet();
    if (Thread.currentThread().getName().equals(COMPLETER)) {
      CALLS_FROM_COMPLETERS.incrementAndGet();
    }
    if (logStarts) {
      STARTS.add(System.nanoTime());
    }
    if (n <= gcFirstCalls) {
      System.gc();
    }
    if (n == pauseAtCall) {
      PAUSE_STARTED.set(System.nanoTime());
      pausedUntil = System.nanoTime() + pauseNanos;
    }
    long end = System.nanoTime();
    long pause = pausedUntil;
    if (pause != 0) {
      // every call arriving during the pause waits for its end, as against a paused server
      end = Math.max(end, pause);
    }
    if (hangOnce && HANG_TAKEN.compareAndSet(false, true)) {
      return new Script(0, true, null, null);
    }
    if (n == stallAtCall) {
      STALLED.set(System.nanoTime());
      end += stallNanos;
    }
    end += delayNanos;
    if (failureShare > 0) {
      double u = ThreadLocalRandom.current().nextDouble();
      if (u < failureShare / 4) {
        return new Script(end, false, null, new IllegalStateException("scripted exception"));
      } else if (u < failureShare / 2) {
        return new Script(end, false, Status.ERROR, null);
      } else if (u < failureShare * 3 / 4) {
        return new Script(end, false, Status.TIMEOUT, null);
      } else if (u < failureShare) {
        return new Script(end, false, Status.NOT_FOUND, null);
      }
    }
    return new Script(end, false, Status.OK, null);
  }

  private static void sleep(long nanos) {
    long until = System.nanoTime() + nanos;
    long left;
    while ((left = until - System.nanoTime()) > 0) {
      LockSupport.parkNanos(left);
    }
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    Status s = answer();
    if (keys != null) {
      keys.append(key).append('\n');
    }
    return s;
  }

  @Override
  public java.util.concurrent.CompletionStage<Status> readAsync(String table, String key,
      java.util.Set<String> fields, Map<String, ByteIterator> result) {
    logCall("READ", key);
    return answerAsync();
  }

  @Override
  public java.util.concurrent.CompletionStage<Status> scanAsync(String table, String startkey, int recordcount,
      java.util.Set<String> fields, java.util.Vector<java.util.HashMap<String, ByteIterator>> result) {
    return answerAsync();
  }

  @Override
  public java.util.concurrent.CompletionStage<Status> updateAsync(String table, String key,
      Map<String, ByteIterator> values) {
    logCall("UPDATE", key);
    return answerAsync();
  }

  @Override
  public java.util.concurrent.CompletionStage<Status> insertAsync(String table, String key,
      Map<String, ByteIterator> values) {
    java.util.concurrent.CompletableFuture<Status> f = answerAsync();
    if (keys != null) {
      keys.append(key).append('\n');
    }
    return f;
  }

  @Override
  public java.util.concurrent.CompletionStage<Status> deleteAsync(String table, String key) {
    return answerAsync();
  }

  private void logCall(String operation, String key) {
    if (callLog != null) {
      calls.append(operation).append(' ').append(key).append('\n');
    }
  }

  @Override
  public void cleanup() throws DBException {
    sleep(cleanupNanos);
    if (callLog != null) {
      append(callLog, calls);
    }
    if (keyLog != null) {
      append(keyLog, keys);
    }
  }

  /** Appends a worker's log to the file every worker appends to, one worker at a time. */
  private static void append(Path file, CharSequence lines) throws DBException {
    try {
      synchronized (ScriptedDB.class) {
        Files.writeString(file, lines, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
      }
    } catch (IOException e) {
      throw new DBException(e);
    }
  }
}
