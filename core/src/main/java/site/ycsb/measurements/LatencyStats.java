package site.ycsb.measurements;

import java.math.BigInteger;
import java.util.Map;
import org.HdrHistogram.Histogram;
import site.ycsb.Status;

/**
 * Latencies of one kind of outcome (e.g. successful reads) over some span of time: an
 * HdrHistogram for percentiles plus exact count, sum, minimum and maximum, so averages and
 * extremes are not rounded to histogram buckets. Values are nanoseconds.
 *
 * <p>Not thread-safe: each instance has one writer, and readers see it only after the
 * recorder has swapped it out.
 */
public final class LatencyStats {
  /** Three significant digits: 0.1% relative error on every percentile. */
  static final int SIGNIFICANT_DIGITS = 3;

  private final Histogram histogram;
  private long count;
  /**
   * The exact sum of latencies: {@code sumHigh * 2^63 + sumLow}, with {@code sumLow} kept below
   * 2^63. Ten million latencies of 15 minutes already exceed a long's nanoseconds; a carry is so
   * rare that the branch costs nothing on the path every operation takes.
   */
  private long sumLow;
  private long sumHigh;
  private long minNanos = Long.MAX_VALUE;
  private long maxNanos;
  private long retries;
  /** Bytes of the values the calls wrote or read. */
  private long bytes;
  private final StatusCounts statuses = new StatusCounts();

  public LatencyStats() {
    histogram = new Histogram(SIGNIFICANT_DIGITS);
    histogram.setAutoResize(true);
  }

  void record(long nanos, Status status, int retriesDone, long valueBytes) {
    bytes += valueBytes;
    record(nanos, status, retriesDone);
  }

  void record(long nanos, Status status, int retriesDone) {
    long v = nanos < 0 ? 0 : nanos;
    histogram.recordValue(v);
    count++;
    long s = sumLow + v;
    if (s < 0) {
      sumHigh++;
      s &= Long.MAX_VALUE;
    }
    sumLow = s;
    if (v < minNanos) {
      minNanos = v;
    }
    if (v > maxNanos) {
      maxNanos = v;
    }
    retries += retriesDone;
    if (status != null) {
      statuses.increment(status, 1);
    }
  }

  /** Counts a return code reported without a latency (upstream's {@code Measurements.reportStatus}). */
  void countStatus(Status status) {
    statuses.increment(status, 1);
  }

  /** @return whether nothing at all was recorded: no latency and no return code */
  public boolean isEmpty() {
    return count == 0 && statuses.total() == 0;
  }

  /** Adds everything recorded in {@code other} to this. */
  public void add(LatencyStats other) {
    if (other.count == 0) {
      // return codes may come without latencies (reported by a binding on their own)
      statuses.addAll(other.statuses);
      return;
    }
    histogram.add(other.histogram);
    count += other.count;
    addToSum(other.sumLow, other.sumHigh);
    minNanos = Math.min(minNanos, other.minNanos);
    maxNanos = Math.max(maxNanos, other.maxNanos);
    retries += other.retries;
    bytes += other.bytes;
    statuses.addAll(other.statuses);
  }

  /**
   * Adds bytes counted elsewhere (merging results read back from files).
   *
   * @param valueBytes bytes of values written or read
   */
  public void addBytes(long valueBytes) {
    bytes += valueBytes;
  }

  /** @return bytes of the values these calls wrote (updates, inserts) or read (reads, scans) */
  public long bytes() {
    return bytes;
  }

  /**
   * Adds a histogram read back from a log (merging client results), with its exact figures.
   *
   * @param h the histogram (nanoseconds)
   * @param exactCount the exact count, or -1 to take the histogram's
   * @param exactSum the exact sum, or null to estimate it from the histogram
   * @param exactMin the exact minimum, or -1 for the histogram's
   * @param exactMax the exact maximum, or -1 for the histogram's
   * @param codes return-code counts
   * @param retriesDone retries
   */
  public void add(Histogram h, long exactCount, BigInteger exactSum, long exactMin, long exactMax,
                  Map<String, Long> codes, long retriesDone) {
    long n = exactCount >= 0 ? exactCount : h.getTotalCount();
    if (n == 0) {
      return;
    }
    histogram.add(h);
    count += n;
    BigInteger sum = exactSum != null && exactSum.signum() >= 0 ? exactSum
        : BigInteger.valueOf((long) (h.getMean() * h.getTotalCount()));
    addToSum(sum.longValue() & Long.MAX_VALUE, sum.shiftRight(63).longValue());
    minNanos = Math.min(minNanos, exactMin >= 0 ? exactMin : h.getMinValue());
    maxNanos = Math.max(maxNanos, exactMax >= 0 ? exactMax : h.getMaxValue());
    retries += retriesDone;
    for (Map.Entry<String, Long> e : codes.entrySet()) {
      statuses.increment(new Status(e.getKey(), e.getKey()), e.getValue());
    }
  }

  void reset() {
    if (count == 0 && bytes == 0 && statuses.total() == 0) {
      return;
    }
    histogram.reset();
    count = 0;
    sumLow = 0;
    sumHigh = 0;
    minNanos = Long.MAX_VALUE;
    maxNanos = 0;
    retries = 0;
    bytes = 0;
    statuses.clear();
  }

  public long count() {
    return count;
  }

  /** Adds a 128-bit value given as its low (unsigned) and high 64 bits. */
  /** Adds {@code high * 2^63 + low}, {@code low} below 2^63. */
  private void addToSum(long low, long high) {
    long s = sumLow + low;
    if (s < 0) {
      high++;
      s &= Long.MAX_VALUE;
    }
    sumLow = s;
    sumHigh += high;
  }

  /** @return the exact sum of the latencies in nanoseconds (it may exceed a long) */
  public BigInteger sumNanos() {
    return BigInteger.valueOf(sumHigh).shiftLeft(63).add(BigInteger.valueOf(sumLow));
  }

  /** @return the exact smallest latency, or 0 when nothing was recorded */
  public long minNanos() {
    return count == 0 ? 0 : minNanos;
  }

  /** @return the exact largest latency */
  public long maxNanos() {
    return maxNanos;
  }

  /** @return the exact mean in nanoseconds, or 0 when nothing was recorded */
  public double meanNanos() {
    if (count == 0) {
      return 0;
    }
    if (sumHigh == 0) {
      return (double) sumLow / count;
    }
    return new java.math.BigDecimal(sumNanos()).divide(java.math.BigDecimal.valueOf(count),
        java.math.MathContext.DECIMAL64).doubleValue();
  }

  /**
   * @param percentile e.g. 99.9
   * @return the latency at that percentile (within 0.1%), never above the exact maximum
   */
  public long percentileNanos(double percentile) {
    if (count == 0) {
      return 0;
    }
    return Math.min(histogram.getValueAtPercentile(percentile), maxNanos);
  }

  /** @return retries done by the operations recorded here */
  public long retries() {
    return retries;
  }

  /** @return return-code name to count */
  public Map<String, Long> statusCounts() {
    return statuses.toMap();
  }

  /** @return the underlying histogram (nanoseconds); do not modify */
  public Histogram histogram() {
    return histogram;
  }
}
