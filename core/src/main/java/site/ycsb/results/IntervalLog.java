package site.ycsb.results;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Reads and writes the HdrHistogram interval logs of a results folder ({@code hdr/SECTION.hlog}).
 * Timestamps are read from the text exactly (rounded to the millisecond the writer used), so an
 * interval lands in the same time bucket as the time-series row written with it.
 */
public final class IntervalLog {
  /**
   * One logged interval with its histogram still compressed: long runs have thousands of
   * intervals, and decoded histograms are a hundred times larger, so they are decoded one at a time.
   */
  public record Encoded(Path file, long startEpochMillis, long endEpochMillis, String base64) {
    /** @return the histogram (nanoseconds) */
    public Histogram decode() throws ResultsInputException {
      try {
        return HistogramEncoding.decode(base64);
      } catch (IllegalArgumentException e) {
        throw new ResultsInputException(file + " has an interval that cannot be decoded (ending at "
            + endEpochMillis + " ms since the epoch)");
      }
    }
  }

  private IntervalLog() {
  }

  /**
   * @param file an interval log
   * @return its intervals in file order, histograms not yet decoded
   * @throws ResultsInputException when a line cannot be parsed
   */
  public static List<Encoded> read(Path file) throws ResultsInputException {
    return read(file, false);
  }

  /**
   * @param file an interval log
   * @param lastMayBeCut whether a last line that is not a whole interval (a client killed while
   *     writing it) is left out rather than refused: the results of a killed run lose at most one
   *     interval
   * @return its intervals in file order, histograms not yet decoded
   * @throws ResultsInputException when a line cannot be parsed
   */
  public static List<Encoded> read(Path file, boolean lastMayBeCut) throws ResultsInputException {
    List<String> text;
    try {
      text = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new ResultsInputException(file + " cannot be read: " + e.getMessage());
    }
    double baseSec = Double.NaN;
    double startSec = Double.NaN;
    List<Encoded> out = new ArrayList<>();
    int last = text.size() - 1;
    while (last >= 0 && text.get(last).isBlank()) {
      last--;
    }
    for (int n = 0; n <= last; n++) {
      String line = text.get(n);
      if (line.startsWith("#[BaseTime: ")) {
        baseSec = leadingNumber(line.substring("#[BaseTime: ".length()));
        continue;
      }
      if (line.startsWith("#[StartTime: ")) {
        startSec = leadingNumber(line.substring("#[StartTime: ".length()));
        continue;
      }
      if (line.isBlank() || line.startsWith("#") || line.startsWith("\"")) {
        continue;
      }
      String[] f = line.split(",");
      int i = f[0].startsWith("Tag=") ? 1 : 0;
      if (f.length < i + 4) {
        if (lastMayBeCut && n == last) {
          break;
        }
        throw new ResultsInputException(file + " has a line that is not an interval: " + line);
      }
      try {
        double s = Double.parseDouble(f[i]);
        double len = Double.parseDouble(f[i + 1]);
        // timestamps are relative to the base time when the log gives one (HdrHistogram's convention)
        double offset = !Double.isNaN(baseSec) ? baseSec : (!Double.isNaN(startSec) && s < 1e9 ? startSec : 0);
        out.add(new Encoded(file, Math.round((offset + s) * 1000.0), Math.round((offset + s + len) * 1000.0),
            f[i + 3].trim()));
      } catch (NumberFormatException e) {
        if (lastMayBeCut && n == last) {
          break;
        }
        throw new ResultsInputException(file + " has an interval with a timestamp that is not a number: "
            + (line.length() > 60 ? line.substring(0, 60) + "..." : line));
      }
    }
    return out;
  }

  /** Writes a log in the layout the benchmark itself uses, one interval at a time. */
  public static final class Writer implements AutoCloseable {
    private final PrintStream stream;
    private final HistogramLogWriter log;
    private final long baseEpochMillis;

    /**
     * @param file where
     * @param section the section name, for the comment line
     * @param baseEpochMillis timestamps in the log are relative to this instant
     */
    public Writer(Path file, String section, long baseEpochMillis) throws IOException {
      this.baseEpochMillis = baseEpochMillis;
      stream = new PrintStream(Files.newOutputStream(file), false, StandardCharsets.UTF_8);
      log = new HistogramLogWriter(stream);
      log.setBaseTime(baseEpochMillis);
      log.outputComment("[" + section + "] merged from several clients; latency in nanoseconds; values printed in "
          + "microseconds");
      log.outputLogFormatVersion();
      log.outputStartTime(baseEpochMillis);
      log.outputBaseTime(baseEpochMillis);
      log.outputLegend();
    }

    /** Appends one interval; the histogram's timestamps are set to its bounds. */
    public void add(long startEpochMillis, long endEpochMillis, Histogram h) {
      h.setStartTimeStamp(startEpochMillis);
      h.setEndTimeStamp(endEpochMillis);
      log.outputIntervalHistogram((startEpochMillis - baseEpochMillis) / 1000.0,
          (endEpochMillis - baseEpochMillis) / 1000.0, h, 1000.0);
    }

    @Override
    public void close() throws IOException {
      stream.close();
      if (stream.checkError()) {
        throw new IOException("cannot write an interval log");
      }
    }
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
