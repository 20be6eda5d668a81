package site.ycsb.trace;

import java.io.BufferedReader;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;
import site.ycsb.measurements.Operation;

/**
 * Reads one capture file ({@link CaptureFormat}). A file cut short (the client crashed while
 * writing it) reads up to its last whole block; {@link #cutShort()} says so.
 */
public final class CaptureReader implements TraceReader {
  private final String source;
  private final BufferedReader in;
  private long line;
  private boolean cutShort;

  /**
   * @param file a capture file
   * @throws IOException when it cannot be read or is no capture
   */
  public CaptureReader(Path file) throws IOException {
    this.source = file.toString();
    this.in = new BufferedReader(new InputStreamReader(new EndOfWholeBlocks(
        new GZIPInputStream(Files.newInputStream(file))), StandardCharsets.UTF_8));
    String magic = readLine();
    String columns = readLine();
    if (!CaptureFormat.MAGIC.equals(magic) || !CaptureFormat.COLUMNS.equals(columns)) {
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

  /**
   * Ends the text where a file cut short ends (the gzip stream stops without its trailer), instead
   * of failing there: every whole block before it is read.
   */
  private final class EndOfWholeBlocks extends java.io.FilterInputStream {
    EndOfWholeBlocks(java.io.InputStream in) {
      super(in);
    }

    @Override
    public int read() throws IOException {
      byte[] one = new byte[1];
      return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      if (cutShort) {
        return -1;
      }
      try {
        return super.read(b, off, len);
      } catch (EOFException | ZipException e) {
        cutShort = true;
        return -1;
      }
    }
  }

  @Override
  public TracedOperation next() throws IOException {
    String l = readLine();
    if (l == null) {
      return null;
    }
    String[] f = l.split(",", -1);
    if (cutShort && (f.length != 8 || !l.endsWith(f[7]) || f[7].isEmpty())) {
      // the last line of a file cut short inside a block: not a whole row
      return null;
    }
    if (f.length != 8) {
      throw new TraceFormatException(source, line, "expected 8 columns: " + CaptureFormat.COLUMNS);
    }
    try {
      long start = Long.parseLong(f[1]) * 1000;
      long intended = f[0].isEmpty() ? start : Long.parseLong(f[0]) * 1000;
      Operation op = Operation.valueOf(f[3].toUpperCase(Locale.ROOT).replace('-', '_'));
      return new TracedOperation(intended, op, CaptureFormat.unescape(f[4]), Integer.parseInt(f[5]),
          Long.parseLong(f[6]), start, Long.parseLong(f[2]) * 1000, f[7]);
    } catch (IllegalArgumentException e) {
      throw new TraceFormatException(source, line, "not a capture row (" + e.getMessage() + "): expected "
          + CaptureFormat.COLUMNS);
    }
  }

  /** @return whether the file ended inside a block (a crash while writing it) */
  public boolean cutShort() {
    return cutShort;
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
