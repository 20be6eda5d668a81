package site.ycsb.results;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import site.ycsb.measurements.IntervalStats;
import site.ycsb.measurements.Operation;
import site.ycsb.measurements.Outcome;
import site.ycsb.measurements.RawSamples;
import site.ycsb.measurements.PhaseListener;

/**
 * {@code measurementtype=raw} without {@code measurement.raw.output_file}: every call of the
 * measured window on stdout before the summary, grouped by section as upstream prints them, a line
 * {@code READ latency raw data: op, timestamp(ms), latency(us)} and then {@code READ,<end epoch
 * ms>,<latency us>} per call. Until the phase ends the lines wait in one temporary file per section,
 * so a long run does not hold them in memory and stdout is not interleaved with anything.
 */
public final class RawToStdout implements PhaseListener {
  private final Map<String, Path> files = new LinkedHashMap<>();
  private final Map<String, BufferedWriter> writers = new LinkedHashMap<>();

  @Override
  public synchronized void onSample(long elapsedNanos, long intervalNanos, IntervalStats interval,
                                    IntervalStats total, boolean warmingUp) {
    RawSamples raw = interval.rawSamples();
    if (raw == null) {
      return;
    }
    try {
      for (int i = 0; i < raw.size(); i++) {
        BufferedWriter w = writerFor(raw.section(i));
        w.write(raw.section(i));
        w.write(',');
        w.write(Long.toString(raw.endEpochMillis(i)));
        w.write(',');
        w.write(Long.toString(Math.round(raw.latencyNanos(i) / 1000.0)));
        w.write('\n');
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot keep the raw measurements in a temporary file", e);
    }
  }

  private BufferedWriter writerFor(String section) throws IOException {
    BufferedWriter w = writers.get(section);
    if (w == null) {
      Path file = Files.createTempFile("ycsb-raw-", ".csv");
      file.toFile().deleteOnExit();
      files.put(section, file);
      w = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
      writers.put(section, w);
    }
    return w;
  }

  /**
   * Prints every section's calls, in the order the summary lists the sections, and removes the
   * temporary files.
   *
   * @param out stdout
   */
  public synchronized void printTo(PrintStream out) {
    try {
      for (BufferedWriter w : writers.values()) {
        w.close();
      }
      for (Operation op : Operation.all()) {
        for (Outcome outcome : new Outcome[] {Outcome.OK, Outcome.FAILED}) {
          String section = outcome.section(op);
          Path file = files.get(section);
          if (file != null) {
            out.println(section + " latency raw data: op, timestamp(ms), latency(us)");
            Files.copy(file, out);
          }
        }
      }
      out.flush();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read back the raw measurements", e);
    } finally {
      for (Path f : files.values()) {
        f.toFile().delete();
      }
      files.clear();
      writers.clear();
    }
  }
}
