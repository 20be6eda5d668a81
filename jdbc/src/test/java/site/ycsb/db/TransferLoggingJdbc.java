package site.ycsb.db;

import site.ycsb.Status;
import site.ycsb.TransactionWork;
import site.ycsb.testsupport.AcknowledgedTransfers;

/** The JDBC binding, its committed transactions noted in the test's own account ({@link AcknowledgedTransfers}). */
public class TransferLoggingJdbc extends JdbcDBClient {
  @Override
  public Status transaction(String table, TransactionWork work) {
    return AcknowledgedTransfers.make(work, w -> super.transaction(table, w));
  }
}
