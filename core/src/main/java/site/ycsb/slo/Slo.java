package site.ycsb.slo;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import site.ycsb.measurements.IntervalStats;

/**
 * A service-level objective: the thresholds a run must meet (property {@code slo}). Evaluated on
 * the figures the recorder already keeps (the final histograms and the interval samples), never
 * per operation.
 */
public final class Slo {
  private final String text;
  private final List<Threshold> thresholds;

  private Slo(String text, List<Threshold> thresholds) {
    this.text = text;
    this.thresholds = Collections.unmodifiableList(thresholds);
  }

  /**
   * @param text the value of the {@code slo} property
   * @return the objective, or null when the text is null or blank (no objective)
   * @throws IllegalArgumentException naming the threshold that is wrong
   */
  public static Slo parse(String text) {
    if (text == null || text.isBlank()) {
      return null;
    }
    return new Slo(text.trim(), ThresholdParser.parse(text));
  }

  /** @return the thresholds, in the order given */
  public List<Threshold> thresholds() {
    return thresholds;
  }

  /** @return the thresholds as shown, comma-separated */
  public String describe() {
    List<String> s = new ArrayList<>();
    thresholds.forEach(t -> s.add(t.text()));
    return String.join(", ", s);
  }

  /** @return the property value it was read from */
  public String text() {
    return text;
  }

  /** @return whether any threshold is checked interval by interval */
  public boolean hasPerInterval() {
    return thresholds.stream().anyMatch(Threshold::perInterval);
  }

  /** @return an empty tally of intervals of this length */
  public IntervalTally newTally(long granularityNanos) {
    return new IntervalTally(thresholds, granularityNanos);
  }

  /**
   * @param measured the figures of the measured window
   * @param runtimeNanos its length
   * @param tally the intervals checked so far (per-interval thresholds)
   * @return one verdict per threshold, in order
   */
  public List<Verdict> evaluate(IntervalStats measured, long runtimeNanos, IntervalTally tally) {
    List<Verdict> out = new ArrayList<>();
    for (int i = 0; i < thresholds.size(); i++) {
      Threshold t = thresholds.get(i);
      if (t.perInterval()) {
        long checked = tally.checked(i);
        long met = tally.met(i);
        double share = checked > 0 ? 100.0 * met / checked : Double.NaN;
        // compared in whole intervals, so 19 of 20 meets "in 95%" however the division rounds
        boolean passed = checked > 0 && met >= Math.ceil(t.intervalShare() * checked - 1e-9);
        out.add(new Verdict(t, share, passed, checked, met));
      } else {
        double v = t.measure(measured, runtimeNanos);
        out.add(new Verdict(t, v, t.met(v), 0, 0));
      }
    }
    return out;
  }

  /** @return whether every verdict passed */
  public static boolean allPassed(List<Verdict> verdicts) {
    return verdicts.stream().allMatch(Verdict::passed);
  }
}
