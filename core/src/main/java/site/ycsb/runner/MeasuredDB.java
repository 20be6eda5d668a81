package site.ycsb.runner;

import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.measurements.CompoundRecorder;
import site.ycsb.measurements.Operation;
import site.ycsb.measurements.Outcome;
import site.ycsb.measurements.WorkerRecorder;

/**
 * Wraps one worker's binding: times every call, retries failed calls as configured (a retried
 * operation counts once and its latency includes the retries), turns exceptions into
 * {@link Status#ERROR}, and records the result unless it completed after the deadline. An
 * operation due before the deadline that did not complete inside it is recorded as unfinished,
 * at a lower bound of its latency; so is a slot the throttle gave up.
 */
final class MeasuredDB extends DB implements CompoundRecorder, Throttle.SkippedSlots {
  private final DB db;
  private final RetryPolicy retryPolicy;
  private final RunWindow window;
  private final ErrorLog errors;
  private final boolean measureIntended;
  private WorkerRecorder recorder;
  /**
   * When the operation in flight was due (intended start, or its first call's start without a
   * throttle), for the runner to account for it if this worker is abandoned; -1 between operations.
   * Written with a release store: free on the hot path, visible long before anyone reads it.
   */
  private final AtomicLong inflightSince = new AtomicLong(-1);
  /** Taken by whoever records the operation that the deadline cut off: this worker or the runner. */
  private final AtomicBoolean unfinishedTaken = new AtomicBoolean();
  private final OperationCalls calls;
  private final ValueBytes valueBytes = new ValueBytes();
  private long lastCallEndNanos;

  MeasuredDB(DB db, WorkerRecorder recorder, RetryPolicy retryPolicy, RunWindow window, ErrorLog errors,
             boolean measureIntended) {
    this.db = db;
    this.measureIntended = measureIntended;
    this.recorder = recorder;
    this.retryPolicy = retryPolicy;
    this.window = window;
    this.errors = errors;
    this.calls = new OperationCalls(window, measureIntended, () -> unfinishedTaken.compareAndSet(false, true));
  }

  /** Switches recording to another phase's recorder (end of warm-up). */
  void recordInto(WorkerRecorder next) {
    this.recorder = next;
  }

  /** Sets the intended start of the operations of the next transaction, or -1 for none. */
  void intendedStart(long nanos) {
    calls.intendedStart(nanos);
    if (nanos >= 0) {
      inflightSince.lazySet(nanos);
    }
  }

  private void callStarted(long startNanos) {
    if (calls.callStarted(startNanos) && calls.intendedStart() < 0) {
      inflightSince.lazySet(startNanos);
    }
  }

  @Override
  public void skipped(long latenessNanos) {
    if (measureIntended) {
      recorder.recordOne(Operation.UNFINISHED, Outcome.INTENDED, latenessNanos);
    }
  }

  /**
   * @return whether an operation is under way: known where the intended start is measured (the
   *     default); otherwise a blocking worker is taken to be in a call, as it is nearly always
   */
  boolean inCall() {
    return !measureIntended || inflightSince.get() >= 0;
  }

  /**
   * Claims the operation this (abandoned) worker is stuck in, so that it is recorded once.
   *
   * @return when it was due, or -1 when there is none or the worker recorded it itself
   */
  long claimInflight() {
    long since = inflightSince.get();
    return since >= 0 && unfinishedTaken.compareAndSet(false, true) ? since : -1;
  }

  /**
   * Ends one workload operation: counts it if any of its calls completed inside the window.
   *
   * @param failedWithoutCall whether the workload itself failed before any call
   */
  void endOperation(boolean failedWithoutCall) {
    calls.end(recorder, failedWithoutCall);
    if (measureIntended) {
      inflightSince.lazySet(-1);
    }
  }

  long lastRecordedEndNanos() {
    return calls.lastRecordedEndNanos();
  }

  /** @return when the current operation was due: its intended start, else its first call's start; -1 if unknown */
  long operationDueNanos() {
    return calls.dueNanos();
  }

  long discardedAfterDeadline() {
    return calls.discardedAfterDeadline();
  }

  @Override
  public void setProperties(Properties p) {
    db.setProperties(p);
  }

  @Override
  public Properties getProperties() {
    return db.getProperties();
  }

  @Override
  public void init() throws DBException {
    db.init();
  }

  @Override
  public void init(site.ycsb.BindingContext context) throws DBException {
    db.init(context);
  }

  @Override
  public void cleanup() throws DBException {
    db.cleanup();
  }

  @Override
  public void recordCompound(Operation op, long startNanos, Status status) {
    record(op, status, startNanos, System.nanoTime(), 0, 0);
  }

  private void record(Operation op, Status status, long startNanos, long endNanos, int retries, long bytes) {
    lastCallEndNanos = endNanos;
    calls.record(op, status, startNanos, endNanos, retries, bytes > 0 && status.isOk() ? bytes : 0, recorder);
  }

  /**
   * The end of the last call, and forgets it: lets the worker check the deadline without another
   * clock read.
   *
   * @return the end of the last call since the previous request, or 0 when there was none
   */
  long takeLastCallEnd() {
    long t = lastCallEndNanos;
    lastCallEndNanos = 0;
    return t;
  }


  private boolean retryAfter(Status status, Operation op, int retriesDone) {
    if (!retryPolicy.retries(op, status, retriesDone, window)) {
      return false;
    }
    long delay = retryPolicy.delayMillis();
    if (delay > 0) {
      try {
        Thread.sleep(delay);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
    }
    return true;
  }

  private Status failed(Operation op, Throwable t) {
    errors.report(op.label(), t);
    return Status.ERROR;
  }

  private static Status orError(Status s) {
    return s == null ? Status.ERROR : s;
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    long start = System.nanoTime();
    callStarted(start);
    int tries = 0;
    Status s;
    while (true) {
      try {
        s = orError(db.read(table, key, fields, result));
      } catch (RuntimeException | LinkageError e) {
        s = failed(Operation.READ, e);
      }
      if (!retryAfter(s, Operation.READ, tries)) {
        break;
      }
      tries++;
      result.clear();
    }
    long end = System.nanoTime();
    record(Operation.READ, s, start, end, tries, s.isOk() ? valueBytes.of(result) : 0);
    return s;
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    long start = System.nanoTime();
    callStarted(start);
    int tries = 0;
    Status s;
    while (true) {
      try {
        s = orError(db.scan(table, startkey, recordcount, fields, result));
      } catch (RuntimeException | LinkageError e) {
        s = failed(Operation.SCAN, e);
      }
      if (!retryAfter(s, Operation.SCAN, tries)) {
        break;
      }
      tries++;
      result.clear();
    }
    long end = System.nanoTime();
    record(Operation.SCAN, s, start, end, tries, s.isOk() ? valueBytes.ofAll(result) : 0);
    return s;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    // counted before the binding consumes the values
    long bytes = valueBytes.of(values);
    long start = System.nanoTime();
    callStarted(start);
    int tries = 0;
    Status s;
    while (true) {
      try {
        s = orError(db.update(table, key, values));
      } catch (RuntimeException | LinkageError e) {
        s = failed(Operation.UPDATE, e);
      }
      if (!retryAfter(s, Operation.UPDATE, tries)) {
        break;
      }
      tries++;
      RetryPolicy.rewind(values);
    }
    record(Operation.UPDATE, s, start, System.nanoTime(), tries, bytes);
    return s;
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    long bytes = valueBytes.of(values);
    long start = System.nanoTime();
    callStarted(start);
    int tries = 0;
    Status s;
    while (true) {
      try {
        s = orError(db.insert(table, key, values));
      } catch (RuntimeException | LinkageError e) {
        s = failed(Operation.INSERT, e);
      }
      if (!retryAfter(s, Operation.INSERT, tries)) {
        break;
      }
      tries++;
      RetryPolicy.rewind(values);
    }
    record(Operation.INSERT, s, start, System.nanoTime(), tries, bytes);
    return s;
  }

  @Override
  public Status delete(String table, String key) {
    long start = System.nanoTime();
    callStarted(start);
    int tries = 0;
    Status s;
    while (true) {
      try {
        s = orError(db.delete(table, key));
      } catch (RuntimeException | LinkageError e) {
        s = failed(Operation.DELETE, e);
      }
      if (!retryAfter(s, Operation.DELETE, tries)) {
        break;
      }
      tries++;
    }
    record(Operation.DELETE, s, start, System.nanoTime(), tries, 0);
    return s;
  }
}
