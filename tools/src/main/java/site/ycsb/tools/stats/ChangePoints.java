package site.ycsb.tools.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Where a series of figures (one per run, in order) changed: E-divisive means (Matteson and James,
 * "A nonparametric approach for multiple change point analysis of multivariate data", 2014), the
 * method MongoDB uses on its performance history. For every split of a segment into a before and an
 * after, the energy distance between the two (twice the mean distance between their values less the
 * mean distance within each, scaled by their sizes) says how different they are; the split where it
 * is largest is the candidate. It is kept when a permutation test says so: the values of each
 * segment are shuffled many times, and the candidate must be larger than the best split of at least
 * (1 - significance) of the shuffles. Then the segments are searched again, until a candidate is not
 * kept. It assumes nothing about the shape of the values' distribution and finds changes in their
 * level; it needs {@value #MIN_SEGMENT} runs on each side of a change.
 */
public final class ChangePoints {
  /** The fewest runs on each side of a change point. */
  public static final int MIN_SEGMENT = 3;
  /** How many shuffles the permutation test makes. */
  public static final int PERMUTATIONS = 499;
  /** The default significance level of the permutation test. */
  public static final double SIGNIFICANCE = 0.05;

  /**
   * One change point.
   *
   * @param index the position of the first value after the change (0-based)
   * @param p the permutation test's p-value
   */
  public record Change(int index, double p) {
  }

  private ChangePoints() {
  }

  /**
   * @param series the values in order (NaN values are not allowed)
   * @param significance the level of the permutation test, e.g. 0.05
   * @param seed the seed of the shuffles: the same series always gives the same change points
   * @return the change points, in order of position
   */
  public static List<Change> of(double[] series, double significance, long seed) {
    List<Integer> bounds = new ArrayList<>(List.of(0, series.length));
    List<Change> found = new ArrayList<>();
    SplittableRandom random = new SplittableRandom(seed);
    while (true) {
      Split best = bestSplit(series, bounds);
      if (best == null) {
        break;
      }
      int atLeast = 0;
      double[] shuffled = series.clone();
      for (int r = 0; r < PERMUTATIONS; r++) {
        for (int s = 0; s + 1 < bounds.size(); s++) {
          shuffle(shuffled, bounds.get(s), bounds.get(s + 1), random);
        }
        Split s = bestSplit(shuffled, bounds);
        if (s != null && s.q >= best.q) {
          atLeast++;
        }
        System.arraycopy(series, 0, shuffled, 0, series.length);
      }
      double p = (atLeast + 1.0) / (PERMUTATIONS + 1);
      if (p > significance) {
        break;
      }
      found.add(new Change(best.index, p));
      bounds.add(best.index);
      bounds.sort(null);
    }
    found.sort((a, b) -> Integer.compare(a.index(), b.index()));
    return found;
  }

  /** A split of one segment: where, and its scaled energy distance. */
  private record Split(int index, double q) {
  }

  /** @return the split with the largest statistic over every segment, or null when no segment can be split */
  private static Split bestSplit(double[] z, List<Integer> bounds) {
    Split best = null;
    for (int s = 0; s + 1 < bounds.size(); s++) {
      Split c = bestSplit(z, bounds.get(s), bounds.get(s + 1));
      if (c != null && (best == null || c.q > best.q)) {
        best = c;
      }
    }
    return best;
  }

  /**
   * @return the split of {@code z[from, to)} with the largest scaled energy distance, each side at
   *     least {@link #MIN_SEGMENT} long, or null when the segment is too short
   */
  static Split bestSplit(double[] z, int from, int to) {
    int n = to - from;
    if (n < 2 * MIN_SEGMENT) {
      return null;
    }
    // the sum of distances within the segment, within its first part and within its second part
    double total = 0;
    for (int i = from; i < to; i++) {
      for (int j = i + 1; j < to; j++) {
        total += Math.abs(z[i] - z[j]);
      }
    }
    double withinX = 0;
    double withinY = total;
    Split best = null;
    for (int tau = from + 1; tau <= to - MIN_SEGMENT; tau++) {
      // move z[tau - 1] from the second part to the first
      int moved = tau - 1;
      for (int i = from; i < moved; i++) {
        withinX += Math.abs(z[i] - z[moved]);
      }
      for (int j = moved + 1; j < to; j++) {
        withinY -= Math.abs(z[moved] - z[j]);
      }
      int m = tau - from;
      int k = to - tau;
      if (m < MIN_SEGMENT) {
        continue;
      }
      double between = total - withinX - withinY;
      double e = 2.0 * between / ((double) m * k) - 2.0 * withinX / ((double) m * (m - 1))
          - 2.0 * withinY / ((double) k * (k - 1));
      double q = (double) m * k / (m + k) * e;
      if (best == null || q > best.q) {
        best = new Split(tau, q);
      }
    }
    return best;
  }

  private static void shuffle(double[] z, int from, int to, SplittableRandom random) {
    for (int i = to - 1; i > from; i--) {
      int j = from + random.nextInt(i - from + 1);
      double t = z[i];
      z[i] = z[j];
      z[j] = t;
    }
  }

  /**
   * @param series the values in order
   * @param changes the change points found in it
   * @return the mean of each segment the change points cut the series into
   */
  public static double[] segmentMeans(double[] series, List<Change> changes) {
    double[] out = new double[changes.size() + 1];
    int from = 0;
    for (int s = 0; s <= changes.size(); s++) {
      int to = s < changes.size() ? changes.get(s).index() : series.length;
      out[s] = Arrays.stream(series, from, to).average().orElse(Double.NaN);
      from = to;
    }
    return out;
  }
}
