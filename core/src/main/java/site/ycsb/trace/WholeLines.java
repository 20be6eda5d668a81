package site.ycsb.trace;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.zip.ZipException;

/**
 * The text of a gzip stream that may have been cut short (its writer crashed), given only up to
 * the last line end: inflating a block cut in two yields the first part of a row, which must not
 * pass for a whole one. A stream that ends properly is given whole, its last line too.
 */
final class WholeLines extends InputStream {
  private final InputStream in;
  private byte[] buffer = new byte[1 << 16];
  /** What is given next: [start, givable); [givable, end) waits for its line end. */
  private int start;
  private int givable;
  private int end;
  private boolean ended;
  private boolean cutShort;

  WholeLines(InputStream inflated) {
    this.in = inflated;
  }

  /** @return whether the stream stopped without its end (the gzip trailer) */
  boolean cutShort() {
    return cutShort;
  }

  @Override
  public int read() throws IOException {
    byte[] one = new byte[1];
    return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    if (len == 0) {
      return 0;
    }
    while (start == givable) {
      if (ended) {
        return -1;
      }
      fill();
    }
    int n = Math.min(len, givable - start);
    System.arraycopy(buffer, start, b, off, n);
    start += n;
    return n;
  }

  /** Reads more, and moves {@link #givable} to the last line end read (to the end, at a proper end). */
  private void fill() throws IOException {
    if (start > 0) {
      System.arraycopy(buffer, start, buffer, 0, end - start);
      end -= start;
      givable -= start;
      start = 0;
    }
    if (end == buffer.length) {
      buffer = Arrays.copyOf(buffer, buffer.length * 2);
    }
    int n;
    try {
      n = in.read(buffer, end, buffer.length - end);
    } catch (EOFException | ZipException e) {
      // what follows the last line end is a row cut in two: never given
      cutShort = true;
      ended = true;
      end = givable;
      return;
    }
    if (n < 0) {
      ended = true;
      givable = end;
      return;
    }
    int from = end;
    end += n;
    for (int i = end - 1; i >= from; i--) {
      if (buffer[i] == '\n') {
        givable = i + 1;
        break;
      }
    }
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
