package site.ycsb.tools.comparison;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.results.ResultsFolder;
import site.ycsb.results.ResultsInputException;
import site.ycsb.tools.stats.Difference;

/**
 * Known answers over many seeded trials, on interval logs of known distributions
 * ({@link SyntheticRun}): log-normal READ latencies (sigma 0.5, median 1 ms) at 1000 calls per
 * second, each one-second interval scaled by a factor that wanders (10% from interval to interval,
 * neighbours correlated 0.3). Two runs of one configuration must not be told apart; a 10% slower
 * mean must be found; the intervals must cover the true difference at about their level (95%).
 * The rates measured are printed and stated in docs/results.md.
 */
class ComparisonTrialsTest {
  /** The figures whose true difference is known: a 10% slower configuration scales every latency by 1.1. */
  private static final List<String> LATENCIES = List.of("READ.mean", "READ.p50", "READ.p99", "READ.p99.9",
      "READ.max");

  @TempDir
  Path tmp;

  /** What a set of trials gave. */
  private static final class Tally {
    final int trials;
    final Map<String, Integer> differ = new LinkedHashMap<>();
    final Map<String, Integer> covered = new LinkedHashMap<>();
    final Map<String, Integer> slower = new LinkedHashMap<>();
    int overallSame;

    Tally(int trials) {
      this.trials = trials;
    }

    void add(Comparison c, double trueChangePercent) {
      for (Comparison.Row r : c.rows()) {
        String f = r.figure().name();
        Difference d = r.difference();
        differ.merge(f, d.direction() != 0 ? 1 : 0, Integer::sum);
        slower.merge(f, r.verdict() == Verdict.SLOWER ? 1 : 0, Integer::sum);
        double truth = r.figure().isLatency() ? trueChangePercent : 0;
        covered.merge(f, d.known() && d.relativeLow() <= truth && truth <= d.relativeHigh() ? 1 : 0, Integer::sum);
      }
      overallSame += c.overall().differs() ? 0 : 1;
    }

    String report(String what) {
      StringBuilder b = new StringBuilder(what).append(" (").append(trials).append(" trials): overall no significant"
          + " difference in ").append(overallSame);
      differ.forEach((f, n) -> b.append(String.format(Locale.ROOT, "%n  %-11s differs %3d, slower %3d, interval"
          + " covers the truth %3d", f, n, slower.get(f), covered.get(f))));
      return b.toString();
    }
  }

  private SyntheticRun configuration(long seed, double median) {
    return new SyntheticRun().seed(seed).intervals(60).median(median).noise(0.10, 0.3);
  }

  /** One trial: the comparison of its two sides. */
  private interface Trial {
    Comparison run(int i) throws IOException, ResultsInputException;
  }

  /**
   * Runs the trials on as many threads as there are cores: each is seeded and writes folders of
   * its own, so the tally is the same in any order.
   */
  private static Tally trials(String name, int trials, double ratio, Trial trial) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(Runtime.getRuntime().availableProcessors());
    try {
      List<Future<Comparison>> done = new ArrayList<>();
      for (int i = 0; i < trials; i++) {
        int k = i;
        done.add(pool.submit(() -> trial.run(k)));
      }
      Tally t = new Tally(trials);
      for (Future<Comparison> c : done) {
        t.add(c.get(), (ratio - 1) * 100);
      }
      System.out.println(t.report(name));
      return t;
    } finally {
      pool.shutdownNow();
    }
  }

  private Tally singleRuns(String name, int trials, double ratio, long seed) throws Exception {
    return trials(name, trials, ratio, i -> {
      Path a = configuration(seed + 2L * i, 1000).write(tmp.resolve(name + i + "a"));
      Path b = configuration(seed + 2L * i + 1, 1000 * ratio).write(tmp.resolve(name + i + "b"));
      return Comparison.of(List.of(ResultsFolder.read(a, false)), List.of(ResultsFolder.read(b, false)), 0.95,
          List.of());
    });
  }

  /** Repetitions: 5 short runs a side, each run scaled as a whole by a factor (3% from run to run). */
  private Tally repetitions(String name, int trials, double ratio, long seed) throws Exception {
    return trials(name, trials, ratio, i -> {
      List<ResultsFolder> a = new ArrayList<>();
      List<ResultsFolder> b = new ArrayList<>();
      for (int r = 0; r < 5; r++) {
        long s = seed + 10L * i + 2L * r;
        SyntheticRun ra = new SyntheticRun().seed(s).intervals(10).noise(0.05, 0.3);
        SyntheticRun rb = new SyntheticRun().seed(s + 1).intervals(10).median(1000 * ratio).noise(0.05, 0.3);
        ra.runNoise = 0.03;
        rb.runNoise = 0.03;
        ra.opsPerSecond = 300;
        rb.opsPerSecond = 300;
        a.add(ResultsFolder.read(ra.write(tmp.resolve(name + i + "a" + r)), false));
        b.add(ResultsFolder.read(rb.write(tmp.resolve(name + i + "b" + r)), false));
      }
      return Comparison.of(a, b, 0.95, List.of());
    });
  }

  @Test
  void twoRunsOfOneConfigurationAreNotToldApart() throws Exception {
    Tally t = singleRuns("same", 100, 1.0, 1000);
    assertTrue(t.overallSame >= 95, t.report("same"));
    // each figure on its own is judged at 95%: about 5 of 100 trials differ by chance
    t.differ.forEach((f, n) -> assertTrue(n <= 10, t.report("same")));
  }

  @Test
  void aTenPercentSlowerMeanIsDetectedAndIntervalsCoverTheTruth() throws Exception {
    Tally t = singleRuns("slower", 200, 1.1, 5000);
    assertTrue(t.slower.get("READ.mean") >= 0.90 * t.trials, t.report("slower"));
    assertTrue(t.slower.get("READ.p99") >= 0.80 * t.trials, t.report("slower"));
    assertTrue(t.differ.get("throughput") <= 0.10 * t.trials, t.report("slower"));
    for (String f : LATENCIES) {
      double rate = (double) t.covered.get(f) / t.trials;
      assertTrue(rate >= 0.90 && rate <= 0.99, f + " covered in " + rate + "\n" + t.report("slower"));
    }
  }

  @Test
  void twoGroupsOfRepetitionsOfOneConfigurationAreNotToldApart() throws Exception {
    Tally t = repetitions("same-repetitions", 100, 1.0, 20_000);
    assertTrue(t.overallSame >= 95, t.report("same-repetitions"));
    t.differ.forEach((f, n) -> assertTrue(n <= 10, t.report("same-repetitions")));
  }

  @Test
  void aTenPercentSlowerMeanIsDetectedOverRepetitionsAndIntervalsCoverTheTruth() throws Exception {
    Tally t = repetitions("slower-repetitions", 200, 1.1, 40_000);
    assertTrue(t.slower.get("READ.mean") >= 0.85 * t.trials, t.report("slower-repetitions"));
    for (String f : LATENCIES) {
      double rate = (double) t.covered.get(f) / t.trials;
      assertTrue(rate >= 0.90 && rate <= 0.99, f + " covered in " + rate + "\n" + t.report("slower-repetitions"));
    }
  }
}
