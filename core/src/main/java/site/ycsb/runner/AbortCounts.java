package site.ycsb.runner;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import site.ycsb.Status;

/**
 * The phase's aborted transactions by cause (the description of their {@link Status#aborted}
 * status), every attempt the database aborted, whether it was made again or given up. The workers
 * note them as their calls complete; the {@code [TRANSACTIONS]} section reads them at the end.
 */
public final class AbortCounts {
  private final Map<String, LongAdder> byCause = new ConcurrentHashMap<>();

  void note(Status aborted) {
    byCause.computeIfAbsent(aborted.getDescription(), c -> new LongAdder()).increment();
  }

  /** @return the aborts by cause, in the causes' order */
  public Map<String, Long> byCause() {
    Map<String, Long> out = new TreeMap<>();
    byCause.forEach((cause, n) -> out.put(cause, n.sum()));
    return out;
  }
}
