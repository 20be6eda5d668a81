package site.ycsb.tools.comparison;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import site.ycsb.results.ResultsWriter;

/**
 * Writes a results folder of a run that never happened, with latencies of a known distribution:
 * READ latencies log-normal around a median, the latency of each interval scaled by a slowly
 * wandering factor (an AR(1) process, as a store's neighbouring seconds resemble each other), the
 * throughput of each interval inversely so (a closed loop: slower calls, fewer of them). Interval
 * logs are written with HdrHistogram's HistogramLogWriter, as a run writes them.
 */
final class SyntheticRun {
  static final long START = 1_800_000_000_000L;

  int intervals = 60;
  long intervalMillis = 1000;
  double opsPerSecond = 1000;
  /** Median latency in microseconds. */
  double medianMicros = 1000;
  /** Sigma of the log-normal latencies. */
  double sigma = 0.5;
  /** Standard deviation of the interval factor's logarithm. */
  double intervalNoise = 0.05;
  /** Correlation of neighbouring intervals' factors. */
  double phi = 0.5;
  /** Standard deviation of the logarithm of a whole run's factor (how much repetitions differ). */
  double runNoise;
  /** Share of calls that fail. */
  double failureShare;
  long seed = 1;

  SyntheticRun seed(long s) {
    this.seed = s;
    return this;
  }

  SyntheticRun median(double micros) {
    this.medianMicros = micros;
    return this;
  }

  SyntheticRun noise(double interval, double neighbours) {
    this.intervalNoise = interval;
    this.phi = neighbours;
    return this;
  }

  SyntheticRun intervals(int n) {
    this.intervals = n;
    return this;
  }

  /** @return the mean latency of the distribution, in microseconds, for a factor of 1 */
  double meanMicros() {
    return medianMicros * Math.exp(sigma * sigma / 2);
  }

  Path write(Path dir) throws IOException {
    Files.createDirectories(dir.resolve("hdr"));
    SplittableRandom random = new SplittableRandom(seed);
    Histogram total = new Histogram(3);
    Histogram totalFailed = new Histogram(3);
    long operations = 0;
    StringBuilder csv = new StringBuilder("elapsed_ms,epoch_ms,section,count,ops_per_sec,mean_us,p50_us,p99_us,p999_us,"
        + "max_us,intended_ops_per_sec,bytes,mb_per_sec\n");
    double runFactor = Math.exp(runNoise * gaussian(random));
    double factor = 0;
    double innovation = intervalNoise * Math.sqrt(1 - phi * phi);
    try (PrintStream ok = log(dir.resolve("hdr/READ.hlog")); PrintStream bad = failureShare > 0
        ? log(dir.resolve("hdr/READ-FAILED.hlog")) : null) {
      HistogramLogWriter okLog = writer(ok);
      HistogramLogWriter badLog = bad == null ? null : writer(bad);
      // one histogram per side, emptied for each interval: grown to its range once, not per interval
      Histogram h = new Histogram(3);
      Histogram f = new Histogram(3);
      for (int t = 0; t < intervals; t++) {
        factor = t == 0 ? intervalNoise * gaussian(random) : phi * factor + innovation * gaussian(random);
        double scale = runFactor * Math.exp(factor);
        double expected = opsPerSecond * intervalMillis / 1000.0 / scale;
        long n = Math.max(0, Math.round(expected + Math.sqrt(expected) * gaussian(random)));
        h.reset();
        f.reset();
        for (long i = 0; i < n; i++) {
          long nanos = Math.max(1, Math.round(medianMicros * 1000 * scale * Math.exp(sigma * gaussian(random))));
          // each value into the run's total too: adding the interval's histogram would walk all its buckets
          if (failureShare > 0 && random.nextDouble() < failureShare) {
            f.recordValue(nanos);
            totalFailed.recordValue(nanos);
          } else {
            h.recordValue(nanos);
            total.recordValue(nanos);
          }
        }
        operations += n;
        long elapsed = (t + 1) * intervalMillis;
        csv.append(elapsed).append(',').append(START + elapsed).append(",OVERALL,").append(n).append(',')
            .append(String.format(Locale.ROOT, "%.3f", n * 1000.0 / intervalMillis)).append(",,,,,,,,\n");
        okLog.outputIntervalHistogram((elapsed - intervalMillis) / 1000.0, elapsed / 1000.0, h, 1000.0);
        if (badLog != null) {
          badLog.outputIntervalHistogram((elapsed - intervalMillis) / 1000.0, elapsed / 1000.0, f, 1000.0);
        }
      }
    }
    Files.writeString(dir.resolve("timeseries.csv"), csv.toString());
    Files.writeString(dir.resolve("properties.txt"), "timeseries.granularity=" + intervalMillis + "\n");
    long runtime = intervals * intervalMillis;
    String failedSection = failureShare > 0 ? ",\"READ-FAILED\":" + section(totalFailed) : "";
    String json = "{\"format\":\"ycsb-results/1\",\"complete\":true,\"phase\":\"run\",\"clientid\":0,"
        + "\"clientcount\":1,\"db\":\"basic\",\"window\":{\"startEpochMillis\":" + START + ",\"endEpochMillis\":"
        + (START + runtime) + ",\"runtimeNanos\":" + runtime * 1_000_000L + ",\"endedBy\":\"maxexecutiontime\"},"
        + "\"operations\":" + operations + ",\"failedOperations\":" + totalFailed.getTotalCount() + ",\"threads\":1,"
        + "\"sections\":{\"READ\":" + section(total) + failedSection + "},\"lines\":["
        + "{\"metric\":\"OVERALL\",\"measurement\":\"Throughput(ops/sec)\",\"value\":"
        + operations * 1000.0 / runtime + "},"
        + "{\"metric\":\"READ\",\"measurement\":\"AverageLatency(us)\",\"value\":" + total.getMean() / 1000 + "},"
        + "{\"metric\":\"READ\",\"measurement\":\"99thPercentileLatency(us)\",\"value\":"
        + Math.round(total.getValueAtPercentile(99) / 1000.0) + "}]}";
    Files.writeString(dir.resolve("summary.json"), json);
    return dir;
  }

  private static String section(Histogram h) {
    long count = h.getTotalCount();
    return "{\"count\":" + count + ",\"sumNanos\":" + Math.round(h.getMean() * count) + ",\"minNanos\":"
        + (count > 0 ? h.getMinValue() : 0) + ",\"maxNanos\":" + h.getMaxValue() + ",\"retries\":0,"
        + "\"returnCodes\":{\"OK\":" + count + "},\"histogram\":\"" + ResultsWriter.encode(h) + "\"}";
  }

  private static PrintStream log(Path file) throws IOException {
    return new PrintStream(Files.newOutputStream(file), false, StandardCharsets.UTF_8);
  }

  private static HistogramLogWriter writer(PrintStream ps) {
    HistogramLogWriter w = new HistogramLogWriter(ps);
    w.setBaseTime(START);
    w.outputLogFormatVersion();
    w.outputStartTime(START);
    w.outputBaseTime(START);
    w.outputLegend();
    return w;
  }

  /** A standard normal draw (Box-Muller). */
  private static double gaussian(SplittableRandom random) {
    double u = 1 - random.nextDouble();
    double v = random.nextDouble();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }
}
