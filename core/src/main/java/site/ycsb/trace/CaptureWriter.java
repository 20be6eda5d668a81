package site.ycsb.trace;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;

/**
 * Writes one worker's captured operations ({@link CaptureFormat}). One writer per worker, written
 * by that worker's thread only: no lock on the operation's path. The text is flushed as a whole
 * gzip block every {@link #FLUSH_EVERY} operations and at least every second, so what a crash cuts
 * short loses at most that last part.
 */
public final class CaptureWriter implements Closeable {
  /** Operations between two flushed blocks, at the most. */
  static final int FLUSH_EVERY = 4096;
  private static final long FLUSH_NANOS = 1_000_000_000L;
  private static final char[] HEX = "0123456789abcdef".toCharArray();

  private final BufferedWriter out;
  private final GZIPOutputStream gzip;
  private final StringBuilder row = new StringBuilder(128);
  private int unflushed;
  private long lastFlushNanos = System.nanoTime();
  private long written;

  /**
   * @param file the file to write (its folder is made)
   * @throws IOException when it cannot be made
   */
  public CaptureWriter(Path file) throws IOException {
    if (file.getParent() != null) {
      Files.createDirectories(file.getParent());
    }
    gzip = new FastGzip(Files.newOutputStream(file));
    out = new BufferedWriter(new OutputStreamWriter(gzip, StandardCharsets.UTF_8), 1 << 16);
    out.write(CaptureFormat.MAGIC);
    out.write('\n');
    out.write(CaptureFormat.COLUMNS);
    out.write('\n');
    out.flush();
  }

  /**
   * Writes one operation.
   *
   * @param intendedNanos when it was due, from the phase's start; negative without a schedule
   * @param startNanos when its first call started, from the phase's start
   * @param latencyNanos how long it took
   * @param operation what it was
   * @param key its key
   * @param fields fields read or written
   * @param bytes value bytes written or read
   * @param valuesChecksum the checksum of those values ({@link CaptureFormat})
   * @param status its outcome's name
   * @throws IOException when the file cannot be written
   */
  public void write(long intendedNanos, long startNanos, long latencyNanos, String operation, String key, int fields,
                    long bytes, int valuesChecksum, String status) throws IOException {
    row.setLength(0);
    if (intendedNanos >= 0) {
      row.append(intendedNanos / 1000);
    }
    row.append(',').append(startNanos / 1000).append(',').append(latencyNanos / 1000).append(',').append(operation)
        .append(',').append(CaptureFormat.escape(key)).append(',').append(fields).append(',').append(bytes)
        .append(',');
    for (int shift = 28; shift >= 0; shift -= 4) {
      row.append(HEX[(valuesChecksum >>> shift) & 0xf]);
    }
    row.append(',').append(status).append('\n');
    out.append(row);
    written++;
    if (++unflushed >= FLUSH_EVERY) {
      flush();
    }
  }

  /** Flushes a whole block if a second has passed since the last; a quiet worker's capture stays current. */
  public void flushIfDue() throws IOException {
    if (unflushed > 0 && System.nanoTime() - lastFlushNanos >= FLUSH_NANOS) {
      flush();
    }
  }

  private void flush() throws IOException {
    out.flush();
    // a sync flush ends a whole deflate block: a reader gets every row written so far
    gzip.flush();
    unflushed = 0;
    lastFlushNanos = System.nanoTime();
  }

  /**
   * Gzip at deflate's fastest level: a capture is written on the operations' thread, where the
   * default level cost about three times as much per row for a file about a fifth smaller.
   */
  private static final class FastGzip extends GZIPOutputStream {
    FastGzip(java.io.OutputStream out) throws IOException {
      super(out, 1 << 16, true);
      def.setLevel(java.util.zip.Deflater.BEST_SPEED);
    }
  }

  /** @return operations written */
  public long written() {
    return written;
  }

  @Override
  public void close() throws IOException {
    out.close();
  }
}
