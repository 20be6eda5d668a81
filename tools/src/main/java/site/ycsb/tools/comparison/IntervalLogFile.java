package site.ycsb.tools.comparison;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import site.ycsb.results.IntervalLog;
import site.ycsb.results.ResultsInputException;

/**
 * Reads an HdrHistogram interval log ({@code hdr/SECTION.hlog}) into its intervals, each with the
 * wall-clock instant it ended, through merge's reader of the same logs. A last line cut short (a
 * client killed while writing it) is left out, as the results of a killed run lose at most one
 * interval.
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
    List<IntervalLog.Encoded> encoded = IntervalLog.read(file, true);
    List<Interval> out = new ArrayList<>(encoded.size());
    for (int i = 0; i < encoded.size(); i++) {
      IntervalLog.Encoded e = encoded.get(i);
      try {
        out.add(new Interval(e.endEpochMillis(), e.decode()));
      } catch (ResultsInputException cut) {
        if (i < encoded.size() - 1) {
          throw cut;
        }
        // the last histogram cut short while it was written
      }
    }
    return out;
  }
}
