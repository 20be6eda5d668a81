package site.ycsb.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import site.ycsb.props.CoreProperties;
import site.ycsb.props.PropertyDef;
import site.ycsb.results.HdrFileOutput;
import site.ycsb.results.RawOutput;
import site.ycsb.results.RawToStdout;
import site.ycsb.results.Summary;
import site.ycsb.measurements.PhaseListener;

/**
 * Upstream's output settings ({@code measurementtype}, {@code histogram.buckets},
 * {@code measurement.histogram.verbose}, {@code measurement.raw.output_file},
 * {@code measurement.raw.no_summary}, {@code hdrhistogram.fileoutput},
 * {@code hdrhistogram.output.path}, {@code measurement.trackjvm}). Each takes effect as upstream's
 * does; one that has no effect with the chosen type gets a note, not an error, because upstream's
 * own workload files set such combinations. Only settings that cannot be carried out (a missing
 * folder, two switches contradicting each other) stop the phase.
 */
final class OutputOptions {
  private final Properties props;
  private final String type;
  private final boolean histogram;
  private final boolean raw;
  private RawToStdout rawToStdout;

  private OutputOptions(Properties props) {
    this.props = props;
    this.type = CoreProperties.MEASUREMENT_TYPE.getChoice(props);
    this.histogram = type.endsWith("histogram") && !"hdrhistogram".equals(type);
    this.raw = type.endsWith("raw");
  }

  /**
   * @param props the phase's properties
   * @param err receives a note for each setting that has no effect
   * @return the checked settings
   * @throws UsageException when a setting cannot be carried out
   */
  static OutputOptions check(Properties props, PrintStream err) throws UsageException {
    OutputOptions o = new OutputOptions(props);
    boolean verbose = CoreProperties.HISTOGRAM_VERBOSE.getBoolean(props);
    if (!o.histogram) {
      o.noEffect(err, CoreProperties.HISTOGRAM_VERBOSE, "measurementtype=histogram");
      o.noEffect(err, CoreProperties.HISTOGRAM_BUCKETS, "measurementtype=histogram and"
          + " measurement.histogram.verbose=true (percentiles come from HdrHistogram)");
    } else if (!verbose) {
      o.noEffect(err, CoreProperties.HISTOGRAM_BUCKETS, "measurement.histogram.verbose=true, which prints the"
          + " 1-ms bucket lines (percentiles come from HdrHistogram, not from the buckets)");
    }
    if (!o.raw) {
      o.noEffect(err, CoreProperties.RAW_OUTPUT_FILE, "measurementtype=raw");
      o.noEffect(err, CoreProperties.RAW_NO_SUMMARY, "measurementtype=raw");
    }
    boolean hdrFiles = CoreProperties.HDR_FILE_OUTPUT.getBoolean(props);
    if (!hdrFiles) {
      o.noEffect(err, CoreProperties.HDR_OUTPUT_PATH, "hdrhistogram.fileoutput=true (resultsdir's hdr/ folder"
          + " holds the same logs in nanoseconds)");
    } else {
      requireFolderOf(CoreProperties.HDR_OUTPUT_PATH.get(props) + "READ.hdr", "hdrhistogram.output.path");
    }
    if (o.raw && o.rawFile() != null) {
      requireFolderOf(o.rawFile(), "measurement.raw.output_file");
    }
    if (CoreProperties.TRACK_JVM.isSet(props) && CoreProperties.JVM_STATS.isSet(props)
        && CoreProperties.TRACK_JVM.getBoolean(props) != CoreProperties.JVM_STATS.getBoolean(props)) {
      throw new UsageException("measurement.trackjvm=" + CoreProperties.TRACK_JVM.get(props) + " contradicts"
          + " measure.jvm=" + CoreProperties.JVM_STATS.get(props) + ": set one of them");
    }
    return o;
  }

  /** One line saying that a property given has no effect, and what it needs to have one. */
  private void noEffect(PrintStream err, PropertyDef property, String needs) {
    if (property.isSet(props)) {
      err.println("NOTE: " + property.name() + " has no effect with measurementtype=" + type + ": it is used with "
          + needs);
    }
  }

  /** @return the raw output file, or null for stdout (upstream's default) */
  private String rawFile() {
    String file = CoreProperties.RAW_OUTPUT_FILE.get(props);
    return file == null || file.isBlank() ? null : file;
  }

  private static void requireFolderOf(String file, String property) throws UsageException {
    Path parent = Path.of(file).toAbsolutePath().getParent();
    if (parent == null || !Files.isDirectory(parent)) {
      throw new UsageException("property " + property + ": folder " + parent + " does not exist");
    }
  }

  /** @return whether the JVM and client resource lines are printed */
  boolean jvmLines() {
    return CoreProperties.TRACK_JVM.isSet(props) ? CoreProperties.TRACK_JVM.getBoolean(props)
        : CoreProperties.JVM_STATS.getBoolean(props);
  }

  /**
   * Adds the summary lines and the listeners the settings ask for.
   *
   * @param summary receives the histogram bucket lines and the raw summary lines
   * @param listeners receives the raw and HdrHistogram file writers
   * @throws UsageException when the raw output file cannot be created
   */
  void apply(Summary summary, List<PhaseListener> listeners) throws UsageException {
    if (histogram && CoreProperties.HISTOGRAM_VERBOSE.getBoolean(props)) {
      summary.withHistogramBuckets(CoreProperties.HISTOGRAM_BUCKETS.getInt(props));
    }
    if (raw) {
      summary.withRawSummary(!CoreProperties.RAW_NO_SUMMARY.getBoolean(props));
      String file = rawFile();
      if (file == null) {
        rawToStdout = new RawToStdout();
        listeners.add(rawToStdout);
      } else {
        try {
          listeners.add(new RawOutput(Path.of(file)));
        } catch (IOException e) {
          throw new UsageException("property measurement.raw.output_file=" + file + " cannot be written: "
              + site.ycsb.props.FileProblems.reason(e));
        }
      }
    }
    if (CoreProperties.HDR_FILE_OUTPUT.getBoolean(props)) {
      listeners.add(new HdrFileOutput(CoreProperties.HDR_OUTPUT_PATH.get(props)));
    }
  }

  /**
   * Prints the raw samples kept for stdout, before the summary as upstream does.
   *
   * @param out stdout
   */
  void printRawSamples(PrintStream out) {
    if (rawToStdout != null) {
      rawToStdout.printTo(out);
    }
  }
}
