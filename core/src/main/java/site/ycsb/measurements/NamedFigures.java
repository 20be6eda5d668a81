package site.ycsb.measurements;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Figures a binding or workload records under names of its own through upstream's
 * {@link Measurements} ({@code [HBASE-FLUSH]}), each measured from the actual start and from the
 * intended start. A run sees a handful of names: a short array searched by identity first (names
 * are usually literals) allocates only when a name is first seen, and {@link #reset()} keeps the
 * entries so the next interval reuses them. Single writer, like the rest of an {@link IntervalStats}.
 */
final class NamedFigures {
  private String[] names = new String[2];
  private LatencyStats[] fromStart = new LatencyStats[2];
  private LatencyStats[] fromIntended = new LatencyStats[2];
  private int size;

  /**
   * @param name the name
   * @param intended whether the figures from the intended start are meant
   * @return the figures, created on first use
   */
  LatencyStats of(String name, boolean intended) {
    int i = indexOf(name);
    return intended ? fromIntended[i] : fromStart[i];
  }

  private int indexOf(String name) {
    for (int i = 0; i < size; i++) {
      if (names[i] == name) {
        return i;
      }
    }
    for (int i = 0; i < size; i++) {
      if (names[i].equals(name)) {
        return i;
      }
    }
    if (size == names.length) {
      names = Arrays.copyOf(names, size * 2);
      fromStart = Arrays.copyOf(fromStart, size * 2);
      fromIntended = Arrays.copyOf(fromIntended, size * 2);
    }
    names[size] = name;
    fromStart[size] = new LatencyStats();
    fromIntended[size] = new LatencyStats();
    return size++;
  }

  void add(NamedFigures other) {
    for (int i = 0; i < other.size; i++) {
      if (!other.fromStart[i].isEmpty() || !other.fromIntended[i].isEmpty()) {
        int at = indexOf(other.names[i]);
        fromStart[at].add(other.fromStart[i]);
        fromIntended[at].add(other.fromIntended[i]);
      }
    }
  }

  void reset() {
    for (int i = 0; i < size; i++) {
      fromStart[i].reset();
      fromIntended[i].reset();
    }
  }

  /**
   * @param intended whether the figures from the intended start are meant
   * @return name to figures, in the order names were first seen, those with something recorded only
   */
  Map<String, LatencyStats> view(boolean intended) {
    if (size == 0) {
      return Collections.emptyMap();
    }
    Map<String, LatencyStats> out = new LinkedHashMap<>();
    for (int i = 0; i < size; i++) {
      LatencyStats s = intended ? fromIntended[i] : fromStart[i];
      if (!s.isEmpty()) {
        out.put(names[i], s);
      }
    }
    return out;
  }
}
