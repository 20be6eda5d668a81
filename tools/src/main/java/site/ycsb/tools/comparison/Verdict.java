package site.ycsb.tools.comparison;

import site.ycsb.tools.stats.Difference;

/** What a difference says, in the figure's own terms. */
public enum Verdict {
  /** More throughput, or less latency, beyond the noise. */
  FASTER("faster"),
  /** Less throughput, or more latency, beyond the noise. */
  SLOWER("slower"),
  /** Fewer failed calls beyond the noise. */
  FEWER_FAILURES("fewer failures"),
  /** More failed calls beyond the noise. */
  MORE_FAILURES("more failures"),
  /** The interval of the difference holds 0: the runs cannot tell the two apart. */
  NO_SIGNIFICANT_DIFFERENCE("no significant difference"),
  /** The data are too few to say anything (too few intervals, one run on each side, no interval log). */
  CANNOT_TELL("cannot tell");

  private final String text;

  Verdict(String text) {
    this.text = text;
  }

  /** @return as the output prints it */
  public String text() {
    return text;
  }

  /**
   * @param figure what was compared
   * @param d how the candidate differs from the baseline
   * @return the verdict
   */
  public static Verdict of(Figure figure, Difference d) {
    if (!d.known()) {
      return CANNOT_TELL;
    }
    int direction = d.direction();
    if (direction == 0) {
      return NO_SIGNIFICANT_DIFFERENCE;
    }
    boolean worse = figure.higherIsWorse() ? direction > 0 : direction < 0;
    if (figure.kind() == Figure.Kind.FAILURES) {
      return worse ? MORE_FAILURES : FEWER_FAILURES;
    }
    return worse ? SLOWER : FASTER;
  }
}
