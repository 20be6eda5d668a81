package site.ycsb;

/**
 * The exit codes of every command ({@code load}, {@code run}, {@code merge}, {@code compare},
 * {@code report}, {@code experiment}, {@code fanout}, {@code kubernetes}), declared once: scripts
 * branch on them, so each means the same whichever command returns it.
 */
public final class ExitCodes {
  /** The command did what it was asked (a phase may still have had failed operations: its summary says so). */
  public static final int OK = 0;
  /** The command could not run: a database unreachable, a setup that failed, a run of an experiment that failed. */
  public static final int COULD_NOT_RUN = 1;
  /** The command line, a property or a plan was wrong: one line on stderr says what. */
  public static final int BAD_INPUT = 2;
  /**
   * The phase (or the merged results) broke a threshold of its service-level objective
   * ({@code slo}): the {@code [SLO]} section and one line per broken threshold on stderr say which.
   */
  public static final int SLO_BROKEN = 3;
  /**
   * {@code compare --fail-on}: a figure of the candidate is worse than the baseline's by more than
   * its threshold, and the difference is significant: one {@code REGRESSION: ...} line per
   * threshold on stderr.
   */
  public static final int REGRESSION = 4;
  /**
   * {@code compare --fail-on}: no threshold was shown broken, but for some the runs cannot tell
   * (too short or too noisy to rule out a change beyond the threshold): one
   * {@code INCONCLUSIVE: ...} line per such threshold on stderr. A regression wins over this.
   */
  public static final int INCONCLUSIVE = 5;

  private ExitCodes() {
  }
}
