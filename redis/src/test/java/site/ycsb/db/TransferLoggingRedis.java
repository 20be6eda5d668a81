package site.ycsb.db;

import site.ycsb.Status;
import site.ycsb.TransactionWork;
import site.ycsb.testsupport.AcknowledgedTransfers;

/** The Redis binding, its committed transactions noted in the test's own account ({@link AcknowledgedTransfers}). */
public class TransferLoggingRedis extends RedisClient {
  @Override
  public Status transaction(String table, TransactionWork work) {
    return AcknowledgedTransfers.make(work, w -> super.transaction(table, w));
  }
}
