package site.ycsb.tools.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.cli.Run;
import site.ycsb.props.CoreProperties;
import site.ycsb.results.Percentiles;

/** {@code ycsb merge} of two clients that ran at the same time in this JVM. */
class MergeCommandTest {
  static final int N = 600;

  @TempDir
  static Path tmp;
  static Path a;
  static Path b;
  static Path merged;
  static Run merge;

  @BeforeAll
  static void twoClientsMerged() throws Exception {
    a = tmp.resolve("client0");
    b = tmp.resolve("client1");
    ClientFolders.runTwoClients("run", a, b, N);
    merged = tmp.resolve("merged");
    merge = Run.of("merge", a.toString(), b.toString(), "-o", merged.toString());
    assertEquals(0, merge.exitCode, merge.err);
  }

  @Test
  void countsAreSummed() throws IOException {
    assertEquals(2L * N, merge.count("OVERALL", "Operations"));
    assertEquals(0, merge.count("OVERALL", "FailedOperations"));
    assertEquals(2, merge.count("CLIENTS", "Count"));
    assertEquals(4, merge.count("OVERALL", "Threads"));
    for (String section : List.of("READ", "UPDATE")) {
      List<Path> both = List.of(a, b);
      long count = ClientFolders.sum(both, section, "count");
      assertEquals(count, merge.count(section, "Operations"));
      assertEquals(count, merge.count(section, "Return=OK"));
      assertEquals(count, merge.returnCodes(section));
    }
    assertEquals(2L * N, merge.count("ALL", "Operations"));
  }

  @Test
  void percentilesAreThoseOfTheUnionOfBothHistograms() throws IOException {
    double[] ps = Percentiles.parse(CoreProperties.PERCENTILES.defaultValue());
    Map<String, List<String>> sections = new HashMap<>();
    sections.put("READ", List.of("READ"));
    sections.put("UPDATE", List.of("UPDATE"));
    sections.put("ALL", List.of("READ", "UPDATE"));
    for (Map.Entry<String, List<String>> e : sections.entrySet()) {
      String section = e.getKey();
      Histogram union = ClientFolders.union(List.of(a, b), e.getValue());
      long max = 0;
      long min = Long.MAX_VALUE;
      long sum = 0;
      for (String part : e.getValue()) {
        for (Path d : List.of(a, b)) {
          JsonNode s = ClientFolders.summary(d).path("sections").path(part);
          max = Math.max(max, s.path("maxNanos").asLong());
          min = Math.min(min, s.path("minNanos").asLong());
          sum += s.path("sumNanos").asLong();
        }
      }
      assertEquals(union.getTotalCount(), merge.count(section, "Operations"));
      for (double p : ps) {
        // whole microseconds in the lines, as upstream prints them
        double expected = Math.round(Math.min(union.getValueAtPercentile(p), max) / 1000.0);
        assertEquals(expected, merge.get(section, Percentiles.metricName(p)), 0.0, section + " p" + p);
      }
      assertEquals(Math.round(max / 1000.0), merge.get(section, "MaxLatency(us)"), 0.0, section);
      assertEquals(Math.round(min / 1000.0), merge.get(section, "MinLatency(us)"), 0.0, section);
      if (!"ALL".equals(section)) {
        // the merged sections keep nanoseconds, so merging the merge stays exact
        JsonNode merged = ClientFolders.summary(MergeCommandTest.merged).path("sections").path(section);
        assertEquals(max, merged.path("maxNanos").asLong(), section);
        assertEquals(min, merged.path("minNanos").asLong(), section);
        assertEquals(sum, merged.path("sumNanos").asLong(), section);
      }
      double mean = Math.round((double) sum / union.getTotalCount() / 1000.0 * 1000.0) / 1000.0;
      assertEquals(mean, merge.get(section, "AverageLatency(us)"), 0.0, section);
    }
  }

  @Test
  void windowRunsFromEarliestStartToLatestEnd() throws IOException {
    JsonNode wa = ClientFolders.summary(a).path("window");
    JsonNode wb = ClientFolders.summary(b).path("window");
    JsonNode m = ClientFolders.summary(merged);
    long start = Math.min(wa.path("startEpochMillis").asLong(), wb.path("startEpochMillis").asLong());
    long end = Math.max(wa.path("endEpochMillis").asLong(), wb.path("endEpochMillis").asLong());
    assertEquals(start, m.path("window").path("startEpochMillis").asLong());
    assertEquals(end, m.path("window").path("endEpochMillis").asLong());
    long runtimeNanos = m.path("window").path("runtimeNanos").asLong();
    assertTrue(runtimeNanos >= wa.path("runtimeNanos").asLong() && runtimeNanos >= wb.path("runtimeNanos").asLong());
    assertTrue(Math.abs(runtimeNanos / 1_000_000L - (end - start)) <= 1, runtimeNanos + " vs " + (end - start));
    assertEquals(runtimeNanos / 1_000_000L, merge.count("OVERALL", "RunTime(ms)"));
    assertEquals(2.0 * N / (runtimeNanos / 1e9), merge.get("OVERALL", "Throughput(ops/sec)"), 1e-9);
    double sumOfClients = 0;
    for (JsonNode w : List.of(wa, wb)) {
      sumOfClients += N / (w.path("runtimeNanos").asLong() / 1e9);
    }
    assertEquals(sumOfClients, merge.get("CLIENTS", "SumOfThroughputs(ops/sec)"), 1e-6);
  }

  @Test
  void summaryFilesMatchStdoutAndListTheClients() throws IOException {
    String text = Files.readString(merged.resolve("summary.txt"), StandardCharsets.UTF_8);
    assertEquals(merge.out.strip(), text.strip());
    JsonNode m = ClientFolders.summary(merged);
    assertEquals("ycsb-results/1", m.path("format").asText());
    assertTrue(m.path("complete").asBoolean());
    assertEquals("run", m.path("phase").asText());
    assertEquals(2, m.path("clients").size());
    assertEquals(a.toString(), m.path("clients").get(0).path("dir").asText());
    assertEquals(1, m.path("clients").get(1).path("clientid").asInt());
    assertEquals(2L * N, m.path("operations").asLong());
    // the intended-start sections are merged too, though not printed without a target
    long intended = ClientFolders.sum(List.of(a, b), "Intended-READ", "count");
    assertEquals(intended, m.path("sections").path("Intended-READ").path("count").asLong());
  }

  @Test
  void mergedFolderMergesAgainLikeItsInputs() throws IOException {
    Path again = tmp.resolve("merged-once-more");
    Run r = Run.of("merge", merged.toString(), "-o", again.toString());
    assertEquals(0, r.exitCode, r.err);
    assertEquals(merge.get("READ", "99thPercentileLatency(us)"), r.get("READ", "99thPercentileLatency(us)"), 0.0);
    assertEquals(2L * N, r.count("OVERALL", "Operations"));
    String props = Files.readString(merged.resolve("properties.txt"), StandardCharsets.UTF_8);
    assertTrue(props.contains("timeseries.granularity=100\n") && props.contains("clientcount=2\n"), props);
    assertFalse(props.contains("clientid="), props);
    assertEquals(Files.readAllLines(merged.resolve("timeseries.csv")), Files.readAllLines(again.resolve("timeseries.csv")));
  }

  @Test
  void timeSeriesIsAlignedOnTheWallClock() throws IOException {
    List<String[]> rows = rows(merged);
    List<String[]> rowsA = rows(a);
    List<String[]> rowsB = rows(b);
    long base = Long.parseLong(rows.get(0)[1]) - Long.parseLong(rows.get(0)[0]);
    Map<String, Long> lastElapsed = new HashMap<>();
    Map<String, Long> counts = new HashMap<>();
    for (String[] r : rows) {
      long elapsed = Long.parseLong(r[0]);
      assertEquals(base, Long.parseLong(r[1]) - elapsed, "every row on one clock");
      assertEquals(0, elapsed % 100, "rows on the 100 ms grid");
      Long prev = lastElapsed.put(r[2], elapsed);
      assertTrue(prev == null || prev < elapsed, "one row per bucket and section");
      counts.merge(r[2], Long.parseLong(r[3]), Long::sum);
      if (r[2].equals("READ")) {
        assertFalse(r[7].isEmpty(), "p99 from the added interval histograms");
        assertTrue(Double.parseDouble(r[7]) <= Double.parseDouble(r[9]), "p99 at most the maximum");
      }
    }
    assertEquals(2L * N, counts.get("OVERALL"));
    assertEquals(merge.count("READ", "Operations"), counts.get("READ"));
    long overallRows = rows.stream().filter(r -> r[2].equals("OVERALL")).count();
    long overallA = rowsA.stream().filter(r -> r[2].equals("OVERALL")).count();
    long overallB = rowsB.stream().filter(r -> r[2].equals("OVERALL")).count();
    // clients sampling at the same moments share rows; a short last interval may join the one before
    assertTrue(overallRows >= 1 && overallRows <= overallA + overallB, overallRows + " rows from " + overallA
        + " and " + overallB);
    long earliest = Math.min(Long.parseLong(rowsA.get(0)[1]) - Long.parseLong(rowsA.get(0)[0]),
        Long.parseLong(rowsB.get(0)[1]) - Long.parseLong(rowsB.get(0)[0]));
    assertEquals(earliest, base, "the grid starts at the earlier client's phase start");
  }

  @Test
  void intervalLogsHoldBothClientsIntervals() throws IOException {
    for (String section : List.of("READ", "UPDATE")) {
      Histogram inputs = logged(List.of(a.resolve("hdr/" + section + ".hlog"), b.resolve("hdr/" + section + ".hlog")));
      Histogram out = logged(List.of(merged.resolve("hdr/" + section + ".hlog")));
      assertEquals(merge.count(section, "Operations"), out.getTotalCount());
      assertEquals(inputs.getTotalCount(), out.getTotalCount());
      assertEquals(inputs.getValueAtPercentile(99), out.getValueAtPercentile(99));
    }
  }

  private static Histogram logged(List<Path> files) throws IOException {
    Histogram h = new Histogram(3);
    h.setAutoResize(true);
    for (Path f : files) {
      HistogramLogReader r = new HistogramLogReader(f.toFile());
      EncodableHistogram e;
      while ((e = r.nextIntervalHistogram()) != null) {
        h.add((Histogram) e);
      }
      r.close();
    }
    return h;
  }

  private static List<String[]> rows(Path dir) throws IOException {
    List<String> lines = Files.readAllLines(dir.resolve("timeseries.csv"));
    assertEquals(TimeSeriesMerger.HEADER, lines.get(0));
    return lines.subList(1, lines.size()).stream().map(l -> l.split(",", -1)).toList();
  }
}
