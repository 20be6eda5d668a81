package site.ycsb.measurements;

/** Which figures a latency belongs to. */
public enum Outcome {
  /** Successful operations, measured from their actual start: the {@code [READ]} section. */
  OK(""),
  /** Failed operations, measured from their actual start: the {@code [READ-FAILED]} section. */
  FAILED("-FAILED"),
  /** All operations, measured from their intended start under a throttle: {@code [Intended-READ]}. */
  INTENDED("");

  private final String suffix;

  Outcome(String suffix) {
    this.suffix = suffix;
  }

  /**
   * @param op the operation
   * @return the section name results use for this outcome of {@code op}
   */
  public String section(Operation op) {
    return this == INTENDED ? "Intended-" + op.label() : op.label() + suffix;
  }
}
