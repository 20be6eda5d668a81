package site.ycsb.measurements.exporter;

import java.io.Closeable;
import java.io.IOException;

/**
 * Writes result lines in some format. Each line is a section (e.g. {@code READ}), a metric
 * (e.g. {@code Operations}) and a value. Implementations take an {@link java.io.OutputStream}
 * in their constructor, so an exporter class can be named with the {@code exporter} property.
 */
public interface MeasurementsExporter extends Closeable {
  /**
   * @param metric the section, e.g. {@code OVERALL}
   * @param measurement the metric, e.g. {@code RunTime(ms)}
   * @param i the value
   * @throws IOException when writing fails
   */
  void write(String metric, String measurement, int i) throws IOException;

  /**
   * @param metric the section
   * @param measurement the metric
   * @param i the value
   * @throws IOException when writing fails
   */
  void write(String metric, String measurement, long i) throws IOException;

  /**
   * @param metric the section
   * @param measurement the metric
   * @param d the value
   * @throws IOException when writing fails
   */
  void write(String metric, String measurement, double d) throws IOException;
}
