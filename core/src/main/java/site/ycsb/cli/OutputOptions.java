package site.ycsb.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import site.ycsb.props.CoreProperties;
import site.ycsb.results.HdrFileOutput;
import site.ycsb.results.RawOutput;
import site.ycsb.results.Summary;
import site.ycsb.runner.PhaseListener;

/**
 * Upstream's output settings ({@code measurementtype}, {@code histogram.buckets},
 * {@code measurement.raw.output_file}, {@code hdrhistogram.fileoutput},
 * {@code hdrhistogram.output.path}, {@code measurement.trackjvm}): each either takes effect or
 * stops the phase with one line, never passes unnoticed. Settings that only make sense together
 * are checked together.
 */
final class OutputOptions {
  private final Properties props;
  private final String type;

  private OutputOptions(Properties props) {
    this.props = props;
    this.type = CoreProperties.MEASUREMENT_TYPE.getChoice(props);
  }

  /**
   * @param props the phase's properties
   * @return the checked settings
   * @throws UsageException when a setting is given without the one it belongs to
   */
  static OutputOptions check(Properties props) throws UsageException {
    OutputOptions o = new OutputOptions(props);
    boolean histogram = o.type.endsWith("histogram") && !"hdrhistogram".equals(o.type);
    boolean raw = o.type.endsWith("raw");
    if (CoreProperties.HISTOGRAM_BUCKETS.isSet(props) && !histogram) {
      throw new UsageException("histogram.buckets is used only with measurementtype=histogram (or"
          + " hdrhistogram+histogram); measurementtype is " + o.type);
    }
    String rawFile = CoreProperties.RAW_OUTPUT_FILE.get(props);
    if (raw && (rawFile == null || rawFile.isBlank())) {
      throw new UsageException("measurementtype=" + o.type + " needs measurement.raw.output_file=FILE:"
          + " one line per call goes there, stdout keeps the summary");
    }
    if (!raw && CoreProperties.RAW_OUTPUT_FILE.isSet(props)) {
      throw new UsageException("measurement.raw.output_file is used only with measurementtype=raw (or"
          + " hdrhistogram+raw); measurementtype is " + o.type);
    }
    boolean hdrFiles = CoreProperties.HDR_FILE_OUTPUT.getBoolean(props);
    if (!hdrFiles && CoreProperties.HDR_OUTPUT_PATH.isSet(props)) {
      throw new UsageException("hdrhistogram.output.path is used only with hdrhistogram.fileoutput=true"
          + " (or use resultsdir, whose hdr/ folder holds the same logs in nanoseconds)");
    }
    if (hdrFiles) {
      requireFolderOf(CoreProperties.HDR_OUTPUT_PATH.get(props) + "READ.hdr", "hdrhistogram.output.path");
    }
    if (raw) {
      requireFolderOf(rawFile, "measurement.raw.output_file");
    }
    if (CoreProperties.TRACK_JVM.isSet(props) && CoreProperties.JVM_STATS.isSet(props)
        && CoreProperties.TRACK_JVM.getBoolean(props) != CoreProperties.JVM_STATS.getBoolean(props)) {
      throw new UsageException("measurement.trackjvm=" + CoreProperties.TRACK_JVM.get(props) + " contradicts"
          + " measure.jvm=" + CoreProperties.JVM_STATS.get(props) + ": set one of them");
    }
    return o;
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
   * @param summary receives the histogram bucket lines
   * @param listeners receives the raw and HdrHistogram file writers
   * @throws UsageException when the raw output file cannot be created
   */
  void apply(Summary summary, List<PhaseListener> listeners) throws UsageException {
    if (type.endsWith("histogram") && !"hdrhistogram".equals(type)) {
      summary.withHistogramBuckets(CoreProperties.HISTOGRAM_BUCKETS.getInt(props));
    }
    if (type.endsWith("raw")) {
      String file = CoreProperties.RAW_OUTPUT_FILE.get(props);
      try {
        listeners.add(new RawOutput(Path.of(file)));
      } catch (IOException e) {
        throw new UsageException("property measurement.raw.output_file=" + file + " cannot be written: "
            + e.getMessage());
      }
    }
    if (CoreProperties.HDR_FILE_OUTPUT.getBoolean(props)) {
      listeners.add(new HdrFileOutput(CoreProperties.HDR_OUTPUT_PATH.get(props)));
    }
  }
}
