package site.ycsb.workloads;

import java.util.concurrent.CompletionStage;
import site.ycsb.AsyncDB;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.TransactionalDB;

/** The one place that turns a {@link PlannedOperation}'s current call into the binding's method. */
final class BindingCalls {
  private BindingCalls() {
  }

  static Status callOn(PlannedOperation op, DB db) {
    switch (op.call()) {
      case READ:
        return db.read(op.table(), op.key(), op.fields(), op.readResult());
      case SCAN:
        return db.scan(op.table(), op.key(), op.scanLength(), op.fields(), op.scanResult());
      case UPDATE:
        return db.update(op.table(), op.key(), op.values());
      case INSERT:
        return db.insert(op.table(), op.key(), op.values());
      case TRANSFER:
      case AUDIT:
        return op.work().asTransaction() ? ((TransactionalDB) db).transaction(op.table(), op.work())
            : OneByOneCalls.make(db, op.table(), op.work());
      default:
        return db.delete(op.table(), op.key());
    }
  }

  static CompletionStage<Status> sendTo(PlannedOperation op, AsyncDB async) {
    switch (op.call()) {
      case READ:
        return async.readAsync(op.table(), op.key(), op.fields(), op.readResult());
      case SCAN:
        return async.scanAsync(op.table(), op.key(), op.scanLength(), op.fields(), op.scanResult());
      case UPDATE:
        return async.updateAsync(op.table(), op.key(), op.values());
      case INSERT:
        return async.insertAsync(op.table(), op.key(), op.values());
      case TRANSFER:
      case AUDIT:
        // refused before the phase starts (the closed economy plans no operations): the blocking path makes them
        throw new UnsupportedOperationException("transactions are made on the blocking path");
      default:
        return async.deleteAsync(op.table(), op.key());
    }
  }
}
