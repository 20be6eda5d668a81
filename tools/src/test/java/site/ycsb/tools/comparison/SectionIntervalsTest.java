package site.ycsb.tools.comparison;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** A section's intervals give the figures HdrHistogram gives for the same intervals added. */
class SectionIntervalsTest {
  @Test
  void figuresOfAnySubsetOfIntervalsAreThoseOfTheirAddedHistograms() {
    SplittableRandom r = new SplittableRandom(3);
    List<Histogram> intervals = new ArrayList<>();
    for (int t = 0; t < 12; t++) {
      Histogram h = new Histogram(3);
      int n = t == 5 ? 0 : 200 + r.nextInt(800);
      for (int i = 0; i < n; i++) {
        h.recordValue(1 + (long) (Math.exp(r.nextDouble() * 8) * 1000));
      }
      intervals.add(t == 7 ? null : h);
    }
    SectionIntervals s = new SectionIntervals(intervals, true);
    double[] percentiles = {50, 90, 99, 99.9, 99.99};
    int[][] subsets = {{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, {1, 0, 1, 0, 1, 1, 1, 1, 0, 0, 1, 1},
        {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}};
    for (int[] w : subsets) {
      Histogram added = new Histogram(3);
      for (int t = 0; t < w.length; t++) {
        if (w[t] == 1 && intervals.get(t) != null) {
          added.add(intervals.get(t));
        }
      }
      double[] f = s.figures(w, percentiles);
      assertEquals(added.getMean() / 1000.0, f[0], 1e-9);
      for (int p = 0; p < percentiles.length; p++) {
        assertEquals(added.getValueAtPercentile(percentiles[p]) / 1000.0, f[1 + p], 0.0, "p" + percentiles[p]);
      }
      assertEquals(added.getMaxValue() / 1000.0, f[f.length - 1], 0.0);
    }
  }

  /**
   * Histograms of another precision than the first one's (two significant digits against three):
   * the first's intervals give their figures exactly, the others within their own resolution (a
   * bucket of theirs that starts where one of the first's does is read as the first's).
   */
  @Test
  void intervalsOfAnotherPrecisionGiveTheirFiguresWithinTheirResolution() {
    SplittableRandom r = new SplittableRandom(5);
    List<Histogram> intervals = new ArrayList<>();
    for (int t = 0; t < 4; t++) {
      Histogram h = new Histogram(t == 0 ? 3 : 2);
      for (int i = 0; i < 500; i++) {
        h.recordValue(1 + (long) (Math.exp(r.nextDouble() * 8) * 1000));
      }
      intervals.add(h);
    }
    SectionIntervals s = new SectionIntervals(intervals, true);
    double[] percentiles = {50, 99};
    for (int t = 0; t < intervals.size(); t++) {
      int[] w = new int[intervals.size()];
      w[t] = 1;
      Histogram h = intervals.get(t);
      double[] f = s.figures(w, percentiles);
      double[] expected = {h.getMean(), h.getValueAtPercentile(50), h.getValueAtPercentile(99), h.getMaxValue()};
      for (int i = 0; i < expected.length; i++) {
        double e = expected[i] / 1000.0;
        assertEquals(e, f[i], t == 0 ? 1e-9 : 0.01 * e, "interval " + t + ", figure " + i);
      }
    }
  }
}
