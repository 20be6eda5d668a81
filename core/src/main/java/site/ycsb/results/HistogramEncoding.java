package site.ycsb.results;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Base64;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * Histograms as results files carry them: HdrHistogram's compressed encoding in base64, the form
 * of {@code summary.json} sections and of HdrHistogram interval logs. The one place that encodes
 * and decodes them.
 */
public final class HistogramEncoding {
  private HistogramEncoding() {
  }

  /** @return the histogram, compressed and base64-encoded */
  public static String encode(Histogram h) {
    ByteBuffer buf = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
    int n = h.encodeIntoCompressedByteBuffer(buf);
    return Base64.getEncoder().encodeToString(Arrays.copyOf(buf.array(), n));
  }

  /**
   * @param base64 a histogram encoded by {@link #encode} (or by HdrHistogram's log writer)
   * @return the histogram
   * @throws IllegalArgumentException when the text is not an encoded histogram
   */
  public static Histogram decode(String base64) {
    try {
      return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
    } catch (DataFormatException | BufferUnderflowException | IllegalArgumentException e) {
      throw new IllegalArgumentException("not an encoded histogram: " + e.getMessage(), e);
    }
  }
}
