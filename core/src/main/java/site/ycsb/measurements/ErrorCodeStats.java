package site.ycsb.measurements;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Latencies of one operation's failed calls split by return code ({@code [READ-NOT_FOUND]}). A run
 * sees a handful of codes: a short array searched by identity first allocates only when a code is
 * seen for the first time, and {@link #reset()} keeps the entries so the next interval reuses them.
 */
final class ErrorCodeStats {
  private String[] codes = new String[2];
  private LatencyStats[] stats = new LatencyStats[2];
  private int size;

  /** @return the figures of {@code code}, created on first use */
  LatencyStats of(String code) {
    for (int i = 0; i < size; i++) {
      if (codes[i] == code) {
        return stats[i];
      }
    }
    for (int i = 0; i < size; i++) {
      if (codes[i].equals(code)) {
        return stats[i];
      }
    }
    if (size == codes.length) {
      codes = Arrays.copyOf(codes, size * 2);
      stats = Arrays.copyOf(stats, size * 2);
    }
    codes[size] = code;
    stats[size] = new LatencyStats();
    return stats[size++];
  }

  void add(ErrorCodeStats other) {
    for (int i = 0; i < other.size; i++) {
      if (other.stats[i].count() > 0) {
        of(other.codes[i]).add(other.stats[i]);
      }
    }
  }

  void reset() {
    for (int i = 0; i < size; i++) {
      stats[i].reset();
    }
  }

  /** @return code to figures, in the order codes were first seen, those with calls only */
  Map<String, LatencyStats> view() {
    if (size == 0) {
      return Collections.emptyMap();
    }
    Map<String, LatencyStats> out = new LinkedHashMap<>();
    for (int i = 0; i < size; i++) {
      if (stats[i].count() > 0) {
        out.put(codes[i], stats[i]);
      }
    }
    return out;
  }
}
