package site.ycsb.tools.comparison;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import site.ycsb.measurements.Operation;

/**
 * One results folder's measured intervals, as a comparison samples them: each interval's length
 * and workload operations, its calls and failed calls, and each section's latencies. A merged
 * folder's intervals are its time buckets, each holding every client's histograms of that bucket
 * added. {@link RunIntervalsReader} reads them; {@link SampledRun} computes figures over them.
 *
 * @param dir the folder it was read from
 * @param timeResolved whether its intervals are its own, from its time series (else its whole window is one)
 * @param seconds each interval's length
 * @param operations each interval's workload operations
 * @param calls each interval's calls to the database
 * @param failed each interval's failed calls
 * @param failuresResolved whether calls and failures are known interval by interval (else only the whole run's)
 * @param latency per latency section, its histograms interval by interval
 */
record RunIntervals(Path dir, boolean timeResolved, double[] seconds, long[] operations, long[] calls,
                    long[] failed, boolean failuresResolved, Map<String, SectionIntervals> latency) {
  /** @return how many intervals (or groups of intervals) it is sampled in */
  int intervals() {
    return seconds.length;
  }

  /** @return the latency sections it has calls in: operations, and from the intended start */
  Set<String> latencySections() {
    return latency.keySet();
  }

  /**
   * @param f a figure
   * @return whether its interval-by-interval values are known (else only the whole run's)
   */
  boolean resolved(Figure f) {
    if (!timeResolved) {
      return false;
    }
    switch (f.kind()) {
      case THROUGHPUT:
        return true;
      case FAILURES:
        return failuresResolved;
      default:
        SectionIntervals s = latency.get(f.section());
        return s == null || s.resolved();
    }
  }

  /**
   * @param figures the figures to compute
   * @return the run as the jackknife samples it, giving those figures in that order
   */
  SampledRun sampled(List<Figure> figures) {
    return new SampledRun(this, figures);
  }

  /** @return the sections compared, in the order results list them: each operation, then from its intended start */
  static List<String> latencySectionNames() {
    List<String> out = new ArrayList<>();
    for (Operation op : Operation.all()) {
      if (op.isCall() || op == Operation.READ_MODIFY_WRITE) {
        out.add(op.label());
      }
    }
    for (Operation op : Operation.all()) {
      if (op.isCall() || op == Operation.READ_MODIFY_WRITE) {
        out.add("Intended-" + op.label());
      }
    }
    return out;
  }
}
