package site.ycsb.measurements;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import site.ycsb.Status;
import site.ycsb.measurements.exporter.MeasurementsExporter;

/**
 * Upstream YCSB's entry point for figures a binding or workload measures itself, e.g.
 * {@code Measurements.getMeasurements().measure("HBASE-FLUSH", micros)}: the values appear in
 * the phase's summary and results folder as a section of their own ({@code [HBASE-FLUSH],
 * Operations, ...}), with the engine's percentiles, exact counts and return codes. A name the
 * engine uses itself ({@code VERIFY}, {@code READ-MODIFY-WRITE}, {@code UPDATE}...) adds to the
 * engine's figures of that name, as upstream's one set of figures per name did.
 *
 * <p>While a phase runs, an instance holds no figures: it hands what it is given to the recorder
 * of the calling worker thread for the current phase (see {@link BindingRecording}), so recording
 * costs what the engine's own recording costs and needs no lock; calls from other threads go to
 * one recorder the phase keeps for them. Calls made while no phase runs (a binding's unit test,
 * code driving an exporter itself) are kept by the instance, as upstream's kept everything, and
 * reported by {@link #exportMeasurements} and {@link #getSummary()}.
 */
public class Measurements {
  /** Upstream's measurement types; here every type records into the same figures. */
  public enum MeasurementType {
    HISTOGRAM,
    HDRHISTOGRAM,
    HDRHISTOGRAM_AND_HISTOGRAM,
    HDRHISTOGRAM_AND_RAW,
    TIMESERIES,
    RAW
  }

  /** Property: how figures are printed ({@code hdrhistogram}, {@code histogram}, {@code timeseries}, ...). */
  public static final String MEASUREMENT_TYPE_PROPERTY = "measurementtype";
  /** Property: latency from the actual start ({@code op}), the intended start ({@code intended}) or {@code both}. */
  public static final String MEASUREMENT_INTERVAL = "measurement.interval";
  /** Property: upstream's switch for the JVM figures. */
  public static final String MEASUREMENT_TRACK_JVM_PROPERTY = "measurement.trackjvm";
  /** Default of {@link #MEASUREMENT_TRACK_JVM_PROPERTY}. */
  public static final String MEASUREMENT_TRACK_JVM_PROPERTY_DEFAULT = "false";

  private static final double[] EXPORTED_PERCENTILES = {95, 99};
  private static final double[] SUMMARY_PERCENTILES = {90, 99, 99.9, 99.99};

  /** Upstream's API makes both static: the properties given before the first use, and the one instance. */
  private static Properties measurementProperties;
  private static Measurements singleton;

  private final Properties props;
  /** What was recorded through this instance while no phase ran; written and read under its lock. */
  private final WorkerRecorder outsidePhases = new WorkerRecorder();
  private final IntervalStats outsidePhasesTotal = new IntervalStats();
  private volatile boolean recordedOutsidePhases;

  /**
   * Sets the properties {@link #getMeasurements()} creates its instance with, as upstream's
   * client did before any binding ran.
   *
   * @param props the properties
   */
  public static synchronized void setProperties(Properties props) {
    measurementProperties = props;
  }

  /** @return the instance bindings and workloads record through */
  public static synchronized Measurements getMeasurements() {
    if (singleton == null) {
      singleton = new Measurements(measurementProperties);
    }
    return singleton;
  }

  /**
   * An instance that records as {@link #getMeasurements()} does: into the current phase.
   *
   * @param props the properties (kept for {@link #getProperties()}); may be null
   */
  public Measurements(Properties props) {
    this.props = props == null ? new Properties() : props;
  }

  /** @return the properties this instance was created with */
  public Properties getProperties() {
    return props;
  }

  /**
   * Sets when the calling thread's current operation should have started, for
   * {@link #getIntendedtartTimeNs()}. The engine knows this itself (the throttle's schedule), so
   * only code that runs its own schedule needs it.
   *
   * @param time the intended start, {@link System#nanoTime()} based; 0 to clear
   */
  public void setIntendedStartTimeNs(long time) {
    BindingRecording.setIntendedStart(time);
  }

  /**
   * @return when the calling worker's current operation should have started
   *     ({@link System#nanoTime()} based): its slot in the throttle's schedule, else the start of
   *     its first call, else now (upstream's spelling of the name)
   */
  public long getIntendedtartTimeNs() {
    return BindingRecording.intendedStart();
  }

  /**
   * Records one latency under a name, measured from the actual start: section {@code [operation]}.
   *
   * @param operation the section name, e.g. {@code HBASE-FLUSH}
   * @param latency the latency in microseconds
   */
  public void measure(String operation, int latency) {
    record(operation, false, latency * 1000L, null);
  }

  private void record(String name, boolean intended, long nanos, Status status) {
    if (!BindingRecording.record(name, intended, nanos, status)) {
      synchronized (outsidePhases) {
        outsidePhases.recordNamed(name, intended, nanos, status);
        recordedOutsidePhases = true;
      }
    }
  }

  /**
   * Records one latency under a name, measured from the intended start: section
   * {@code [Intended-operation]}.
   *
   * @param operation the section name
   * @param latency the latency in microseconds
   */
  public void measureIntended(String operation, int latency) {
    record(operation, true, latency * 1000L, null);
  }

  /**
   * Counts a return code under a name: a {@code Return=NAME} line of section {@code [operation]}.
   *
   * @param operation the section name
   * @param status the return code
   */
  public void reportStatus(String operation, Status status) {
    if (status != null) {
      record(operation, false, -1, status);
    }
  }

  /**
   * Writes the figures of the phase that ended last (or, if this instance recorded values while no
   * phase ran, those) as upstream's exporter lines: per section,
   * {@code Operations}, {@code AverageLatency(us)}, {@code MinLatency(us)}, {@code MaxLatency(us)},
   * the 95th and 99th percentiles and the return codes. The engine prints its own summary; this is
   * for code that drives an exporter itself.
   *
   * @param exporter where the lines go
   * @throws IOException when the exporter cannot write
   */
  public void exportMeasurements(MeasurementsExporter exporter) throws IOException {
    for (Map.Entry<String, LatencyStats> e : reportedSections().entrySet()) {
      LatencyStats s = e.getValue();
      String section = e.getKey();
      exporter.write(section, "Operations", s.count());
      exporter.write(section, "AverageLatency(us)", s.meanNanos() / 1000.0);
      exporter.write(section, "MinLatency(us)", micros(s.minNanos()));
      exporter.write(section, "MaxLatency(us)", micros(s.maxNanos()));
      for (double p : EXPORTED_PERCENTILES) {
        exporter.write(section, (int) p + "thPercentileLatency(us)", micros(s.percentileNanos(p)));
      }
      for (Map.Entry<String, Long> code : s.statusCounts().entrySet()) {
        exporter.write(section, "Return=" + code.getKey(), code.getValue());
      }
    }
  }

  /**
   * @return one line with the count, extremes, mean and upper percentiles (in microseconds) of
   *     each section {@link #exportMeasurements} would write, as upstream's status line showed them
   */
  public synchronized String getSummary() {
    StringBuilder out = new StringBuilder();
    for (Map.Entry<String, LatencyStats> e : reportedSections().entrySet()) {
      LatencyStats s = e.getValue();
      if (s.count() == 0) {
        continue;
      }
      out.append('[').append(e.getKey()).append(": Count=").append(s.count())
          .append(", Max=").append(micros(s.maxNanos()))
          .append(", Min=").append(micros(s.minNanos()))
          .append(", Avg=").append(String.format(Locale.ROOT, "%.2f", s.meanNanos() / 1000.0));
      for (double p : SUMMARY_PERCENTILES) {
        out.append(", ").append(p == Math.rint(p) ? Long.toString((long) p) : Double.toString(p))
            .append('=').append(micros(s.percentileNanos(p)));
      }
      out.append("] ");
    }
    return out.toString();
  }

  /** @return what this instance recorded outside phases if anything, else the phase that ended last */
  private Map<String, LatencyStats> reportedSections() {
    if (recordedOutsidePhases) {
      synchronized (outsidePhases) {
        outsidePhases.drainInto(outsidePhasesTotal);
        return sectionsOf(outsidePhasesTotal);
      }
    }
    return sectionsOf(BindingRecording.lastPhaseTotals());
  }

  /** @return the sections of some figures, by name, those with something recorded only */
  private static Map<String, LatencyStats> sectionsOf(IntervalStats totals) {
    Map<String, LatencyStats> sections = new LinkedHashMap<>();
    if (totals == null) {
      return sections;
    }
    for (Operation op : Operation.all()) {
      for (Outcome outcome : Outcome.values()) {
        LatencyStats s = totals.get(op, outcome);
        if (!s.isEmpty()) {
          sections.put(outcome.section(op), s);
        }
      }
    }
    totals.named(false).forEach(sections::put);
    totals.named(true).forEach((name, s) -> sections.put("Intended-" + name, s));
    return sections;
  }

  private static long micros(long nanos) {
    return Math.round(nanos / 1000.0);
  }
}
