package site.ycsb.measurements;

import java.util.Arrays;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Collectors;
import site.ycsb.props.CoreProperties;

/**
 * What workers record beyond the standard figures, decided once per phase: per-call raw samples
 * ({@code measurementtype=raw}) and latency sections per error code
 * ({@code reportlatencyforeacherror}, {@code latencytrackederrors}). Both are off by default, and
 * the hot path then only tests two fields.
 *
 * @param rawSamples whether every call's end time and latency is kept for the raw output file
 * @param everyErrorCode whether every failed call also gets a section named after its code
 * @param trackedErrorCodes codes whose failed calls get such a section (when not every code does)
 */
public record RecordingOptions(boolean rawSamples, boolean everyErrorCode, Set<String> trackedErrorCodes) {
  /** The standard figures only. */
  public static final RecordingOptions STANDARD = new RecordingOptions(false, false, Set.of());

  public RecordingOptions {
    trackedErrorCodes = Set.copyOf(trackedErrorCodes);
  }

  /**
   * @param props the phase's properties
   * @return what {@code measurementtype}, {@code reportlatencyforeacherror} and
   *     {@code latencytrackederrors} ask for
   */
  public static RecordingOptions from(Properties props) {
    boolean raw = CoreProperties.MEASUREMENT_TYPE.getChoice(props).endsWith("raw");
    Set<String> tracked = Arrays.stream(CoreProperties.LATENCY_TRACKED_ERRORS.get(props).split(","))
        .map(String::trim).filter(c -> !c.isEmpty()).collect(Collectors.toSet());
    return new RecordingOptions(raw, CoreProperties.REPORT_LATENCY_FOR_EACH_ERROR.getBoolean(props), tracked);
  }

  /** @return whether any error code gets its own section */
  boolean tracksErrorCodes() {
    return everyErrorCode || !trackedErrorCodes.isEmpty();
  }
}
