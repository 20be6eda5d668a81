package site.ycsb.results;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import site.ycsb.measurements.exporter.JSONArrayMeasurementsExporter;
import site.ycsb.measurements.exporter.JSONMeasurementsExporter;
import site.ycsb.measurements.exporter.MeasurementsExporter;
import site.ycsb.measurements.exporter.TextMeasurementsExporter;
import site.ycsb.props.PropertyException;

/** Creates the exporter the {@code exporter} property names and writes result lines with it. */
public final class Exporters {
  private Exporters() {
  }

  /**
   * @param name text, json, jsonarray, or an exporter class name
   * @param os where it writes
   * @return the exporter
   */
  public static MeasurementsExporter create(String name, OutputStream os) {
    try {
      switch (name.toLowerCase(java.util.Locale.ROOT)) {
        case "text":
          return new TextMeasurementsExporter(os);
        case "json":
          return new JSONMeasurementsExporter(os);
        case "jsonarray":
          return new JSONArrayMeasurementsExporter(os);
        default:
          Class<?> c = Class.forName(name);
          if (!MeasurementsExporter.class.isAssignableFrom(c)) {
            throw PropertyException.invalid("exporter", name, "text, json, jsonarray or a MeasurementsExporter class");
          }
          return (MeasurementsExporter) c.getConstructor(OutputStream.class).newInstance(os);
      }
    } catch (ReflectiveOperationException | IOException e) {
      throw PropertyException.invalid("exporter", name, "text, json, jsonarray or a MeasurementsExporter class"
          + " with a constructor taking an OutputStream");
    }
  }

  /** Writes every line, then closes the exporter. */
  public static void write(MeasurementsExporter exporter, List<ResultLine> lines) throws IOException {
    try (MeasurementsExporter e = exporter) {
      for (ResultLine l : lines) {
        if (l.value() instanceof Double || l.value() instanceof Float) {
          e.write(l.section(), l.metric(), l.value().doubleValue());
        } else {
          e.write(l.section(), l.metric(), l.value().longValue());
        }
      }
    }
  }
}
