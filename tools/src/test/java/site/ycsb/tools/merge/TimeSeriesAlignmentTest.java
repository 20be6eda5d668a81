package site.ycsb.tools.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.cli.Run;
import site.ycsb.results.ResultsWriter;

/** Time series of two clients whose samples are 30 ms apart, with known figures. */
class TimeSeriesAlignmentTest {
  static final long START = 1_700_000_000_000L;

  @TempDir
  Path tmp;

  /** Client c: phase start START + offset, three 100 ms intervals of READ latencies. */
  private Path client(String name, int id, long offset, long[][] latenciesPerInterval) throws IOException {
    Path d = Files.createDirectories(tmp.resolve(name).resolve("hdr"));
    Path dir = d.getParent();
    Histogram total = new Histogram(3);
    long sum = 0;
    long max = 0;
    long min = Long.MAX_VALUE;
    StringBuilder csv = new StringBuilder(TimeSeriesMerger.HEADER).append('\n');
    long phaseStart = START + offset;
    try (PrintStream ps = new PrintStream(Files.newOutputStream(dir.resolve("hdr/READ.hlog")), false,
        StandardCharsets.UTF_8)) {
      HistogramLogWriter w = new HistogramLogWriter(ps);
      w.setBaseTime(phaseStart);
      w.outputLogFormatVersion();
      w.outputStartTime(phaseStart);
      w.outputBaseTime(phaseStart);
      w.outputLegend();
      for (int i = 0; i < latenciesPerInterval.length; i++) {
        Histogram h = new Histogram(3);
        long isum = 0;
        long imax = 0;
        for (long v : latenciesPerInterval[i]) {
          h.recordValue(v);
          isum += v;
          imax = Math.max(imax, v);
          min = Math.min(min, v);
        }
        total.add(h);
        sum += isum;
        max = Math.max(max, imax);
        long elapsed = (i + 1) * 100L;
        int n = latenciesPerInterval[i].length;
        csv.append(elapsed).append(',').append(phaseStart + elapsed).append(",OVERALL,").append(n).append(',')
            .append(f(n / 0.1)).append(",,,,,\n");
        csv.append(elapsed).append(',').append(phaseStart + elapsed).append(",READ,").append(n).append(',')
            .append(f(n / 0.1)).append(',').append(f(isum / 1000.0 / n)).append(',')
            .append(f(h.getValueAtPercentile(50) / 1000.0)).append(',').append(f(h.getValueAtPercentile(99) / 1000.0))
            .append(',').append(f(h.getValueAtPercentile(99.9) / 1000.0)).append(',').append(f(imax / 1000.0))
            .append('\n');
        w.outputIntervalHistogram((elapsed - 100) / 1000.0, elapsed / 1000.0, h, 1000.0);
      }
    }
    Files.writeString(dir.resolve("timeseries.csv"), csv.toString());
    Files.writeString(dir.resolve("properties.txt"), "timeseries.granularity=100\n");
    long count = total.getTotalCount();
    String json = "{\"format\":\"ycsb-results/1\",\"complete\":true,\"phase\":\"run\",\"clientid\":" + id
        + ",\"clientcount\":2,\"db\":\"basic\",\"window\":{\"startEpochMillis\":" + phaseStart
        + ",\"endEpochMillis\":" + (phaseStart + 300) + ",\"runtimeNanos\":300000000,\"endedBy\":\"operationcount\"},"
        + "\"operations\":" + count + ",\"failedOperations\":0,\"threads\":1,"
        + "\"sections\":{\"READ\":{\"count\":" + count + ",\"sumNanos\":" + sum + ",\"minNanos\":" + min
        + ",\"maxNanos\":" + max + ",\"retries\":0,\"returnCodes\":{\"OK\":" + count + "},\"histogram\":\""
        + ResultsWriter.encode(total) + "\"}},\"lines\":[]}";
    Files.writeString(dir.resolve("summary.json"), json);
    return dir;
  }

  private static String f(double v) {
    return String.format(Locale.ROOT, "%.3f", v);
  }

  @Test
  void samplesAFewMillisecondsApartShareARow() throws IOException {
    long[][] a = {{1_000_000, 2_000_000}, {3_000_000}, {4_000_000, 5_000_000, 6_000_000}};
    long[][] b = {{10_000_000}, {20_000_000, 30_000_000}, {40_000_000}};
    Path ca = client("a", 0, 0, a);
    Path cb = client("b", 1, 30, b);
    Path out = tmp.resolve("merged");
    Run r = Run.of("merge", ca.toString(), cb.toString(), "-o", out.toString());
    assertEquals(0, r.exitCode, r.err);
    assertEquals(10, r.count("OVERALL", "Operations"));
    List<String> lines = Files.readAllLines(out.resolve("timeseries.csv"));
    // bucket k holds interval k of both clients: counts and rates summed, figures of the union
    assertEquals(List.of(TimeSeriesMerger.HEADER,
        "100," + (START + 100) + ",OVERALL,3,30.000,,,,,,,0,0.000,",
        "100," + (START + 100) + ",READ,3,30.000," + figures(1_000_000, 2_000_000, 10_000_000) + ",,,,",
        "200," + (START + 200) + ",OVERALL,3,30.000,,,,,,,0,0.000,",
        "200," + (START + 200) + ",READ,3,30.000," + figures(3_000_000, 20_000_000, 30_000_000) + ",,,,",
        "300," + (START + 300) + ",OVERALL,4,40.000,,,,,,,0,0.000,",
        "300," + (START + 300) + ",READ,4,40.000," + figures(4_000_000, 5_000_000, 6_000_000, 40_000_000) + ",,,,"),
        lines);
  }

  /** mean, p50, p99, p99.9 and max of one histogram holding all the values, as the merged row shows them. */
  private static String figures(long... nanos) {
    Histogram h = new Histogram(3);
    long sum = 0;
    long max = 0;
    for (long v : nanos) {
      h.recordValue(v);
      sum += v;
      max = Math.max(max, v);
    }
    StringBuilder sb = new StringBuilder(f(sum / 1000.0 / nanos.length));
    for (double p : new double[] {50, 99, 99.9}) {
      sb.append(',').append(f(Math.min(h.getValueAtPercentile(p), max) / 1000.0));
    }
    return sb.append(',').append(f(max / 1000.0)).toString();
  }
}
