package site.ycsb.trace;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.zip.GZIPInputStream;

/** Opens a trace file in one of the formats this client replays. */
public final class Traces {
  /** The formats, as the {@code replay.format} property names them. */
  public static final String CAPTURE = "capture";
  public static final String TWITTER = "twitter";
  public static final String MONITOR = "monitor";

  private Traces() {
  }

  /**
   * @param file the trace (a {@code .gz} file is read through gzip); for a capture, one worker's file
   *     or the folder of them all
   * @param format {@link #CAPTURE}, {@link #TWITTER} or {@link #MONITOR}
   * @return a reader of its operations
   * @throws IOException when it cannot be read
   */
  public static TraceReader open(Path file, String format) throws IOException {
    switch (format.toLowerCase(Locale.ROOT)) {
      case CAPTURE:
        return Files.isDirectory(file) ? new CaptureFolder(file) : new CaptureReader(file);
      case TWITTER:
        return new TwitterCacheTrace(file.toString(), text(file));
      case MONITOR:
        return new RedisMonitorTrace(file.toString(), text(file));
      default:
        throw new IllegalArgumentException("no trace format " + format);
    }
  }

  private static BufferedReader text(Path file) throws IOException {
    InputStream in = Files.newInputStream(file);
    if (file.getFileName().toString().endsWith(".gz")) {
      in = new GZIPInputStream(in);
    }
    return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16);
  }
}
