package site.ycsb.tools.merge;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import site.ycsb.measurements.IntervalStats;
import site.ycsb.measurements.LatencyStats;
import site.ycsb.results.IntervalLog;
import site.ycsb.results.ResultsInputException;
import site.ycsb.slo.IntervalTally;

/**
 * The intervals of a merged results folder as figures a per-interval threshold can be checked on:
 * each bucket's interval histograms of every section (all clients added), and its workload
 * operations from the merged time series. Read back from the files the merge just wrote, so the
 * verdict rests on exactly what the merged folder holds.
 */
final class MergedIntervals {
  /** One bucket: its figures and the span its intervals cover. */
  private static final class Bucket {
    final IntervalStats stats = new IntervalStats();
    long startMs = Long.MAX_VALUE;
    long endMs = Long.MIN_VALUE;
  }

  private MergedIntervals() {
  }

  /**
   * Feeds every interval of the merged folder to {@code tally}.
   *
   * @param dir the merged folder (with timeseries.csv and hdr/)
   * @param granularityMs the length of its intervals
   * @param tally what counts the intervals per threshold
   */
  static void check(Path dir, long granularityMs, IntervalTally tally) throws IOException, ResultsInputException {
    List<String> rows = Files.readAllLines(dir.resolve("timeseries.csv"), StandardCharsets.UTF_8);
    long phaseStart = Long.MIN_VALUE;
    TreeMap<Long, Bucket> buckets = new TreeMap<>();
    for (int i = 1; i < rows.size(); i++) {
      String[] f = rows.get(i).split(",", -1);
      if (f.length < 4 || !"OVERALL".equals(f[2])) {
        continue;
      }
      long elapsed = Long.parseLong(f[0]);
      phaseStart = Long.parseLong(f[1]) - elapsed;
      buckets.computeIfAbsent(elapsed / granularityMs, b -> new Bucket()).stats
          .addOperations(Long.parseLong(f[3]), 0);
    }
    if (phaseStart == Long.MIN_VALUE) {
      return;
    }
    Path hdr = dir.resolve("hdr");
    if (Files.isDirectory(hdr)) {
      try (DirectoryStream<Path> files = Files.newDirectoryStream(hdr, "*.hlog")) {
        for (Path file : files) {
          String name = file.getFileName().toString();
          String section = name.substring(0, name.length() - ".hlog".length());
          for (IntervalLog.Encoded iv : IntervalLog.read(file)) {
            LatencyStats target = null;
            long b = Math.max(1, Math.floorDiv(iv.endEpochMillis() - phaseStart + granularityMs / 2, granularityMs));
            Bucket bucket = buckets.computeIfAbsent(b, k -> new Bucket());
            target = SummaryMerger.statsOf(bucket.stats, section);
            if (target != null) {
              target.add(iv.decode(), -1, null, -1, -1, Map.of(), 0);
              bucket.startMs = Math.min(bucket.startMs, iv.startEpochMillis());
              bucket.endMs = Math.max(bucket.endMs, iv.endEpochMillis());
            }
          }
        }
      }
    }
    for (Bucket b : buckets.values()) {
      // a bucket of the clients' short trailing pieces covers less than an interval and is left out, as in a run
      long spanMs = b.endMs >= b.startMs ? b.endMs - b.startMs : granularityMs;
      tally.add(b.stats, Math.min(spanMs, granularityMs) * 1_000_000L);
    }
  }
}
