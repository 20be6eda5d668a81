package site.ycsb.measurements;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import site.ycsb.Status;

/**
 * Counts per return code. A run sees only a handful of distinct codes, so a short array searched
 * by identity first is faster than a map and allocates nothing once a code has been seen.
 * Single writer; readers use a copy taken under the recorder's phase flip.
 */
final class StatusCounts {
  private Status[] codes = new Status[4];
  private long[] counts = new long[4];
  private int size;

  void increment(Status status, long n) {
    for (int i = 0; i < size; i++) {
      if (codes[i] == status) {
        counts[i] += n;
        return;
      }
    }
    for (int i = 0; i < size; i++) {
      if (codes[i].getName().equals(status.getName())) {
        counts[i] += n;
        return;
      }
    }
    if (size == codes.length) {
      codes = Arrays.copyOf(codes, size * 2);
      counts = Arrays.copyOf(counts, size * 2);
    }
    codes[size] = status;
    counts[size] = n;
    size++;
  }

  void addAll(StatusCounts other) {
    for (int i = 0; i < other.size; i++) {
      increment(other.codes[i], other.counts[i]);
    }
  }

  void clear() {
    Arrays.fill(counts, 0, size, 0);
    Arrays.fill(codes, 0, size, null);
    size = 0;
  }

  long total() {
    long t = 0;
    for (int i = 0; i < size; i++) {
      t += counts[i];
    }
    return t;
  }

  /** @return return-code name to count, in the order codes were first seen */
  Map<String, Long> toMap() {
    Map<String, Long> out = new LinkedHashMap<>();
    for (int i = 0; i < size; i++) {
      if (counts[i] != 0) {
        out.merge(codes[i].getName(), counts[i], Long::sum);
      }
    }
    return out;
  }
}
