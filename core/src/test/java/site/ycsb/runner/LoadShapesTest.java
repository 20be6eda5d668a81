package site.ycsb.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.math3.distribution.ExponentialDistribution;
import org.apache.commons.math3.stat.inference.KolmogorovSmirnovTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import site.ycsb.cli.Run;

/**
 * Load that changes over time (target.profile) and Poisson arrivals, on both paths: what ran in
 * each interval follows what the profile offered, the time series says what was offered, and a
 * stall under a changing rate shows in the intended-start figures as under a constant one. On the
 * simulated clock against the simulated database: every figure is the model's, whatever the host
 * is doing (the bounds below are those the real-time runs needed; here they hold with room).
 */
class LoadShapesTest {
  private static final String DB = WatchedSimulatedDB.class.getName();

  @TempDir
  Path tmp;

  @BeforeEach
  void reset() {
    WatchedSimulatedDB.reset();
  }

  private Run run(EnginePath path, int atOnce, String... more) {
    List<String> a = new ArrayList<>(List.of("run", "-db", DB, "-P", "../workloads/workloadc",
        "-p", "operationcount=0", "-p", "simulated.servicetime=0.2ms", "-p", "resultsdir=" + tmp.resolve("r")));
    a.addAll(Arrays.asList(path.atOnce(atOnce)));
    a.addAll(Arrays.asList(more));
    Run r = Run.of(a.toArray(new String[0]));
    assertEquals(0, r.exitCode, r.toString());
    return r;
  }

  /**
   * Every row long enough to judge: its operations within {@code share} of what the profile
   * offered in it. A client starved for a moment on a loaded machine completes some operations
   * one row late (the open schedule sends them as soon as it can): such a row passes when it and
   * the next together are within {@code share} of what both offered.
   */
  private void assertRowsFollowTheProfile(double share) throws IOException {
    List<TimeSeriesRows.Row> rows = TimeSeriesRows.overall(tmp.resolve("r"));
    assertTrue(rows.size() >= 3, rows.toString());
    for (int i = 0; i < rows.size(); i++) {
      TimeSeriesRows.Row row = rows.get(i);
      if (row.seconds() < 0.2 || row.intendedCount() < 50) {
        continue;
      }
      boolean alone = Math.abs(row.count() - row.intendedCount()) <= row.intendedCount() * share;
      boolean withNext = i + 1 < rows.size() && together(row, rows.get(i + 1), share);
      boolean withPrevious = i > 0 && together(rows.get(i - 1), row, share);
      assertTrue(alone || withNext || withPrevious, "row " + row + " of\n" + rows);
    }
  }

  private static String quantiles(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    StringBuilder b = new StringBuilder("quantiles (ms; exponential: 0.5, 1.1, 2.9, 6.9, 13.9, 23.0):");
    for (double q : new double[] {0.05, 0.1, 0.25, 0.5, 0.75, 0.9}) {
      b.append(' ').append(String.format(java.util.Locale.ROOT, "%.2f", sorted[(int) (q * (sorted.length - 1))]));
    }
    return b.toString();
  }

  private static boolean together(TimeSeriesRows.Row a, TimeSeriesRows.Row b, double share) {
    double offered = a.intendedCount() + b.intendedCount();
    return Math.abs(a.count() + b.count() - offered) <= offered * share;
  }

  @ParameterizedTest
  @EnumSource(value = EnginePath.class, names = {"BLOCKING", "ASYNCHRONOUS"})
  void aRampFromZeroIsFollowedSecondBySecond(EnginePath path) throws IOException {
    Run r = run(path, 8, "-p", "target.profile=stages:10s:4000", "-p", "maxexecutiontime=10");
    assertRowsFollowTheProfile(0.05);
    // 0 to 4000/s over 10 s offers 20000 operations
    assertEquals(20_000, r.count("THROTTLE", "IntendedOperations"), 20);
    assertTrue(r.count("OVERALL", "Operations") >= 19_000, r.toString());
  }

  @ParameterizedTest
  @EnumSource(value = EnginePath.class, names = {"BLOCKING", "ASYNCHRONOUS"})
  void stepsAreFollowed(EnginePath path) throws IOException {
    run(path, 8, "-p", "target.profile=steps:1s:500,1s:2500,1s:1000", "-p", "maxexecutiontime=3",
        "-p", "timeseries.granularity=500");
    List<TimeSeriesRows.Row> rows = TimeSeriesRows.overall(tmp.resolve("r"));
    assertRowsFollowTheProfile(0.05);
    TimeSeriesRows.Row high = rows.stream().filter(x -> x.fromSeconds() >= 0.99 && x.toSeconds() <= 2.02)
        .findFirst().orElseThrow(() -> new AssertionError("no row inside the second step: " + rows));
    assertEquals(2500, high.count() / high.seconds(), 125, "the second step's rate: " + rows);
  }

  @ParameterizedTest
  @EnumSource(value = EnginePath.class, names = {"BLOCKING", "ASYNCHRONOUS"})
  void aSineProfilesIntendedRateFollowsItsFormula(EnginePath path) throws IOException {
    double mean = 1000;
    double amplitude = 600;
    double period = 2;
    run(path, 8, "-p", "target.profile=sine:mean=1000,amplitude=600,period=2s", "-p", "maxexecutiontime=3",
        "-p", "timeseries.granularity=250");
    List<TimeSeriesRows.Row> rows = TimeSeriesRows.overall(tmp.resolve("r"));
    double omega = 2 * Math.PI / period;
    for (TimeSeriesRows.Row row : rows) {
      if (row.seconds() < 0.1) {
        continue;
      }
      // the mean of mean + amplitude * sin(omega t) over the row
      double expected = mean + amplitude / omega
          * (Math.cos(omega * row.fromSeconds()) - Math.cos(omega * row.toSeconds())) / row.seconds();
      // elapsed_ms is rounded to the millisecond on both ends of the row
      double slack = 0.002 / row.seconds() * (mean + amplitude);
      assertEquals(expected, row.intendedRate(), slack + 1e-3 * expected, "row " + row);
    }
    assertRowsFollowTheProfile(0.10);
  }

  @ParameterizedTest
  @EnumSource(value = EnginePath.class, names = {"BLOCKING", "ASYNCHRONOUS"})
  void aSpikeShowsAtItsTimes(EnginePath path) throws IOException {
    // 300/s, and 1200/s from 1.5 to 2.0 s and from 3.0 to 3.5 s
    run(path, 8, "-p", "target.profile=spike:base=300,multiple=4,duration=500ms,every=1500ms",
        "-p", "maxexecutiontime=4", "-p", "timeseries.granularity=250");
    List<TimeSeriesRows.Row> rows = TimeSeriesRows.overall(tmp.resolve("r"));
    double[][] spans = {{0, 1.5, 300}, {1.5, 2.0, 1200}, {2.0, 3.0, 300}, {3.0, 3.5, 1200}, {3.5, 4.0, 300}};
    for (double[] span : spans) {
      long count = 0;
      double seconds = 0;
      double offered = 0;
      for (TimeSeriesRows.Row row : rows) {
        double middle = (row.fromSeconds() + row.toSeconds()) / 2;
        if (middle >= span[0] && middle < span[1]) {
          count += row.count();
          seconds += row.seconds();
          offered += row.intendedCount();
        }
      }
      String what = "from " + span[0] + " to " + span[1] + " s at " + span[2] + "/s: " + rows;
      assertTrue(seconds > 0, what);
      assertEquals(span[2], offered / seconds, span[2] * 0.05, "offered " + what);
      assertEquals(span[2], count / seconds, span[2] * 0.10, "achieved " + what);
    }
  }

  @ParameterizedTest
  @EnumSource(value = EnginePath.class, names = {"BLOCKING", "ASYNCHRONOUS"})
  void aStallDuringARampShowsInTheIntendedFigures(EnginePath path) {
    // 0 to 3000/s over 3 s offers 4500; the server pauses 600 ms from the 1500th call (at ~1.7 s)
    Run r = run(path, 8, "-p", "target.profile=stages:3s:3000", "-p", "maxexecutiontime=3",
        "-p", "simulated.pause=1.7s-2.3s", "-p", "simulated.servicetime=0.1ms");
    assertTrue(r.get("READ", "95thPercentileLatency(us)") < 100_000, "service time without the stall:\n" + r);
    assertTrue(r.get("Intended-READ", "MaxLatency(us)") >= 550_000, "the stall shows from the intended start:\n" + r);
    assertTrue(r.get("Intended-READ", "95thPercentileLatency(us)") > 100_000, r.toString());
    long unfinished = r.has("Intended-UNFINISHED", "Operations") ? r.count("Intended-UNFINISHED", "Operations") : 0;
    assertEquals(4500, r.count("OVERALL", "Operations") + unfinished,
        "every slot the ramp offered is counted once:\n" + r);
  }

  @ParameterizedTest
  @EnumSource(value = EnginePath.class, names = {"BLOCKING", "ASYNCHRONOUS"})
  void poissonArrivalsHaveExponentialGapsAtTheTarget(EnginePath path) {
    // a mean gap of 10 ms: a worker waking a fraction of a millisecond late barely moves it
    Run r = run(path, 4, "-target", "100", "-p", "target.arrivals=poisson", "-p", "target.seed=11",
        "-p", "maxexecutiontime=5", "-p", "simulated.servicetime=0.1ms");
    long[] starts = WatchedSimulatedDB.arrivals();
    double[] gapsMs = new double[starts.length - 1];
    for (int i = 1; i < starts.length; i++) {
      gapsMs[i - 1] = (starts[i] - starts[i - 1]) / 1e6;
    }
    ExponentialDistribution expected = new ExponentialDistribution(null, 10.0);
    KolmogorovSmirnovTest ks = new KolmogorovSmirnovTest();
    double p = ks.kolmogorovSmirnovTest(expected, gapsMs);
    assertTrue(p > 0.001, "the calls' gaps are exponential with mean 10 ms: p = " + p + ", D = "
        + ks.kolmogorovSmirnovStatistic(expected, gapsMs) + ", " + gapsMs.length + " gaps, " + quantiles(gapsMs));
    assertEquals(500, r.count("OVERALL", "Operations"), 50, "5 s at 100/s on average:\n" + r);
    // even spacing at the same rate fails the same test: it can tell
    double[] even = new double[gapsMs.length];
    Arrays.fill(even, 10.0);
    assertTrue(ks.kolmogorovSmirnovTest(expected, even) < 1e-6);
  }
}
