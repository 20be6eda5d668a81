package site.ycsb.tools.comparison;

import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * The latencies of one section, interval by interval, kept as the counts of each histogram bucket
 * the section used: a subset of intervals adds the counts of the intervals it holds and reads its mean,
 * percentiles and maximum from the sum exactly as HdrHistogram reads them from an added histogram
 * (bucket midpoints for the mean, the bucket's highest value for percentiles and the maximum).
 */
final class SectionIntervals {
  /** Each bucket's highest equivalent value, ascending, in nanoseconds. */
  private final long[] highest;
  /** Each bucket's median equivalent value, for the mean. */
  private final double[] median;
  /** Per interval, the buckets it has counts in and those counts. */
  private final int[][] buckets;
  private final long[][] counts;
  /** Per interval, its count and the sum of its bucket midpoints (for the interval's mean). */
  private final long[] intervalCount;
  private final double[] intervalSum;
  /** Whether the section's intervals are known (from an interval log), not only its whole-run histogram. */
  private final boolean resolved;

  /**
   * @param intervals each interval's histogram in nanoseconds (null when it has none)
   * @param resolved whether they are the run's real intervals, not one whole-run histogram spread over them
   */
  SectionIntervals(List<Histogram> intervals, boolean resolved) {
    this(builder(intervals), resolved);
  }

  private static Builder builder(List<Histogram> intervals) {
    Builder b = new Builder(intervals.size());
    for (int t = 0; t < intervals.size(); t++) {
      if (intervals.get(t) != null) {
        b.add(t, intervals.get(t));
      }
    }
    return b;
  }

  private SectionIntervals(Builder b, boolean resolved) {
    this.resolved = resolved;
    long[] all = b.allBuckets();
    highest = new long[all.length];
    median = new double[all.length];
    for (int i = 0; i < all.length; i++) {
      // a bucket of the first histogram's structure is read as that structure reads it, even where
      // a histogram of another precision has a bucket starting at the same value
      if (b.shape.lowestEquivalentValue(all[i]) == all[i]) {
        highest[i] = b.shape.highestEquivalentValue(all[i]);
        median[i] = b.shape.medianEquivalentValue(all[i]);
      } else {
        long[] other = b.otherShapes.get(all[i]);
        highest[i] = other[0];
        median[i] = other[1];
      }
    }
    int n = b.keys.length;
    buckets = new int[n][];
    counts = b.counts;
    intervalCount = new long[n];
    intervalSum = new double[n];
    for (int t = 0; t < n; t++) {
      long[] k = b.keys[t];
      buckets[t] = new int[k.length];
      for (int j = 0; j < k.length; j++) {
        int x = Arrays.binarySearch(all, k[j]);
        buckets[t][j] = x;
        intervalCount[t] += counts[t][j];
        intervalSum[t] += counts[t][j] * median[x];
      }
    }
  }

  /**
   * Collects a section's histograms interval by interval, keeping only the buckets with counts, so
   * that runs of thousands of intervals fit in memory; several histograms of one interval (clients,
   * or intervals grouped together) are added.
   */
  static final class Builder {
    /**
     * The bucket structure of the first histogram added: the buckets of every histogram of the same
     * structure are resolved from it once, when the section is built.
     */
    private Histogram shape;
    /**
     * Buckets of histograms of another structure than the first's (lowest equivalent value) to
     * their {highest, median} equivalent value; empty unless precisions are mixed.
     */
    private final TreeMap<Long, long[]> otherShapes = new TreeMap<>();
    private final long[][] keys;
    private final long[][] counts;
    /** The buckets and counts of the histogram being added, reused from one to the next. */
    private long[] k = new long[64];
    private long[] c = new long[64];

    /** @param intervals how many intervals the section is kept in */
    Builder(int intervals) {
      keys = new long[intervals][0];
      counts = new long[intervals][0];
    }

    /** Adds a histogram (nanoseconds) to an interval. */
    void add(int interval, Histogram h) {
      if (shape == null) {
        shape = new Histogram(h.getLowestDiscernibleValue(), h.getHighestTrackableValue(),
            h.getNumberOfSignificantValueDigits());
      }
      boolean ownShape = h.getLowestDiscernibleValue() != shape.getLowestDiscernibleValue()
          || h.getNumberOfSignificantValueDigits() != shape.getNumberOfSignificantValueDigits();
      // the buckets from the lowest value recorded to the highest, read by value: HdrHistogram's own
      // iterators start at zero and do more work per bucket, most of them empty (a third of a
      // comparison's time went there)
      int j = 0;
      if (h.getTotalCount() > 0) {
        long max = h.getMaxValue();
        // the minimum is 0 when zeros were recorded, else the lowest value recorded
        for (long v = h.lowestEquivalentValue(h.getMinValue()); v <= max; v = h.nextNonEquivalentValue(v)) {
          long count = h.getCountAtValue(v);
          if (count != 0) {
            j = put(j, v, count, h, ownShape);
          }
        }
      }
      merge(interval, k, c, j);
    }

    /** Keeps bucket {@code lowest} with its count at place {@code j}; returns the next place. */
    private int put(int j, long lowest, long count, Histogram h, boolean ownShape) {
      if (j == k.length) {
        k = Arrays.copyOf(k, 2 * j);
        c = Arrays.copyOf(c, 2 * j);
      }
      k[j] = lowest;
      if (ownShape && !otherShapes.containsKey(lowest)) {
        long hi = h.highestEquivalentValue(lowest);
        otherShapes.put(lowest, new long[] {hi, h.medianEquivalentValue(hi)});
      }
      c[j] = count;
      return j + 1;
    }

    /** @return every bucket any interval has counts in, ascending */
    private long[] allBuckets() {
      int total = 0;
      for (long[] kt : keys) {
        total += kt.length;
      }
      long[] all = new long[total];
      int at = 0;
      for (long[] kt : keys) {
        System.arraycopy(kt, 0, all, at, kt.length);
        at += kt.length;
      }
      Arrays.sort(all);
      int n = 0;
      for (int i = 0; i < all.length; i++) {
        if (n == 0 || all[i] != all[n - 1]) {
          all[n++] = all[i];
        }
      }
      return Arrays.copyOf(all, n);
    }

    private void merge(int t, long[] k, long[] c, int n) {
      long[] k0 = keys[t];
      long[] c0 = counts[t];
      if (k0.length == 0) {
        // the interval's first histogram, as every one is when each interval has one
        keys[t] = Arrays.copyOf(k, n);
        counts[t] = Arrays.copyOf(c, n);
        return;
      }
      long[] mk = new long[k0.length + n];
      long[] mc = new long[mk.length];
      int a = 0;
      int b = 0;
      int m = 0;
      while (a < k0.length || b < n) {
        if (b >= n || a < k0.length && k0[a] < k[b]) {
          mk[m] = k0[a];
          mc[m++] = c0[a++];
        } else if (a >= k0.length || k[b] < k0[a]) {
          mk[m] = k[b];
          mc[m++] = c[b++];
        } else {
          mk[m] = k0[a];
          mc[m++] = c0[a++] + c[b++];
        }
      }
      keys[t] = Arrays.copyOf(mk, m);
      counts[t] = Arrays.copyOf(mc, m);
    }

    /** @return whether any interval has a count */
    boolean any() {
      for (long[] kt : keys) {
        if (kt.length > 0) {
          return true;
        }
      }
      return false;
    }

    /**
     * @param resolved whether the intervals are the run's real intervals
     * @return the section
     */
    SectionIntervals build(boolean resolved) {
      return new SectionIntervals(this, resolved);
    }
  }

  /** @return whether the section's real intervals are known */
  boolean resolved() {
    return resolved;
  }

  /** @return calls recorded in each interval */
  long count(int interval) {
    return intervalCount[interval];
  }

  /** @return the sum of the latencies (bucket midpoints) of an interval, in nanoseconds */
  double sum(int interval) {
    return intervalSum[interval];
  }

  /** @return the mean latency of each interval in nanoseconds (NaN for an interval without calls) */
  double[] intervalMeans() {
    double[] out = new double[intervalCount.length];
    for (int t = 0; t < out.length; t++) {
      out[t] = intervalCount[t] > 0 ? intervalSum[t] / intervalCount[t] : Double.NaN;
    }
    return out;
  }

  /**
   * @param weights how often each interval counts
   * @param percentiles the percentiles wanted, ascending
   * @return in microseconds: the mean, then each percentile, then the maximum; NaN when the
   *     weighted intervals hold no call
   */
  double[] figures(int[] weights, double[] percentiles) {
    double[] out = new double[percentiles.length + 2];
    long[] sum = new long[highest.length];
    long total = 0;
    double midpoints = 0;
    for (int t = 0; t < weights.length; t++) {
      int w = weights[t];
      if (w == 0 || intervalCount[t] == 0) {
        continue;
      }
      int[] b = buckets[t];
      long[] c = counts[t];
      for (int j = 0; j < b.length; j++) {
        sum[b[j]] += w * c[j];
      }
      total += w * intervalCount[t];
      midpoints += w * intervalSum[t];
    }
    if (total == 0) {
      Arrays.fill(out, Double.NaN);
      return out;
    }
    out[0] = midpoints / total / 1000.0;
    // the count at or above each percentile, as HdrHistogram's getValueAtPercentile takes it
    long[] rank = new long[percentiles.length];
    for (int p = 0; p < percentiles.length; p++) {
      double requested = Math.min(Math.max(Math.nextAfter(percentiles[p], Double.NEGATIVE_INFINITY), 0), 100);
      rank[p] = Math.max(1, (long) Math.ceil(requested / 100.0 * total));
    }
    long running = 0;
    int p = 0;
    int last = -1;
    for (int b = 0; b < sum.length; b++) {
      if (sum[b] == 0) {
        continue;
      }
      last = b;
      running += sum[b];
      while (p < rank.length && running >= rank[p]) {
        out[1 + p++] = highest[b] / 1000.0;
      }
    }
    out[out.length - 1] = highest[last] / 1000.0;
    return out;
  }
}
