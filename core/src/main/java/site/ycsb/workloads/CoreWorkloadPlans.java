package site.ycsb.workloads;

import site.ycsb.Status;
import site.ycsb.durability.DurabilityTracker;
import site.ycsb.measurements.Operation;

/**
 * {@link CoreWorkload}'s operations, written once: what each operation's calls are, drawn from
 * the workload's generators, and what each call's outcome means (the write of a read-modify-write,
 * a load insert retried or given up, the check of values read, a write acknowledged for
 * {@code durability}). Both workers make them, one call at a time; so does the workload's own
 * {@code doTransaction} ({@link OperationPlanner#makeNow}).
 */
final class CoreWorkloadPlans {
  private CoreWorkloadPlans() {
  }

  /** What the workload keeps of one operation between its calls; reused from operation to operation. */
  static final class State {
    /** The operation of the mix, null for a load insert. */
    CoreWorkload.Mix kind;
    /** The key number of the call's key ({@code durability}): what a write stamps and a read is judged by. */
    long keynum;
    /** The write's stamp; in use when {@link #writing} is set. */
    final DurabilityTracker.Write write = new DurabilityTracker.Write();
    boolean writing;
    /** What the read must see, 0 when it is not judged. */
    long expectation;
    /** The run-phase insert's number in the insert sequence, acknowledged when the insert ends. */
    long insertKeynum;
    int insertTries;
    long startNanos;
    Status readStatus;
    /** The write of a read-modify-write, drawn and stamped before its read, as the blocking path always did. */
    java.util.Map<String, site.ycsb.ByteIterator> pendingUpdate;
  }

  private static State state(PlannedOperation op) {
    Object s = op.workloadState();
    if (s instanceof State) {
      return (State) s;
    }
    State fresh = new State();
    op.workloadState(fresh);
    return fresh;
  }

  /** Plans the next operation: a load insert, or the next of the mix. */
  static void plan(CoreWorkload w, PlannedOperation op, boolean load) {
    if (load) {
      planLoadInsert(w, op);
      return;
    }
    String name = w.operationchooser.nextValue();
    if (name == null) {
      throw new IllegalStateException("the operation mix (operationchooser) gave no operation");
    }
    plan(w, op, OperationMix.kindOf(name));
  }

  static void planLoadInsert(CoreWorkload w, PlannedOperation op) {
    State s = state(op);
    s.kind = null;
    s.insertTries = 0;
    s.keynum = w.nextLoadKeynum();
    String key = w.buildKeyName(s.keynum);
    op.insert(w.table, key, w.buildValues(key, stamp(w, s, false)));
  }

  /** Plans one operation of the mix. */
  static void plan(CoreWorkload w, PlannedOperation op, CoreWorkload.Mix kind) {
    State s = state(op);
    if (s.kind != kind) {
      // a long-lived object: a reference stored only when it changes (see PlannedOperation.clear)
      s.kind = kind;
    }
    s.writing = false;
    s.expectation = 0;
    String key;
    switch (kind) {
      case READ:
        s.keynum = w.nextKeynum();
        key = w.buildKeyName(s.keynum);
        op.read(w.table, key, w.fieldsToRead());
        s.expectation = w.readExpectation(s.keynum, op.fields());
        break;
      case UPDATE:
        s.keynum = w.nextKeynum();
        key = w.buildKeyName(s.keynum);
        op.update(w.table, key, w.buildUpdate(key, stamp(w, s, false)));
        break;
      case INSERT:
        s.insertKeynum = w.transactioninsertkeysequence.nextLong();
        s.keynum = w.sections().map(s.insertKeynum);
        key = w.buildKeyName(s.keynum);
        op.insert(w.table, key, w.buildValues(key, stamp(w, s, false)));
        break;
      case SCAN:
        key = w.buildKeyName(w.nextKeynum());
        op.scan(w.table, key, (int) w.scanlength.nextLong(), w.fieldsToScan());
        break;
      case READ_MODIFY_WRITE:
        s.startNanos = op.nowNanos();
        s.keynum = w.nextKeynum();
        key = w.buildKeyName(s.keynum);
        op.read(w.table, key, w.fieldsToRead());
        op.followedUp();
        s.expectation = w.readExpectation(s.keynum, op.fields());
        s.pendingUpdate = w.buildUpdate(key, stamp(w, s, false));
        break;
      default:
        s.keynum = w.nextKeynum();
        s.writing = w.beginWrite(s.write, s.keynum, true) != null;
        op.delete(w.table, w.buildKeyName(s.keynum));
        break;
    }
  }

  /** @return the stamp of the operation's write ({@code durability}), or null without durability */
  private static byte[] stamp(CoreWorkload w, State s, boolean delete) {
    s.writing = w.beginWrite(s.write, s.keynum, delete) != null;
    return s.writing ? s.write.stamp() : null;
  }

  /** The operation's write has its outcome: remembered if acknowledged ({@code durability}). */
  private static void endWrite(CoreWorkload w, State s, Status status, boolean delete) {
    if (s.writing) {
      s.writing = false;
      w.durability().end(s.keynum, s.write, status, delete);
    }
  }

  static PlannedOperation.Next afterCall(CoreWorkload w, PlannedOperation op, Status status) {
    State s = state(op);
    if (s.kind == null) {
      // a load insert: retried after a pause, up to insertionretrylimit times; its retries are one
      // write, acknowledged or not once
      if (status.isOk()) {
        endWrite(w, s, status, false);
        return PlannedOperation.Next.DONE;
      }
      if (++s.insertTries > w.insertionRetryLimit || w.isStopRequested()) {
        endWrite(w, s, status, false);
        return PlannedOperation.Next.STOP;
      }
      return op.retryLater(w.insertRetryDelayNanos());
    }
    switch (s.kind) {
      case INSERT:
        endWrite(w, s, status, false);
        w.transactioninsertkeysequence.acknowledge(s.insertKeynum);
        return PlannedOperation.Next.DONE;
      case READ:
        judgeRead(w, op, s, status);
        return PlannedOperation.Next.DONE;
      case READ_MODIFY_WRITE:
        if (op.call() == Operation.READ) {
          s.readStatus = status;
          judgeRead(w, op, s, status);
          op.update(w.table, op.key(), s.pendingUpdate);
          s.pendingUpdate = null;
          return PlannedOperation.Next.CALL;
        }
        endWrite(w, s, status, false);
        op.compound(Operation.READ_MODIFY_WRITE, s.startNanos, !s.readStatus.isOk() ? s.readStatus : status);
        return PlannedOperation.Next.DONE;
      case DELETE:
        endWrite(w, s, status, true);
        return PlannedOperation.Next.DONE;
      default:
        endWrite(w, s, status, false);
        return PlannedOperation.Next.DONE;
    }
  }

  /** A read's outcome: judged for {@code durability}, its values checked for {@code dataintegrity}. */
  private static void judgeRead(CoreWorkload w, PlannedOperation op, State s, Status status) {
    long stale = w.staleness(s.keynum, s.expectation, status, op.readResult());
    if (stale >= 0) {
      op.stale(stale);
    }
    if (w.dataIntegrity() && status.isOk()) {
      long start = op.nowNanos();
      Status verdict = Values.verdict(op.key(), op.readResult(), w.stampBytes());
      op.verified(start, op.nowNanos(), verdict);
    }
  }
}
