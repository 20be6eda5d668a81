package site.ycsb.tools.experiment;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a fault cost, read from a run's time series ({@code timeseries.csv}): how long after the
 * fault the first interval came that had a failed operation or none that succeeded, how long such
 * intervals lasted from there (the unavailability window), and how long after the fault
 * throughput was back to 90% of its level before it. Every figure is as exact as the time
 * series: within one interval ({@code granularity}).
 *
 * @param faultAtMillis the fault's offset from the phase start
 * @param baselineOpsPerSec throughput before the fault (measured intervals without failures), NaN when none
 * @param impactAfterMillis from the fault to the start of the first affected interval, -1 when none was
 * @param unavailableMillis length of the affected intervals in a row from there, 0 when none
 * @param recoveredAfterMillis from the fault to the end of the first interval after them back at 90%
 *     of the baseline, -1 when throughput never came back within the run
 */
public record Availability(long faultAtMillis, double baselineOpsPerSec, long impactAfterMillis,
                           long unavailableMillis, long recoveredAfterMillis) {
  /** Share of the throughput before the fault that counts as recovered. */
  static final double RECOVERED_SHARE = 0.9;

  /** One time-series interval: its end (ms from the phase start), its length, and what completed in it. */
  record Interval(long endMillis, long lengthMillis, double opsPerSec, long succeeded, long failed, long staleReads) {
    long startMillis() {
      return endMillis - lengthMillis;
    }

    boolean affected() {
      return failed > 0 || succeeded == 0;
    }
  }

  /**
   * @param timeSeries a run's {@code timeseries.csv}
   * @return its measured intervals in order
   * @throws IOException when the file cannot be read
   */
  static List<Interval> intervals(Path timeSeries) throws IOException {
    Map<Long, long[]> counts = new TreeMap<>();
    Map<Long, Double> rates = new TreeMap<>();
    List<String> lines = Files.readAllLines(timeSeries, StandardCharsets.UTF_8);
    for (int i = 1; i < lines.size(); i++) {
      String[] f = lines.get(i).split(",", -1);
      if (f.length < 5) {
        continue;
      }
      long end = Long.parseLong(f[0]);
      String section = f[2];
      long count = Long.parseLong(f[3]);
      long[] c = counts.computeIfAbsent(end, k -> new long[3]);
      if ("OVERALL".equals(section)) {
        rates.put(end, Double.parseDouble(f[4]));
      } else if (section.startsWith("Intended-")) {
        continue;
      } else if (STALE_READ.equals(section)) {
        // a judgement of a read (durability=true), not an operation of its own
        c[2] += count;
      } else if (section.endsWith("-FAILED")) {
        c[1] += count;
      } else {
        c[0] += count;
      }
    }
    List<Interval> out = new ArrayList<>();
    long previousEnd = -1;
    for (Map.Entry<Long, long[]> e : counts.entrySet()) {
      long end = e.getKey();
      // the first measured interval starts where the warm-up ended: take the next one's length
      long length = previousEnd < 0 ? -1 : end - previousEnd;
      out.add(new Interval(end, length, rates.getOrDefault(end, 0.0), e.getValue()[0], e.getValue()[1],
          e.getValue()[2]));
      previousEnd = end;
    }
    if (out.size() > 1 && out.get(0).lengthMillis() < 0) {
      Interval first = out.get(0);
      out.set(0, new Interval(first.endMillis(), out.get(1).lengthMillis(), first.opsPerSec(), first.succeeded(),
          first.failed(), first.staleReads()));
    } else if (out.size() == 1) {
      Interval only = out.get(0);
      out.set(0, new Interval(only.endMillis(), only.endMillis(), only.opsPerSec(), only.succeeded(), only.failed(),
          only.staleReads()));
    }
    return out;
  }

  /**
   * @param intervals a run's measured intervals
   * @param faultAtMillis the fault's offset from the phase start
   * @return what the fault cost
   */
  static Availability of(List<Interval> intervals, long faultAtMillis) {
    double sum = 0;
    int n = 0;
    for (Interval i : intervals) {
      if (i.endMillis() <= faultAtMillis && !i.affected()) {
        sum += i.opsPerSec();
        n++;
      }
    }
    double baseline = n == 0 ? Double.NaN : sum / n;
    int first = -1;
    for (int k = 0; k < intervals.size(); k++) {
      if (intervals.get(k).endMillis() > faultAtMillis && intervals.get(k).affected()) {
        first = k;
        break;
      }
    }
    if (first < 0) {
      return new Availability(faultAtMillis, baseline, -1, 0, 0);
    }
    long impact = Math.max(0, intervals.get(first).startMillis() - faultAtMillis);
    long unavailable = 0;
    int k = first;
    while (k < intervals.size() && intervals.get(k).affected()) {
      unavailable += intervals.get(k).lengthMillis();
      k++;
    }
    long recovered = -1;
    for (; k < intervals.size(); k++) {
      Interval i = intervals.get(k);
      if (!i.affected() && (Double.isNaN(baseline) || i.opsPerSec() >= RECOVERED_SHARE * baseline)) {
        recovered = i.endMillis() - faultAtMillis;
        break;
      }
    }
    return new Availability(faultAtMillis, baseline, impact, unavailable, recovered);
  }

  /** @return the figures as a CSV row (header: {@link #CSV_HEADER}) */
  String csv() {
    return faultAtMillis + "," + (Double.isNaN(baselineOpsPerSec) ? "" : String.format(java.util.Locale.ROOT, "%.1f",
        baselineOpsPerSec)) + "," + impactAfterMillis + "," + unavailableMillis + "," + recoveredAfterMillis;
  }

  static final String CSV_HEADER = "fault_at_ms,baseline_ops_per_sec,impact_after_ms,unavailable_ms,recovered_after_ms";
  /**
   * The columns a run with {@code durability=true} adds: stale reads in the intervals from the
   * fault to the next one (or the end), and the run's lost writes, which its verification pass
   * counts once for the whole run.
   */
  static final String DURABILITY_COLUMNS = ",stale_reads_after,lost_writes";
  private static final String STALE_READ = site.ycsb.measurements.Operation.STALE_READ.label();

  /**
   * @return the stale reads of the intervals that end after {@code fromMillis} and no later than
   *     {@code toMillis}
   */
  static long staleReadsBetween(List<Interval> intervals, long fromMillis, long toMillis) {
    long n = 0;
    for (Interval i : intervals) {
      if (i.endMillis() > fromMillis && i.endMillis() <= toMillis) {
        n += i.staleReads();
      }
    }
    return n;
  }
}
