package site.ycsb.results;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import site.ycsb.measurements.IntervalStats;
import site.ycsb.measurements.RawSamples;
import site.ycsb.measurements.PhaseListener;

/**
 * {@code measurementtype=raw}: one line per call of the measured window,
 * {@code <SECTION>,<end epoch ms>,<latency us>} as upstream's raw measurement prints them, written
 * by the sampler thread from each interval's samples and flushed every interval.
 */
public final class RawOutput implements PhaseListener {
  private final Path file;
  private final BufferedWriter out;

  /**
   * @param file the file to write (replaced)
   * @throws IOException when it cannot be created
   */
  public RawOutput(Path file) throws IOException {
    this.file = file;
    this.out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
    out.write("operation,timestamp(ms),latency(us)\n");
    out.flush();
  }

  @Override
  public void onSample(long elapsedNanos, long intervalNanos, IntervalStats interval, IntervalStats total,
                       boolean warmingUp) {
    RawSamples raw = interval.rawSamples();
    if (raw == null || raw.size() == 0) {
      return;
    }
    try {
      for (int i = 0; i < raw.size(); i++) {
        out.write(raw.section(i));
        out.write(',');
        out.write(Long.toString(raw.endEpochMillis(i)));
        out.write(',');
        out.write(Long.toString(Math.round(raw.latencyNanos(i) / 1000.0)));
        out.write('\n');
      }
      out.flush();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the raw measurements to " + file, e);
    }
  }

  @Override
  public void onEnd() {
    try {
      out.close();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the raw measurements to " + file, e);
    }
  }
}
