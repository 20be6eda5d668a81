package site.ycsb.tools.comparison;

import java.util.ArrayList;
import java.util.List;
import site.ycsb.ExitCodes;
import site.ycsb.tools.stats.Difference;

/**
 * {@code compare --fail-on}: each threshold judged on the comparison. A threshold is broken (a
 * regression) when the candidate's figure is worse than the limit and the difference is significant
 * (its interval lies wholly on the worse side of no change); it is met when the interval rules out a
 * change beyond the limit; otherwise the runs cannot tell (inconclusive): too short or too noisy to
 * say, which is not a pass.
 */
public final class Gate {
  /** What a threshold came to. */
  public enum Outcome {
    /** The interval of the change lies within the limit. */
    WITHIN("within"),
    /** Worse than the limit, and significant. */
    REGRESSION("REGRESSION"),
    /** Neither: the runs cannot tell. */
    INCONCLUSIVE("inconclusive");

    private final String text;

    Outcome(String text) {
      this.text = text;
    }

    /** @return as the output prints it */
    public String text() {
      return text;
    }
  }

  /**
   * One threshold judged.
   *
   * @param threshold the threshold
   * @param row the compared figure, or null when neither side measured it
   * @param outcome what it came to
   * @param change the change, in the threshold's units (percent, or the figure's units)
   * @param low lower end of its interval
   * @param high upper end
   * @param why the reason, in words
   */
  public record Judgement(GateThreshold threshold, Comparison.Row row, Outcome outcome, double change, double low,
                          double high, String why) {
  }

  private final List<Judgement> judgements = new ArrayList<>();

  /**
   * @param thresholds the thresholds
   * @param comparison a comparison that compared every figure they name
   */
  public Gate(List<GateThreshold> thresholds, Comparison comparison) {
    for (GateThreshold t : thresholds) {
      judgements.add(judge(t, comparison.row(t.figure())));
    }
  }

  /** @return each threshold judged, in the order given */
  public List<Judgement> judgements() {
    return judgements;
  }

  /** @return 0 when every threshold was met, else {@link ExitCodes#REGRESSION} or {@link ExitCodes#INCONCLUSIVE} */
  public int exitCode() {
    if (judgements.stream().anyMatch(j -> j.outcome() == Outcome.REGRESSION)) {
      return ExitCodes.REGRESSION;
    }
    if (judgements.stream().anyMatch(j -> j.outcome() == Outcome.INCONCLUSIVE)) {
      return ExitCodes.INCONCLUSIVE;
    }
    return ExitCodes.OK;
  }

  static Judgement judge(GateThreshold t, Comparison.Row row) {
    if (row == null) {
      return new Judgement(t, null, Outcome.INCONCLUSIVE, Double.NaN, Double.NaN, Double.NaN,
          "neither side measured " + t.figure().name());
    }
    Difference d = row.difference();
    if (!d.known()) {
      return new Judgement(t, row, Outcome.INCONCLUSIVE, Double.NaN, Double.NaN, Double.NaN, "cannot tell: "
          + d.unknown());
    }
    double change = t.relative() ? d.relative() : d.estimate();
    double low = t.relative() ? d.relativeLow() : d.low();
    double high = t.relative() ? d.relativeHigh() : d.high();
    if (Double.isNaN(change) || Double.isNaN(low) || Double.isNaN(high)) {
      return new Judgement(t, row, Outcome.INCONCLUSIVE, change, low, high, "the baseline's figure is 0, so a"
          + " change in percent of it means nothing: give the limit in " + t.figure().unit());
    }
    // signed so that a larger value is worse
    double sign = t.higherFails() ? 1 : -1;
    double worse = sign * change;
    double worstEnd = Math.max(sign * low, sign * high);
    double bestEnd = Math.min(sign * low, sign * high);
    double limit = sign * t.limit();
    boolean beyond = t.inclusive() ? worse >= limit : worse > limit;
    boolean significant = bestEnd > 0;
    String limitText = t.limitText();
    if (beyond && significant) {
      return new Judgement(t, row, Outcome.REGRESSION, change, low, high, "worse than " + limitText
          + ", and the interval lies wholly on the worse side of no change");
    }
    boolean ruledOut = t.inclusive() ? worstEnd < limit : worstEnd <= limit;
    if (ruledOut) {
      return new Judgement(t, row, Outcome.WITHIN, change, low, high, "the interval rules out a change beyond "
          + limitText);
    }
    if (beyond) {
      return new Judgement(t, row, Outcome.INCONCLUSIVE, change, low, high, "worse than " + limitText
          + ", but the interval holds no change: not significant");
    }
    return new Judgement(t, row, Outcome.INCONCLUSIVE, change, low, high, "the interval reaches beyond "
        + limitText + ": the runs cannot rule it out");
  }
}
