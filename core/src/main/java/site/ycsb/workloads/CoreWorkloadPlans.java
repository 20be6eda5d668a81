package site.ycsb.workloads;

import site.ycsb.Status;
import site.ycsb.measurements.Operation;

/**
 * {@link CoreWorkload}'s operations prepared for the asynchronous path: the same keys, fields and
 * values its blocking methods use, drawn from the same generators, made one call at a time by
 * the worker.
 */
final class CoreWorkloadPlans {
  private CoreWorkloadPlans() {
  }

  static void plan(CoreWorkload w, PlannedOperation op, boolean load) {
    op.clear();
    op.table = w.table;
    if (load) {
      op.kind = null;
      op.keynum = w.nextLoadKeynum();
      op.key = w.buildKeyName(op.keynum);
      op.values = w.buildValues(op.key, stamp(w, op));
      op.call = Operation.INSERT;
      return;
    }
    CoreWorkload.Mix kind = OperationMix.kindOf(w.operationchooser.nextValue());
    op.kind = kind;
    switch (kind) {
      case READ:
        op.keynum = w.nextKeynum();
        op.key = w.buildKeyName(op.keynum);
        op.fields = w.fieldsToRead();
        op.expectation = w.readExpectation(op.keynum, op.fields);
        op.call = Operation.READ;
        break;
      case UPDATE:
        op.keynum = w.nextKeynum();
        op.key = w.buildKeyName(op.keynum);
        op.values = w.buildUpdate(op.key, stamp(w, op));
        op.call = Operation.UPDATE;
        break;
      case INSERT:
        op.insertKeynum = w.transactioninsertkeysequence.nextLong();
        op.keynum = w.sections().map(op.insertKeynum);
        op.key = w.buildKeyName(op.keynum);
        op.values = w.buildValues(op.key, stamp(w, op));
        op.call = Operation.INSERT;
        break;
      case SCAN:
        op.key = w.buildKeyName(w.nextKeynum());
        op.scanLength = (int) w.scanlength.nextLong();
        op.fields = w.fieldsToScan();
        op.call = Operation.SCAN;
        break;
      case READ_MODIFY_WRITE:
        op.compoundStartNanos = System.nanoTime();
        op.keynum = w.nextKeynum();
        op.key = w.buildKeyName(op.keynum);
        op.fields = w.fieldsToRead();
        op.expectation = w.readExpectation(op.keynum, op.fields);
        op.values = w.buildUpdate(op.key, stamp(w, op));
        op.call = Operation.READ;
        break;
      default:
        op.keynum = w.nextKeynum();
        op.key = w.buildKeyName(op.keynum);
        op.writing = w.beginWrite(op.write, op.keynum, true) != null;
        op.call = Operation.DELETE;
        break;
    }
  }

  /** @return the stamp of the operation's write ({@code durability}), or null without durability */
  private static byte[] stamp(CoreWorkload w, PlannedOperation op) {
    op.writing = w.beginWrite(op.write, op.keynum, false) != null;
    return op.writing ? op.write.stamp() : null;
  }

  /** The operation's write has its outcome: remembered if acknowledged ({@code durability}). */
  private static void endWrite(CoreWorkload w, PlannedOperation op, Status status) {
    if (op.writing) {
      op.writing = false;
      w.durability().end(op.keynum, op.write, status, op.call == Operation.DELETE);
    }
  }

  static PlannedOperation.Next afterCall(CoreWorkload w, PlannedOperation op, Status status) {
    if (op.kind == null) {
      // a load insert: retried as doInsert retries it, the wait scheduled rather than slept
      if (status.isOk()) {
        endWrite(w, op, status);
        return PlannedOperation.Next.DONE;
      }
      if (++op.insertTries > w.insertionRetryLimit || w.isStopRequested()) {
        endWrite(w, op, status);
        return PlannedOperation.Next.STOP;
      }
      op.retryDelayNanos = w.insertRetryDelayNanos();
      return PlannedOperation.Next.RETRY_LATER;
    }
    switch (op.kind) {
      case INSERT:
        endWrite(w, op, status);
        w.transactioninsertkeysequence.acknowledge(op.insertKeynum);
        return PlannedOperation.Next.DONE;
      case READ:
        op.stalenessNanos = w.staleness(op.keynum, op.expectation, status, op.readResult);
        if (w.dataIntegrity() && status.isOk()) {
          verify(w, op);
        }
        return PlannedOperation.Next.DONE;
      case READ_MODIFY_WRITE:
        if (op.call == Operation.READ) {
          op.firstStatus = status;
          op.stalenessNanos = w.staleness(op.keynum, op.expectation, status, op.readResult);
          op.call = Operation.UPDATE;
          return PlannedOperation.Next.CALL;
        }
        endWrite(w, op, status);
        op.compound = Operation.READ_MODIFY_WRITE;
        op.compoundStatus = !op.firstStatus.isOk() ? op.firstStatus : status;
        if (w.dataIntegrity() && op.firstStatus.isOk()) {
          verify(w, op);
        }
        return PlannedOperation.Next.DONE;
      default:
        endWrite(w, op, status);
        return PlannedOperation.Next.DONE;
    }
  }

  private static void verify(CoreWorkload w, PlannedOperation op) {
    op.verifyStartNanos = System.nanoTime();
    op.verdict = Values.verdict(op.key, op.readResult, w.stampBytes());
    op.verifyEndNanos = System.nanoTime();
  }
}
