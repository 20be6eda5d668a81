package site.ycsb.runner;

import java.util.ArrayList;
import java.util.List;
import site.ycsb.simulation.SimulatedDB;

/** The simulated database, noting the instant every call arrives (on the phase's virtual clock). */
public class WatchedSimulatedDB extends SimulatedDB {
  private static final List<Long> ARRIVALS = new ArrayList<>();

  static synchronized void reset() {
    ARRIVALS.clear();
  }

  /** @return the arrivals so far, in order */
  static synchronized long[] arrivals() {
    long[] a = ARRIVALS.stream().mapToLong(Long::longValue).toArray();
    java.util.Arrays.sort(a);
    return a;
  }

  @Override
  protected void arrived(long nanos) {
    synchronized (WatchedSimulatedDB.class) {
      ARRIVALS.add(nanos);
    }
  }
}
