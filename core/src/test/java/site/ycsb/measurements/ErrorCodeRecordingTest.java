package site.ycsb.measurements;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.Set;
import org.junit.jupiter.api.Test;
import site.ycsb.Status;

/**
 * Failed calls per return code: counted exactly across interval swaps, and once each code has
 * been seen, recording allocates nothing (the hot path stays as cheap as without tracking).
 */
class ErrorCodeRecordingTest {
  private final Operation[] ops = {Operation.READ};
  private final Status[] statuses = new Status[1];
  private final long[] latencies = {5_000};
  private final long[] intended = {-1};
  private final int[] retries = {0};

  private void record(WorkerRecorder r, Status s, int times) {
    statuses[0] = s;
    for (int i = 0; i < times; i++) {
      r.recordAll(ops, statuses, latencies, intended, retries, 1, true, !s.isOk());
    }
  }

  @Test
  void trackedCodesGetTheirOwnFiguresAndTheFailedFiguresKeepEveryFailure() {
    RunMeasurements m = new RunMeasurements(new RecordingOptions(false, false, Set.of("NOT_FOUND")));
    WorkerRecorder r = m.newRecorder();
    record(r, Status.NOT_FOUND, 30);
    m.sample();
    record(r, Status.NOT_FOUND, 12);
    record(r, Status.ERROR, 7);
    record(r, Status.OK, 100);
    m.sample();
    IntervalStats total = m.total();
    assertEquals(42, total.byErrorCode(Operation.READ).get("NOT_FOUND").count());
    assertEquals(Set.of("NOT_FOUND"), total.byErrorCode(Operation.READ).keySet(), "ERROR is not tracked");
    assertEquals(49, total.get(Operation.READ, Outcome.FAILED).count());
    assertEquals(100, total.get(Operation.READ, Outcome.OK).count());
  }

  @Test
  void recordingTrackedCodesAllocatesNothingOnceEachCodeWasSeen() {
    com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    RunMeasurements m = new RunMeasurements(new RecordingOptions(false, true, Set.of()));
    WorkerRecorder r = m.newRecorder();
    // both intervals of the recorder see each code once, and the code paths are compiled
    for (int round = 0; round < 4; round++) {
      record(r, Status.NOT_FOUND, 20_000);
      record(r, Status.TIMEOUT, 20_000);
      m.sample();
    }
    long id = Thread.currentThread().getId();
    long before = threads.getThreadAllocatedBytes(id);
    record(r, Status.NOT_FOUND, 100_000);
    record(r, Status.TIMEOUT, 100_000);
    long allocated = threads.getThreadAllocatedBytes(id) - before;
    // a few hundred bytes of measuring noise at most; one object per call would be megabytes
    assertTrue(allocated < 10_000, allocated + " bytes allocated recording 200000 failed calls");
  }
}
