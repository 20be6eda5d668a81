package site.ycsb.runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The OVERALL rows of a results folder's timeseries.csv, with each row's span. */
final class TimeSeriesRows {
  /**
   * One row.
   *
   * @param fromSeconds start of its interval since the phase start
   * @param toSeconds end of its interval
   * @param count operations completed in it
   * @param intendedRate what the schedule offered, operations per second (NaN without)
   * @param bytes bytes written and read
   */
  record Row(double fromSeconds, double toSeconds, long count, double intendedRate, long bytes) {
    double seconds() {
      return toSeconds - fromSeconds;
    }

    double intendedCount() {
      return intendedRate * seconds();
    }

    @Override
    public String toString() {
      return String.format(java.util.Locale.ROOT, "[%.3f, %.3f] %d ops, intended %.1f", fromSeconds, toSeconds,
          count, intendedCount());
    }
  }

  private TimeSeriesRows() {
  }

  static List<Row> overall(Path dir) throws IOException {
    List<Row> rows = new ArrayList<>();
    double from = 0;
    for (String line : Files.readAllLines(dir.resolve("timeseries.csv"))) {
      String[] f = line.split(",", -1);
      if (f.length < 13 || !"OVERALL".equals(f[2])) {
        continue;
      }
      double to = Long.parseLong(f[0]) / 1000.0;
      rows.add(new Row(from, to, Long.parseLong(f[3]), f[10].isEmpty() ? Double.NaN : Double.parseDouble(f[10]),
          Long.parseLong(f[11])));
      from = to;
    }
    return rows;
  }
}
