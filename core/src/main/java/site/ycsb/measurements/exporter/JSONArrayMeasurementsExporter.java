package site.ycsb.measurements.exporter;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.OutputStream;

/** The same objects as {@link JSONMeasurementsExporter}, as one JSON array. */
public class JSONArrayMeasurementsExporter extends JSONMeasurementsExporter {

  /** @param os where the array goes */
  public JSONArrayMeasurementsExporter(OutputStream os) throws IOException {
    super(open(os));
  }

  private static JsonGenerator open(OutputStream os) throws IOException {
    JsonGenerator g = new JsonFactory().createGenerator(os, JsonEncoding.UTF8);
    g.useDefaultPrettyPrinter();
    g.writeStartArray();
    return g;
  }

  @Override
  public void close() throws IOException {
    generator().writeEndArray();
    super.close();
  }
}
