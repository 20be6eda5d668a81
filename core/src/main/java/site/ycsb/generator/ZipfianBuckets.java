package site.ycsb.generator;

import java.util.ArrayDeque;
import java.util.random.RandomGenerator;

/**
 * An exact zipfian sampler for a fixed item count that needs no transcendental function on most
 * draws. Ranks are cut into buckets whose ends differ by a factor of at most 2^(1/16); a bucket is
 * chosen by its constant hat (its width times the density of its first rank) with Walker's alias
 * method, a rank uniformly inside it, and the rank is accepted with probability
 * {@code (k / first)^-theta}. Since that is at least {@code (last / first)^-theta} (about 0.96),
 * most draws are accepted by that bound alone; rejected draws start over, so the result follows
 * {@code k^-theta} exactly.
 */
final class ZipfianBuckets {
  private static final double GROWTH = Math.pow(2.0, 1.0 / 16.0);

  private final double theta;
  private final long[] first;
  private final long[] width;
  /** Acceptance without computing k^-theta when the uniform falls below this. */
  private final double[] squeeze;
  private final double[] aliasProbability;
  private final int[] alias;

  ZipfianBuckets(long items, double theta) {
    this.theta = theta;
    java.util.List<long[]> buckets = new java.util.ArrayList<>();
    long lo = 1;
    while (lo <= items) {
      long hi = Math.max(lo, (long) Math.floor(lo * GROWTH) - 1);
      if (hi > items || hi < lo) {
        hi = items;
      }
      buckets.add(new long[] {lo, hi});
      if (hi == items) {
        break;
      }
      lo = hi + 1;
    }
    int n = buckets.size();
    first = new long[n];
    width = new long[n];
    squeeze = new double[n];
    double[] weight = new double[n];
    double total = 0;
    for (int j = 0; j < n; j++) {
      first[j] = buckets.get(j)[0];
      width[j] = buckets.get(j)[1] - first[j] + 1;
      squeeze[j] = Math.pow((double) buckets.get(j)[1] / first[j], -theta);
      weight[j] = width[j] * Math.pow(first[j], -theta);
      total += weight[j];
    }
    aliasProbability = new double[n];
    alias = new int[n];
    // Vose's construction of the alias table
    double[] scaled = new double[n];
    ArrayDeque<Integer> small = new ArrayDeque<>();
    ArrayDeque<Integer> large = new ArrayDeque<>();
    for (int j = 0; j < n; j++) {
      scaled[j] = weight[j] * n / total;
      (scaled[j] < 1.0 ? small : large).add(j);
    }
    while (!small.isEmpty() && !large.isEmpty()) {
      int s = small.poll();
      int l = large.poll();
      aliasProbability[s] = scaled[s];
      alias[s] = l;
      scaled[l] = scaled[l] + scaled[s] - 1.0;
      (scaled[l] < 1.0 ? small : large).add(l);
    }
    while (!large.isEmpty()) {
      int l = large.poll();
      aliasProbability[l] = 1.0;
      alias[l] = l;
    }
    while (!small.isEmpty()) {
      int s = small.poll();
      aliasProbability[s] = 1.0;
      alias[s] = s;
    }
  }

  /** @return a rank in [1, items], drawn with probability proportional to rank^-theta */
  long draw(RandomGenerator r) {
    int buckets = first.length;
    while (true) {
      double pick = r.nextDouble() * buckets;
      int j = (int) pick;
      if (pick - j >= aliasProbability[j]) {
        j = alias[j];
      }
      long k = first[j] + (width[j] == 1 ? 0 : r.nextLong(width[j]));
      double u = r.nextDouble();
      if (u <= squeeze[j] || u <= Math.pow((double) k / first[j], -theta)) {
        return k;
      }
    }
  }
}
