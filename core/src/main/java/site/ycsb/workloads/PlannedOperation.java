package site.ycsb.workloads;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletionStage;
import site.ycsb.AsyncDB;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.TransactionWork;
import site.ycsb.measurements.Operation;

/**
 * One workload operation, prepared by its workload ({@link OperationPlanner}) and made by a
 * worker, one call at a time: the workload names the call to make ({@link #read}, {@link #update},
 * ...), the worker makes it, blocking ({@link #callOn(DB)}) or not ({@link #sendTo(AsyncDB)}),
 * and hands the outcome back to the workload ({@link OperationPlanner#afterCall}), which says what
 * comes next: another call (the write of a read-modify-write), the same call again later (a load
 * insert retried), or the end. What the operation found besides its calls (a read-modify-write as
 * a whole, the check of values read, a stale read) the workload notes here and the worker records
 * when the operation ends.
 *
 * <p>One instance per operation in the making, reused from operation to operation; the worker
 * clears it ({@link #clear()}) before the workload plans the next.
 */
public final class PlannedOperation {
  /** What the worker does after a call. */
  public enum Next {
    /** Make {@link #call()} now: the operation has another call. */
    CALL,
    /** Make the same call again after {@link #retryDelayNanos()}. */
    RETRY_LATER,
    /** The operation is over. */
    DONE,
    /** The operation is over and failed in a way that ends the phase (a load insert given up). */
    STOP
  }

  private Operation call;
  private String table;
  private String key;
  private Set<String> fields;
  private Map<String, ByteIterator> values;
  private int scanLength;
  private TransactionWork work;
  /** Lends a binding the memory of its values from one operation's read to the next ({@link site.ycsb.ReadResult}). */
  private final site.ycsb.ReadResult ownReadResult = new site.ycsb.ReadResult();
  private final Vector<HashMap<String, ByteIterator>> ownScanResult = new Vector<>();
  private Map<String, ByteIterator> readResult = ownReadResult;
  private Vector<HashMap<String, ByteIterator>> scanResult = ownScanResult;
  /** Whether a read or scan of this operation may have filled its own result containers. */
  private boolean resultsFilled;
  private long retryDelayNanos;
  /** What the workload keeps of the operation between its calls, reused from operation to operation. */
  private Object workloadState;

  private Operation compound;
  /** Whether the current call is followed by another of the same operation whatever it returns. */
  private boolean followedUp;
  /** The phase's clock, given by the engine: what the workload times (a compound entry, a check) is timed on it. */
  private site.ycsb.clock.Clock clock = site.ycsb.clock.Clock.SYSTEM;
  private long compoundStartNanos;
  private Status compoundStatus;
  private long verifyStartNanos = -1;
  private long verifyEndNanos;
  private Status verdict;
  private long stalenessNanos = -1;

  /**
   * Makes ready for the next operation; what the workload keeps ({@link #workloadState()}) stays for reuse.
   *
   * <p>This object lives as long as its worker, so on the hot path it is written only where a value
   * changes: with G1, every store of a reference into a long-lived object pays a memory fence in
   * the collector's write barrier, and a few of those per operation cost more than the rest of the
   * engine's work. Storing null costs nothing.
   */
  public void clear() {
    if (resultsFilled) {
      // only a read or a scan fills them; the list's clear takes its lock, so not on every operation
      resultsFilled = false;
      ownReadResult.clear();
      ownScanResult.clear();
    }
    values = null;
    work = null;
    if (readResult != ownReadResult) {
      readResult = ownReadResult;
    }
    if (scanResult != ownScanResult) {
      scanResult = ownScanResult;
    }
    compound = null;
    compoundStatus = null;
    followedUp = false;
    verifyStartNanos = -1;
    verdict = null;
    stalenessNanos = -1;
  }

  // --- the call to make, named by the workload ---

  /**
   * Makes the next call a read into this operation's own result ({@link #readResult()}). Its values
   * are the operation's until {@link #clear()}: a binding may keep them in memory it reuses for the
   * next operation's read ({@link site.ycsb.ReadResult}), so a workload that keeps one longer copies it.
   *
   * @param fields the fields to read, null for all
   */
  public void read(String table, String key, Set<String> fields) {
    read(table, key, fields, ownReadResult);
  }

  /**
   * Makes the next call a read into {@code result}: a caller's map, as {@link DB#read} takes.
   *
   * @param fields the fields to read, null for all
   */
  public void read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    set(Operation.READ, table, key);
    if (this.fields != fields) {
      this.fields = fields;
    }
    if (this.readResult != result) {
      this.readResult = result;
    }
    resultsFilled = true;
  }

  /** Makes the next call a scan of {@code length} records from {@code startKey} into {@link #scanResult()}. */
  public void scan(String table, String startKey, int length, Set<String> fields) {
    scan(table, startKey, length, fields, ownScanResult);
  }

  /** Makes the next call a scan into {@code result}: a caller's list, as {@link DB#scan} takes. */
  public void scan(String table, String startKey, int length, Set<String> fields,
                   Vector<HashMap<String, ByteIterator>> result) {
    set(Operation.SCAN, table, startKey);
    if (this.fields != fields) {
      this.fields = fields;
    }
    this.scanLength = length;
    if (this.scanResult != result) {
      this.scanResult = result;
    }
    resultsFilled = true;
  }

  /** Makes the next call an update writing {@code values}. */
  public void update(String table, String key, Map<String, ByteIterator> values) {
    set(Operation.UPDATE, table, key);
    this.values = values;
  }

  /** Makes the next call an insert of {@code values}. */
  public void insert(String table, String key, Map<String, ByteIterator> values) {
    set(Operation.INSERT, table, key);
    this.values = values;
  }

  /** Makes the next call a delete. */
  public void delete(String table, String key) {
    set(Operation.DELETE, table, key);
  }

  /** Makes the next call a transaction: {@code AUDIT} when the work only reads, else {@code TRANSFER}. */
  public void transaction(String table, TransactionWork work) {
    set(work.readOnly() ? Operation.AUDIT : Operation.TRANSFER, table, null);
    this.work = work;
  }

  private void set(Operation op, String table, String key) {
    followedUp = false;
    // see clear(): a store only where the value changes
    if (this.call != op) {
      this.call = op;
    }
    if (this.table != table) {
      this.table = table;
    }
    this.key = key;
  }

  /**
   * Asks for the same call again after a pause ({@link Next#RETRY_LATER}).
   *
   * @param delayNanos how long to wait
   * @return {@link Next#RETRY_LATER}
   */
  public Next retryLater(long delayNanos) {
    this.retryDelayNanos = delayNanos;
    return Next.RETRY_LATER;
  }

  // --- the call made: BindingCalls turns it into the binding's method ---

  /**
   * Makes the current call through the binding's blocking side.
   *
   * @param db the binding
   * @return the binding's status (null when the binding returned none)
   */
  public Status callOn(DB db) {
    return BindingCalls.callOn(this, db);
  }

  /**
   * Sends the current call through the binding's asynchronous side.
   *
   * @param async the binding
   * @return the stage the binding completes (null when the binding returned none)
   */
  public CompletionStage<Status> sendTo(AsyncDB async) {
    return BindingCalls.sendTo(this, async);
  }

  /** @return the transaction's work, for a {@code TRANSFER} or {@code AUDIT} call */
  TransactionWork work() {
    return work;
  }

  /** Empties what a failed call may have read, before the call is made again. */
  public void clearResults() {
    readResult.clear();
    scanResult.clear();
  }

  // --- what the operation found besides its calls, recorded when it ends ---

  /**
   * Notes an entry for the operation as a whole (read-modify-write), recorded when it ends.
   *
   * @param op the entry's operation
   * @param startNanos when the operation started ({@link System#nanoTime()})
   * @param status its outcome
   */
  public void compound(Operation op, long startNanos, Status status) {
    this.compound = op;
    this.compoundStartNanos = startNanos;
    this.compoundStatus = status;
  }

  /**
   * Notes the check of values read ({@code dataintegrity}), recorded as {@code VERIFY}.
   *
   * @param startNanos when the check started
   * @param endNanos when it ended
   * @param verdict its outcome
   */
  public void verified(long startNanos, long endNanos, Status verdict) {
    this.verifyStartNanos = startNanos;
    this.verifyEndNanos = endNanos;
    this.verdict = verdict;
  }

  /**
   * Notes a stale read ({@code durability}), recorded as {@code STALE-READ}.
   *
   * @param nanos how long before the read the write it missed was made
   */
  public void stale(long nanos) {
    this.stalenessNanos = nanos;
  }

  /** @param state what the workload keeps of the operation between its calls */
  public void workloadState(Object state) {
    this.workloadState = state;
  }

  /** @return what the workload keeps of the operation between its calls, null until it sets it */
  public Object workloadState() {
    return workloadState;
  }

  /** @return the call to make: READ, SCAN, UPDATE, INSERT or DELETE */
  public Operation call() {
    return call;
  }

  /** @return the table */
  public String table() {
    return table;
  }

  /** @return the key (the first key of a scan) */
  public String key() {
    return key;
  }

  /** @return the fields to read, null for all */
  public Set<String> fields() {
    return fields;
  }

  /** @return the values to write */
  public Map<String, ByteIterator> values() {
    return values;
  }

  /** @return how many records a scan reads */
  public int scanLength() {
    return scanLength;
  }

  /** @return the map a read fills */
  public Map<String, ByteIterator> readResult() {
    return readResult;
  }

  /** @return the list a scan fills */
  public Vector<HashMap<String, ByteIterator>> scanResult() {
    return scanResult;
  }

  /** @return how long to wait before the call is made again ({@link Next#RETRY_LATER}) */
  public long retryDelayNanos() {
    return retryDelayNanos;
  }

  /**
   * Sets the clock the operation is timed on; the engine's, once, when it makes the operation's slot.
   *
   * @param phaseClock the phase's clock
   */
  public void clock(site.ycsb.clock.Clock phaseClock) {
    this.clock = phaseClock;
  }

  /** @return the time now on the phase's clock, nanoseconds ({@link System#nanoTime()} in production) */
  public long nowNanos() {
    return clock.nanoTime();
  }

  /**
   * Tells the engine that the current call is followed by another call of this operation (the
   * read of a read-modify-write): its answer must reach the workload at once, not with the next
   * batch of completions, or the wait would count in the operation's latency.
   */
  public void followedUp() {
    followedUp = true;
  }

  /** @return whether the current call is followed by another of this operation; cleared by the next call named */
  public boolean isFollowedUp() {
    return followedUp;
  }

  /** @return a compound entry to record when the operation ends (read-modify-write), or null */
  public Operation compound() {
    return compound;
  }

  /** @return when the compound entry started */
  public long compoundStartNanos() {
    return compoundStartNanos;
  }

  /** @return the compound entry's outcome */
  public Status compoundStatus() {
    return compoundStatus;
  }

  /** @return the outcome of the check of read values, or null when none was made */
  public Status verdict() {
    return verdict;
  }

  /** @return when the check of read values started */
  public long verifyStartNanos() {
    return verifyStartNanos;
  }

  /** @return when the check of read values ended */
  public long verifyEndNanos() {
    return verifyEndNanos;
  }

  /**
   * @return how long before the read the write it missed was made, when the read was stale
   *     ({@code durability}); -1 when it was not
   */
  public long stalenessNanos() {
    return stalenessNanos;
  }
}
