package site.ycsb.workloads;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import site.ycsb.ByteIterator;
import site.ycsb.simulation.SimulatedDB;

/** The simulated database, noting every call that reaches it: when (on the virtual clock), what, which key, how many bytes. */
public class CallLogSimulatedDB extends SimulatedDB {
  /** One call as the database saw it. */
  record Call(long nanos, String operation, String key, int fields, long bytes) {
  }

  private static final List<Call> CALLS = new ArrayList<>();

  static synchronized void reset() {
    CALLS.clear();
  }

  /** @return the calls so far, in the order they arrived */
  static synchronized List<Call> calls() {
    List<Call> c = new ArrayList<>(CALLS);
    c.sort(java.util.Comparator.comparingLong(Call::nanos));
    return c;
  }

  @Override
  protected void arrived(long nanos, String operation, String key, Map<String, ByteIterator> values) {
    long bytes = 0;
    if (values != null) {
      for (ByteIterator v : values.values()) {
        bytes += v.bytesLeft();
      }
    }
    Call call = new Call(nanos, operation, key, values == null ? 0 : values.size(), bytes);
    synchronized (CallLogSimulatedDB.class) {
      CALLS.add(call);
    }
  }
}
