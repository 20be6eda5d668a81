package site.ycsb.workloads;

import java.util.Map;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.durability.DurabilityTracker;
import site.ycsb.measurements.Operation;

/**
 * One kind of {@link CoreWorkload}'s operations, written once: its calls, drawn from the
 * workload's generators (upstream's, which a subclass may replace, so they are asked on every
 * operation), and what each call's outcome means (the write of a read-modify-write, a load insert
 * retried or given up, the check of values read, a write acknowledged for {@code durability}).
 * Both workers make them, one call at a time; so do the workload's own {@code doInsert} and
 * {@code doTransaction} ({@link OperationPlanner#makeNow}).
 */
abstract class CoreOperation {
  /** What the workload keeps of one operation between its calls; reused from operation to operation. */
  static final class State {
    /**
     * The kind of the operation under way, by its place in {@link CoreWorkload}'s list: a number,
     * not the object, because this state lives as long as its worker and G1's write barrier makes
     * every store of a changed reference into it pay a memory fence (the mix changes the kind on
     * about every other operation).
     */
    int kind;
    /** The key number of the call's key ({@code durability}): what a write stamps and a read is judged by. */
    long keynum;
    /** The write's stamp; in use when {@link #writing} is set. */
    final DurabilityTracker.Write write = new DurabilityTracker.Write();
    boolean writing;
    /** What the read must see, 0 when it is not judged. */
    long expectation;
    /** The run-phase insert's number in the insert sequence, acknowledged when the insert ends. */
    long insertNumber;
    int insertTries;
    long startNanos;
    Status readStatus;
    /** The write of a read-modify-write, drawn and stamped before its read, as the blocking path always did. */
    Map<String, ByteIterator> pendingUpdate;
  }

  final RecordDraws draws;
  /** This kind's place in the workload's list of kinds ({@link #kinds}). */
  private int place;
  final WriteStamps stamps;

  CoreOperation(RecordDraws draws, WriteStamps stamps) {
    this.draws = draws;
    this.stamps = stamps;
  }

  /** Plans the operation's first call. */
  final void plan(PlannedOperation op) {
    State s = stateOf(op);
    s.kind = place;
    s.writing = false;
    s.expectation = 0;
    plan(op, s);
  }

  abstract void plan(PlannedOperation op, State s);

  /** @return what follows the call that ended with {@code status} */
  abstract PlannedOperation.Next afterCall(PlannedOperation op, State s, Status status);

  /** @return the operation's state, made the first time the reused operation is planned */
  static State stateOf(PlannedOperation op) {
    Object s = op.workloadState();
    if (s instanceof State) {
      return (State) s;
    }
    State fresh = new State();
    op.workloadState(fresh);
    return fresh;
  }

  /** @return the key of the state's key number, drawn from the request distribution */
  final String drawKey(State s) {
    s.keynum = draws.existingKeynum();
    return draws.key(s.keynum);
  }

  /** A read's outcome: judged for {@code durability}, its values checked for {@code dataintegrity}. */
  final void judgeRead(PlannedOperation op, State s, Status status) {
    long stale = stamps.staleness(s.keynum, s.expectation, status, op.readResult());
    if (stale >= 0) {
      op.stale(stale);
    }
    if (draws.dataIntegrity() && status.isOk()) {
      long start = op.nowNanos();
      Status verdict = Values.verdict(op.key(), op.readResult(), stamps.stampBytes());
      op.verified(start, op.nowNanos(), verdict);
    }
  }

  /**
   * @return the workload's kinds of operation: the mix's, by {@link CoreWorkload.Mix} ordinal, then
   *     the load insert; each knows its place ({@link State#kind})
   */
  static CoreOperation[] kinds(RecordDraws w, WriteStamps stamps) {
    CoreOperation[] out = new CoreOperation[CoreWorkload.Mix.values().length + 1];
    out[CoreWorkload.Mix.READ.ordinal()] = new Read(w, stamps);
    out[CoreWorkload.Mix.UPDATE.ordinal()] = new Update(w, stamps);
    out[CoreWorkload.Mix.INSERT.ordinal()] = new Insert(w, stamps);
    out[CoreWorkload.Mix.SCAN.ordinal()] = new Scan(w, stamps);
    out[CoreWorkload.Mix.READ_MODIFY_WRITE.ordinal()] = new ReadModifyWrite(w, stamps);
    out[CoreWorkload.Mix.DELETE.ordinal()] = new Delete(w, stamps);
    out[out.length - 1] = new LoadInsert(w, stamps);
    for (int i = 0; i < out.length; i++) {
      out[i].place = i;
    }
    return out;
  }

  /** A load insert: retried after a pause up to {@code insertionretrylimit} times, its retries one write. */
  static final class LoadInsert extends CoreOperation {
    LoadInsert(RecordDraws w, WriteStamps stamps) {
      super(w, stamps);
    }

    @Override
    void plan(PlannedOperation op, State s) {
      s.insertTries = 0;
      s.keynum = draws.loadKeynum();
      draws.followRecord(s.keynum);
      String key = draws.key(s.keynum);
      op.insert(draws.table(), key, draws.values(key, stamps.begin(s, false)));
    }

    @Override
    PlannedOperation.Next afterCall(PlannedOperation op, State s, Status status) {
      if (status.isOk()) {
        stamps.end(s, status, false);
        return PlannedOperation.Next.DONE;
      }
      if (++s.insertTries > draws.insertRetries() || draws.stopRequested()) {
        stamps.end(s, status, false);
        return PlannedOperation.Next.STOP;
      }
      return op.retryLater(draws.insertRetryDelayNanos());
    }
  }

  /** A read of one record, judged and checked. */
  static final class Read extends CoreOperation {
    Read(RecordDraws w, WriteStamps stamps) {
      super(w, stamps);
    }

    @Override
    void plan(PlannedOperation op, State s) {
      op.read(draws.table(), drawKey(s), draws.fieldsToRead());
      s.expectation = stamps.expectation(s.keynum, op.fields());
    }

    @Override
    PlannedOperation.Next afterCall(PlannedOperation op, State s, Status status) {
      judgeRead(op, s, status);
      return PlannedOperation.Next.DONE;
    }
  }

  /** An update of one record. */
  static final class Update extends CoreOperation {
    Update(RecordDraws w, WriteStamps stamps) {
      super(w, stamps);
    }

    @Override
    void plan(PlannedOperation op, State s) {
      String key = drawKey(s);
      op.update(draws.table(), key, draws.update(key, stamps.begin(s, false)));
    }

    @Override
    PlannedOperation.Next afterCall(PlannedOperation op, State s, Status status) {
      stamps.end(s, status, false);
      return PlannedOperation.Next.DONE;
    }
  }

  /** A run-phase insert: the next key of the insert sequence, acknowledged when it ends. */
  static final class Insert extends CoreOperation {
    Insert(RecordDraws w, WriteStamps stamps) {
      super(w, stamps);
    }

    @Override
    void plan(PlannedOperation op, State s) {
      s.insertNumber = draws.insertNumber();
      s.keynum = draws.insertKeynum(s.insertNumber);
      draws.followRecord(s.keynum);
      String key = draws.key(s.keynum);
      op.insert(draws.table(), key, draws.values(key, stamps.begin(s, false)));
    }

    @Override
    PlannedOperation.Next afterCall(PlannedOperation op, State s, Status status) {
      stamps.end(s, status, false);
      draws.insertEnded(s.insertNumber);
      return PlannedOperation.Next.DONE;
    }
  }

  /** A scan from a record chosen by the request distribution. */
  static final class Scan extends CoreOperation {
    Scan(RecordDraws w, WriteStamps stamps) {
      super(w, stamps);
    }

    @Override
    void plan(PlannedOperation op, State s) {
      op.scan(draws.table(), drawKey(s), draws.scanLength(), draws.fieldsToScan());
    }

    @Override
    PlannedOperation.Next afterCall(PlannedOperation op, State s, Status status) {
      return PlannedOperation.Next.DONE;
    }
  }

  /**
   * A read and then an update of the same record, recorded as one {@code READ-MODIFY-WRITE}
   * besides its two calls; the write is drawn and stamped before the read.
   */
  static final class ReadModifyWrite extends CoreOperation {
    ReadModifyWrite(RecordDraws w, WriteStamps stamps) {
      super(w, stamps);
    }

    @Override
    void plan(PlannedOperation op, State s) {
      s.startNanos = op.nowNanos();
      String key = drawKey(s);
      op.read(draws.table(), key, draws.fieldsToRead());
      op.followedUp();
      s.expectation = stamps.expectation(s.keynum, op.fields());
      s.pendingUpdate = draws.update(key, stamps.begin(s, false));
    }

    @Override
    PlannedOperation.Next afterCall(PlannedOperation op, State s, Status status) {
      if (op.call() == Operation.READ) {
        s.readStatus = status;
        judgeRead(op, s, status);
        op.update(draws.table(), op.key(), s.pendingUpdate);
        s.pendingUpdate = null;
        return PlannedOperation.Next.CALL;
      }
      stamps.end(s, status, false);
      op.compound(Operation.READ_MODIFY_WRITE, s.startNanos, !s.readStatus.isOk() ? s.readStatus : status);
      return PlannedOperation.Next.DONE;
    }
  }

  /** A delete of one record; its key is judged no more. */
  static final class Delete extends CoreOperation {
    Delete(RecordDraws w, WriteStamps stamps) {
      super(w, stamps);
    }

    @Override
    void plan(PlannedOperation op, State s) {
      String key = drawKey(s);
      stamps.begin(s, true);
      op.delete(draws.table(), key);
    }

    @Override
    PlannedOperation.Next afterCall(PlannedOperation op, State s, Status status) {
      stamps.end(s, status, true);
      return PlannedOperation.Next.DONE;
    }
  }
}
