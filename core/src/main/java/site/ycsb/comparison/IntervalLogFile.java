package site.ycsb.comparison;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import site.ycsb.results.HistogramEncoding;
import site.ycsb.results.ResultsInputException;

/**
 * Reads an HdrHistogram interval log ({@code hdr/SECTION.hlog}) into its intervals, each with the
 * wall-clock instant it ended. A last line cut short (a client killed while writing it) is left
 * out, as the results of a killed run lose at most one interval.
 */
final class IntervalLogFile {
  /** One interval of the log: its end on the wall clock and its histogram (nanoseconds). */
  record Interval(long endEpochMillis, Histogram histogram) {
  }

  private IntervalLogFile() {
  }

  /**
   * @param file the log
   * @return its intervals in file order
   * @throws ResultsInputException when a line other than the last cannot be read
   */
  static List<Interval> read(Path file) throws ResultsInputException {
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new ResultsInputException(file + " cannot be read: " + e.getMessage());
    }
    double baseSeconds = Double.NaN;
    double startSeconds = Double.NaN;
    List<Interval> out = new ArrayList<>();
    int last = lines.size() - 1;
    while (last >= 0 && lines.get(last).isBlank()) {
      last--;
    }
    for (int i = 0; i <= last; i++) {
      String line = lines.get(i);
      if (line.startsWith("#[BaseTime: ")) {
        baseSeconds = leadingNumber(line.substring("#[BaseTime: ".length()));
        continue;
      }
      if (line.startsWith("#[StartTime: ")) {
        startSeconds = leadingNumber(line.substring("#[StartTime: ".length()));
        continue;
      }
      if (line.isBlank() || line.startsWith("#") || line.startsWith("\"")) {
        continue;
      }
      String[] f = line.split(",");
      int o = f[0].startsWith("Tag=") ? 1 : 0;
      try {
        if (f.length < o + 4) {
          throw new IllegalArgumentException("too few fields");
        }
        double start = Double.parseDouble(f[o]);
        double length = Double.parseDouble(f[o + 1]);
        Histogram h = HistogramEncoding.decode(f[o + 3].trim());
        // offsets from the base time when the log gives one (HdrHistogram's convention), else from the start time
        double offset = !Double.isNaN(baseSeconds) ? baseSeconds
            : !Double.isNaN(startSeconds) && start < 1e9 ? startSeconds : 0;
        out.add(new Interval(Math.round((offset + start + length) * 1000.0), h));
      } catch (IllegalArgumentException e) {
        if (i == last) {
          break;
        }
        throw new ResultsInputException(file + " line " + (i + 1) + " is not an interval of an HdrHistogram log");
      }
    }
    return out;
  }

  private static double leadingNumber(String s) {
    int end = 0;
    while (end < s.length() && (Character.isDigit(s.charAt(end)) || s.charAt(end) == '.')) {
      end++;
    }
    try {
      return Double.parseDouble(s.substring(0, end));
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }
}
