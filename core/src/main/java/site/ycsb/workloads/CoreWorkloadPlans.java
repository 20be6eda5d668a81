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
      op.key = w.buildKeyName(w.nextLoadKeynum());
      op.values = w.buildValues(op.key);
      op.call = Operation.INSERT;
      return;
    }
    CoreWorkload.Mix kind = OperationMix.kindOf(w.operationchooser.nextValue());
    op.kind = kind;
    switch (kind) {
      case READ:
        op.key = w.buildKeyName(w.nextKeynum());
        op.fields = w.fieldsToRead();
        op.call = Operation.READ;
        break;
      case UPDATE:
        op.key = w.buildKeyName(w.nextKeynum());
        op.values = w.buildUpdate(op.key);
        op.call = Operation.UPDATE;
        break;
      case INSERT:
        op.insertKeynum = w.transactioninsertkeysequence.nextLong();
        op.key = w.insertKey(op.insertKeynum);
        op.values = w.buildValues(op.key);
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
        op.key = w.buildKeyName(w.nextKeynum());
        op.fields = w.fieldsToRead();
        op.values = w.buildUpdate(op.key);
        op.call = Operation.READ;
        break;
      default:
        op.key = w.buildKeyName(w.nextKeynum());
        op.call = Operation.DELETE;
        break;
    }
  }

  static PlannedOperation.Next afterCall(CoreWorkload w, PlannedOperation op, Status status) {
    if (op.kind == null) {
      // a load insert: retried as doInsert retries it, the wait scheduled rather than slept
      if (status.isOk()) {
        return PlannedOperation.Next.DONE;
      }
      if (++op.insertTries > w.insertionRetryLimit || w.isStopRequested()) {
        return PlannedOperation.Next.STOP;
      }
      op.retryDelayNanos = w.insertRetryDelayNanos();
      return PlannedOperation.Next.RETRY_LATER;
    }
    switch (op.kind) {
      case INSERT:
        w.transactioninsertkeysequence.acknowledge(op.insertKeynum);
        return PlannedOperation.Next.DONE;
      case READ:
        if (w.dataIntegrity() && status.isOk()) {
          verify(op);
        }
        return PlannedOperation.Next.DONE;
      case READ_MODIFY_WRITE:
        if (op.call == Operation.READ) {
          op.firstStatus = status;
          op.call = Operation.UPDATE;
          return PlannedOperation.Next.CALL;
        }
        op.compound = Operation.READ_MODIFY_WRITE;
        op.compoundStatus = !op.firstStatus.isOk() ? op.firstStatus : status;
        if (w.dataIntegrity() && op.firstStatus.isOk()) {
          verify(op);
        }
        return PlannedOperation.Next.DONE;
      default:
        return PlannedOperation.Next.DONE;
    }
  }

  private static void verify(PlannedOperation op) {
    op.verifyStartNanos = System.nanoTime();
    op.verdict = Values.verdict(op.key, op.readResult);
    op.verifyEndNanos = System.nanoTime();
  }
}
