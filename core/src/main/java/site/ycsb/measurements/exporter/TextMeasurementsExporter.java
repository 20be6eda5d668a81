package site.ycsb.measurements.exporter;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;

/** Lines of the form {@code [SECTION], METRIC, VALUE}, the format scripts for YCSB parse. */
public class TextMeasurementsExporter implements MeasurementsExporter {
  private final BufferedWriter out;

  /** @param os where the lines go; closed by {@link #close()} unless it is stdout */
  public TextMeasurementsExporter(OutputStream os) {
    this.out = new BufferedWriter(new OutputStreamWriter(os, StandardCharsets.UTF_8));
  }

  private void line(String metric, String measurement, String value) throws IOException {
    out.write('[');
    out.write(metric);
    out.write("], ");
    out.write(measurement);
    out.write(", ");
    out.write(value);
    out.newLine();
  }

  @Override
  public void write(String metric, String measurement, int i) throws IOException {
    line(metric, measurement, Integer.toString(i));
  }

  @Override
  public void write(String metric, String measurement, long i) throws IOException {
    line(metric, measurement, Long.toString(i));
  }

  @Override
  public void write(String metric, String measurement, double d) throws IOException {
    // plain decimals, as the lines of smaller values look: 60240502.095, never 6.0240502095E7
    line(metric, measurement, Double.isFinite(d) ? java.math.BigDecimal.valueOf(d).toPlainString() : Double.toString(d));
  }

  @Override
  public void close() throws IOException {
    out.close();
  }
}
