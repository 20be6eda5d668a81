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

  private ExitCodes() {
  }
}
