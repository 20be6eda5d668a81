package site.ycsb.db.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.testsupport.Results;
import site.ycsb.testsupport.YcsbRun;

/**
 * The closed economy on the embedded store, no server: 8 workers on 10 accounts. With RocksDB's
 * optimistic transactions no transfer is lost and every write conflict is an abort counted by its
 * cause; with the reads and writes one by one (closedeconomy.transactions=false) the same
 * contention loses updates, and the check counts them.
 */
class RocksClosedEconomyTest {
  @TempDir
  Path store;

  private YcsbRun phase(String command, String... more) {
    String[] head = {command, "rocksdb", "-P", YcsbRun.workload("workload_closed_economy").toString(),
        "-p", "rocksdb.dir=" + store, "-p", "recordcount=10", "-p", "closedeconomy.initialbalance=1000",
        "-p", "operationcount=20000", "-p", "transaction.retries=1000"};
    String[] args = new String[head.length + more.length];
    System.arraycopy(head, 0, args, 0, head.length);
    System.arraycopy(more, 0, args, head.length, more.length);
    YcsbRun r = YcsbRun.execute(args);
    assertEquals(0, r.exitCode(), r.describe());
    return r;
  }

  @Test
  void transactionsLoseNothingAndOneByOneLosesUpdates() {
    phase("load");
    Results tx = phase("run", "-threads", "8").results();
    assertTrue(tx.getLong("TRANSFER", "Operations") > 15_000, tx.toString());
    assertEquals(0, tx.getLong("TRANSACTIONS", "Anomalies"), tx.toString());
    assertEquals(0, tx.getLong("TRANSACTIONS", "InvariantDeviation"));
    assertEquals(0, tx.getLong("TRANSACTIONS", "InconsistentAudits"));
    // an audit reads one snapshot and claims no record: consistent, and never aborted
    assertTrue(tx.getLong("AUDIT", "Operations") > 0, tx.toString());
    assertEquals(0, tx.getLong("AUDIT", "Retries", 0) + tx.getLong("AUDIT-FAILED", "Operations", 0), tx.toString());
    long aborts = tx.getLong("TRANSACTIONS", "Aborts");
    assertEquals(aborts, tx.getLong("TRANSACTIONS", "Aborts(write conflict)", 0), "every abort a write conflict");
    assertEquals(aborts, tx.getLong("TRANSFER", "Retries", 0) + tx.getLong("AUDIT", "Retries", 0)
        + tx.getLong("TRANSFER-FAILED", "Retries", 0) + tx.getLong("AUDIT-FAILED", "Retries", 0)
        + tx.getLong("TRANSFER", "Return=ABORTED", 0) + tx.getLong("AUDIT", "Return=ABORTED", 0),
        "each abort retried or given up");
    System.out.println("closed economy on RocksDB: " + aborts + " aborts, " + tx.getLong("TRANSFER", "Operations")
        + " transfers");

    phase("load");
    Results plain = phase("run", "-threads", "8", "-p", "closedeconomy.transactions=false").results();
    assertTrue(plain.getLong("TRANSACTIONS", "Anomalies") > 0, "read, then write, with no transaction: " + plain);
    assertEquals(0, plain.getLong("TRANSACTIONS", "Aborts"));
  }
}
