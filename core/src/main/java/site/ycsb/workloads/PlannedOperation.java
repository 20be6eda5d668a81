package site.ycsb.workloads;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.measurements.Operation;

/**
 * One workload operation prepared for the asynchronous path: the workload fills in the call to
 * make ({@link #call()} with its table, key, fields and values), the worker makes it and hands
 * the outcome back to the workload ({@link OperationPlanner#afterCall}), which says what comes
 * next: another call (the write of a read-modify-write), the same call again later (a load insert
 * retried), or the end. One instance per operation in flight, reused from operation to operation.
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

  Operation call;
  String table;
  String key;
  Set<String> fields;
  Map<String, ByteIterator> values;
  int scanLength;
  final HashMap<String, ByteIterator> readResult = new HashMap<>();
  final Vector<HashMap<String, ByteIterator>> scanResult = new Vector<>();

  // the workload's own state of the operation
  CoreWorkload.Mix kind;
  /** The key number of the call's key ({@code durability}): what a write stamps and a read is judged by. */
  long keynum;
  /** The write's stamp, reused from operation to operation; in use when {@link #writing} is set. */
  final site.ycsb.durability.DurabilityTracker.Write write = new site.ycsb.durability.DurabilityTracker.Write();
  boolean writing;
  /** What the read must see, 0 when it is not judged. */
  long expectation;
  long insertKeynum = -1;
  int insertTries;
  Status firstStatus;
  long retryDelayNanos;

  // figures the worker records when the operation ends
  Operation compound;
  long compoundStartNanos;
  Status compoundStatus;
  long verifyStartNanos = -1;
  long verifyEndNanos;
  Status verdict;
  long stalenessNanos = -1;

  /** Makes ready for the next operation. */
  void clear() {
    call = null;
    fields = null;
    values = null;
    readResult.clear();
    scanResult.clear();
    insertKeynum = -1;
    insertTries = 0;
    firstStatus = null;
    compound = null;
    compoundStatus = null;
    verifyStartNanos = -1;
    verdict = null;
    writing = false;
    expectation = 0;
    stalenessNanos = -1;
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
  public HashMap<String, ByteIterator> readResult() {
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

  /**
   * @return how long before the read the write it missed was made, when the read was stale
   *     ({@code durability}); -1 when it was not
   */
  public long stalenessNanos() {
    return stalenessNanos;
  }

  /** @return when the check of read values ended */
  public long verifyEndNanos() {
    return verifyEndNanos;
  }
}
