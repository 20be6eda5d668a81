package site.ycsb.workloads;

import java.util.Map;
import java.util.TreeMap;
import site.ycsb.ByteIterator;
import site.ycsb.NumericByteIterator;

/** Checks a data point read back against the value {@code dataintegrity} wrote for it. */
final class TimeSeriesValues {
  private TimeSeriesValues() {
  }

  static boolean matches(TimeSeriesWorkload w, String metric, Map<String, ByteIterator> cells) {
    Long timestamp = null;
    Long value = null;
    TreeMap<String, String> tags = new TreeMap<>();
    for (Map.Entry<String, ByteIterator> cell : cells.entrySet()) {
      if (cell.getKey().equals(w.timestampKey)) {
        timestamp = number(cell.getValue());
      } else if (cell.getKey().equals(w.valueKey)) {
        value = number(cell.getValue());
      } else {
        tags.put(cell.getKey(), cell.getValue().toString());
      }
    }
    return timestamp != null && value != null && w.validationFunction(metric, timestamp, tags) == value;
  }

  /** @return the integer a cell holds, as a number or as text; null when it holds neither */
  private static Long number(ByteIterator cell) {
    if (cell instanceof NumericByteIterator) {
      NumericByteIterator n = (NumericByteIterator) cell;
      return n.isFloatingPoint() ? null : n.getLong();
    }
    try {
      return Long.parseLong(cell.toString().trim());
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
