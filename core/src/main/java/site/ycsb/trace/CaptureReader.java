package site.ycsb.trace;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.zip.GZIPInputStream;
import site.ycsb.measurements.Operation;

/**
 * Reads one capture file ({@link CaptureFormat}), of either version. A file cut short (the client
 * crashed while writing it) reads up to the last whole row of its last whole block;
 * {@link #cutShort()} says so.
 */
public final class CaptureReader implements TraceReader {
  private final String source;
  private final WholeLines text;
  private final BufferedReader in;
  private long line;
  /** Columns of a row: 9, or 8 in a capture of the first version (no values_crc). */
  private final int columns;

  /**
   * @param file a capture file
   * @throws IOException when it cannot be read or is no capture
   */
  public CaptureReader(Path file) throws IOException {
    this.source = file.toString();
    this.text = new WholeLines(new GZIPInputStream(Files.newInputStream(file)));
    this.in = new BufferedReader(new InputStreamReader(text, StandardCharsets.UTF_8));
    String magic = readLine();
    String header = readLine();
    if (CaptureFormat.MAGIC.equals(magic) && CaptureFormat.COLUMNS.equals(header)) {
      columns = 9;
    } else if (CaptureFormat.MAGIC_1.equals(magic) && CaptureFormat.COLUMNS_1.equals(header)) {
      columns = 8;
    } else {
      in.close();
      throw new TraceFormatException(source, 1, "not a capture of this client: expected the lines '"
          + CaptureFormat.MAGIC + "' and '" + CaptureFormat.COLUMNS + "'");
    }
  }

  private String readLine() throws IOException {
    String l = in.readLine();
    if (l != null) {
      line++;
    }
    return l;
  }

  @Override
  public TracedOperation next() throws IOException {
    String l = readLine();
    if (l == null) {
      return null;
    }
    String[] f = l.split(",", -1);
    int last = columns - 1;
    String names = columns == 9 ? CaptureFormat.COLUMNS : CaptureFormat.COLUMNS_1;
    if (f.length != columns) {
      throw new TraceFormatException(source, line, "expected " + columns + " columns: " + names);
    }
    try {
      long start = Long.parseLong(f[1]) * 1000;
      long intended = f[0].isEmpty() ? start : Long.parseLong(f[0]) * 1000;
      Operation op = Operation.valueOf(f[3].toUpperCase(Locale.ROOT).replace('-', '_'));
      long checksum = columns == 9 ? Long.parseLong(f[7], 16) : -1;
      return new TracedOperation(intended, op, CaptureFormat.unescape(f[4]), Integer.parseInt(f[5]),
          Long.parseLong(f[6]), start, Long.parseLong(f[2]) * 1000, f[last], checksum);
    } catch (IllegalArgumentException e) {
      throw new TraceFormatException(source, line, "not a capture row (" + e.getMessage() + "): expected " + names);
    }
  }

  /** @return whether the file ended inside a block (a crash while writing it) */
  public boolean cutShort() {
    return text.cutShort();
  }

  @Override
  public long skipped() {
    return 0;
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
