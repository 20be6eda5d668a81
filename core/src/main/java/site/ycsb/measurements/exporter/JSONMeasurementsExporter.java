package site.ycsb.measurements.exporter;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.MinimalPrettyPrinter;
import java.io.IOException;
import java.io.OutputStream;

/**
 * One JSON object per result line, {@code {"metric": SECTION, "measurement": METRIC, "value": v}},
 * written as a stream of objects separated by newlines.
 */
public class JSONMeasurementsExporter implements MeasurementsExporter {
  private final JsonGenerator g;

  /** @param os where the objects go */
  public JSONMeasurementsExporter(OutputStream os) throws IOException {
    g = new JsonFactory().createGenerator(os, JsonEncoding.UTF8);
    g.setPrettyPrinter(new MinimalPrettyPrinter("\n"));
  }

  JSONMeasurementsExporter(JsonGenerator g) {
    this.g = g;
  }

  JsonGenerator generator() {
    return g;
  }

  private void start(String metric, String measurement) throws IOException {
    g.writeStartObject();
    g.writeStringField("metric", metric);
    g.writeStringField("measurement", measurement);
  }

  @Override
  public void write(String metric, String measurement, int i) throws IOException {
    write(metric, measurement, (long) i);
  }

  @Override
  public void write(String metric, String measurement, long i) throws IOException {
    start(metric, measurement);
    g.writeNumberField("value", i);
    g.writeEndObject();
  }

  @Override
  public void write(String metric, String measurement, double d) throws IOException {
    start(metric, measurement);
    g.writeNumberField("value", d);
    g.writeEndObject();
  }

  @Override
  public void close() throws IOException {
    g.writeRaw('\n');
    g.close();
  }
}
