package site.ycsb.extension;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.Workload;
import site.ycsb.cli.Run;
import site.ycsb.workloads.OperationPlanner;
import site.ycsb.workloads.PlannedOperation;

/**
 * A workload written outside the engine's packages plans its own operations, and both paths make
 * them: its calls, its next step after each, and what it notes besides the calls are counted the
 * same way whether one thread blocks in each call or keeps many in flight.
 */
class OwnPlannerTest {
  /**
   * Each operation writes a counter's next value under a key of its own and reads it back, one
   * call after the other; the read's check is noted as VERIFY, the pair as READ-MODIFY-WRITE.
   */
  public static final class WriteThenRead extends Workload implements OperationPlanner {
    private final AtomicLong next = new AtomicLong();

    /** What the workload keeps of one operation between its calls. */
    private static final class Pair {
      String value;
      long startNanos;
      Status written;
    }

    @Override
    public void init(Properties p) {
    }

    @Override
    public boolean doInsert(DB db, Object threadState) {
      return doTransaction(db, threadState);
    }

    @Override
    public boolean doTransaction(DB db, Object threadState) {
      PlannedOperation op = new PlannedOperation();
      plan(op, threadState, false);
      return OperationPlanner.makeNow(this, op, db);
    }

    @Override
    public void plan(PlannedOperation op, Object threadState, boolean load) {
      Pair pair = op.workloadState() instanceof Pair ? (Pair) op.workloadState() : new Pair();
      op.workloadState(pair);
      long n = next.incrementAndGet();
      pair.value = "v" + n;
      pair.startNanos = System.nanoTime();
      Map<String, ByteIterator> values = new HashMap<>();
      values.put("field0", new StringByteIterator(pair.value));
      op.insert("usertable", "own" + n, values);
    }

    @Override
    public PlannedOperation.Next afterCall(PlannedOperation op, Status status) {
      Pair pair = (Pair) op.workloadState();
      if (op.call() == site.ycsb.measurements.Operation.INSERT) {
        pair.written = status;
        op.read("usertable", op.key(), null);
        return PlannedOperation.Next.CALL;
      }
      long checked = System.nanoTime();
      ByteIterator read = op.readResult().get("field0");
      boolean same = status.isOk() && read != null && pair.value.equals(read.toString());
      op.verified(checked, System.nanoTime(), same ? Status.OK : Status.UNEXPECTED_STATE);
      op.compound(site.ycsb.measurements.Operation.READ_MODIFY_WRITE, pair.startNanos, pair.written.isOk() ? status : pair.written);
      return PlannedOperation.Next.DONE;
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"blocking", "asynchronous"})
  void bothPathsMakeTheOperationsItPlans(String path) {
    java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("run", "-db",
        "site.ycsb.runner.MemoryDB", "-p", "workload=" + WriteThenRead.class.getName(), "-p", "operationcount=300"));
    args.addAll(path.equals("blocking") ? java.util.List.of("-threads", "2")
        : java.util.List.of("-threads", "1", "-inflight", "8"));
    Run r = Run.of(args.toArray(new String[0]));
    assertEquals(0, r.exitCode, r.toString());
    assertEquals(300, r.count("OVERALL", "Operations"), r.toString());
    assertEquals(300, r.count("INSERT", "Return=OK"), r.toString());
    assertEquals(300, r.count("READ", "Return=OK"), r.toString());
    assertEquals(300, r.count("VERIFY", "Return=OK"), "every value read back is the one written:\n" + r);
    assertEquals(300, r.count("READ-MODIFY-WRITE", "Return=OK"), r.toString());
  }
}
