package site.ycsb.results;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Garbage collection during a phase, in the lines YCSB prints ({@code [TOTAL_GCS_<collector>]}
 * and so on): a snapshot is taken when the measured window opens and the difference reported at
 * the end, so collections during the warm-up are not put against the measured window.
 */
public final class JvmFigures implements site.ycsb.measurements.PhaseListener {
  private volatile Map<String, long[]> atStart = snapshot();

  @Override
  public void onSample(long elapsedNanos, long intervalNanos, site.ycsb.measurements.IntervalStats interval,
                       site.ycsb.measurements.IntervalStats total, boolean warmingUp) {
  }

  @Override
  public void onMeasurementStart() {
    atStart = snapshot();
  }

  private static Map<String, long[]> snapshot() {
    Map<String, long[]> out = new LinkedHashMap<>();
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      out.put(gc.getName().replace(' ', '_'), new long[] {Math.max(0, gc.getCollectionCount()),
          Math.max(0, gc.getCollectionTime())});
    }
    return out;
  }

  /**
   * @param runtimeMillis the phase's runtime, for the time percentages
   * @return the GC lines since the measured window opened
   */
  public List<ResultLine> lines(long runtimeMillis) {
    List<ResultLine> out = new ArrayList<>();
    long totalCount = 0;
    long totalTime = 0;
    Map<String, long[]> start0 = atStart;
    for (Map.Entry<String, long[]> e : snapshot().entrySet()) {
      long[] start = start0.getOrDefault(e.getKey(), new long[2]);
      long count = e.getValue()[0] - start[0];
      long time = e.getValue()[1] - start[1];
      totalCount += count;
      totalTime += time;
      out.add(new ResultLine("TOTAL_GCS_" + e.getKey(), "Count", count));
      out.add(new ResultLine("TOTAL_GC_TIME_" + e.getKey(), "Time(ms)", time));
      out.add(new ResultLine("TOTAL_GC_TIME_%_" + e.getKey(), "Time(%)", percent(time, runtimeMillis)));
    }
    out.add(new ResultLine("TOTAL_GCs", "Count", totalCount));
    out.add(new ResultLine("TOTAL_GC_TIME", "Time(ms)", totalTime));
    out.add(new ResultLine("TOTAL_GC_TIME_%", "Time(%)", percent(totalTime, runtimeMillis)));
    return out;
  }

  private static double percent(long part, long whole) {
    return whole > 0 ? Math.round(part * 10000.0 / whole) / 100.0 : 0.0;
  }
}
