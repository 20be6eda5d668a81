package site.ycsb.testsupport;

import java.util.Map;

/**
 * The database calls a run's results account for, to set against what the server itself counted:
 * those the window counted (every outcome), the warm-up's, and those left out of the window
 * because they ended after its deadline or were still in flight at the end.
 */
public final class CountedCalls {
  private CountedCalls() {
  }

  /**
   * @param r a run's results
   * @param section an operation's section, e.g. {@code READ}
   * @return the calls of that kind the window counted, whatever their outcome
   */
  public static long inWindow(Results r, String section) {
    long n = 0;
    for (Map.Entry<String, String> e : r.section(section).entrySet()) {
      if (e.getKey().startsWith("Return=")) {
        n += Long.parseLong(e.getValue());
      }
    }
    return n;
  }

  /**
   * @param r a run's results
   * @return the calls outside the window: warm-up, discarded after the deadline, abandoned at the end
   */
  public static long outsideWindow(Results r) {
    return r.getLong("WARMUP", "Operations", 0) + r.getLong("OVERALL", "DiscardedAfterDeadline", 0)
        + r.getLong("OVERALL", "AbandonedOperations", 0);
  }

  /**
   * Checks a saturated run of reads and updates against what the server counted: no failure, no
   * operation abandoned, a warm-up and a window of some size, and every read and update the server
   * ran in the results exactly once (each kind at least what the window counted, at most that
   * and the calls outside the window). Prints the figures.
   *
   * @param run the run
   * @param path what the run was (for the messages)
   * @param reads reads the server ran during the run
   * @param updates updates the server ran during the run
   * @param atLeast what makes the run a saturated one: more warm-up operations than this, and more
   *     than ten times as many in the window
   */
  public static void assertServerRanEachOnce(YcsbRun run, String path, long reads, long updates, long atLeast) {
    Results r = run.results();
    String what = path + ": the server ran " + reads + " reads and " + updates + " updates\n" + run.describe();
    check(run.exitCode() == 0 && r.getLong("OVERALL", "FailedOperations") == 0, "no failure", what);
    check(r.getLong("OVERALL", "AbandonedOperations", 0) == 0,
        "a healthy server answers every operation before the stop timeout", what);
    check(r.getLong("WARMUP", "Operations") > atLeast && r.getLong("OVERALL", "Operations") > 10 * atLeast,
        "a saturated run with a warm-up", what);
    long windowReads = inWindow(r, "READ");
    long windowUpdates = inWindow(r, "UPDATE");
    long outside = outsideWindow(r);
    System.out.printf("%s: server %d reads + %d updates; window %d + %d, warm-up %d, after the deadline %d%n", path,
        reads, updates, windowReads, windowUpdates, r.getLong("WARMUP", "Operations"),
        r.getLong("OVERALL", "DiscardedAfterDeadline"));
    check(reads + updates == windowReads + windowUpdates + outside, "every call counted once: "
        + (windowReads + windowUpdates) + " in the window and " + outside + " outside it", what);
    check(reads >= windowReads && reads <= windowReads + outside, "the reads", what);
    check(updates >= windowUpdates && updates <= windowUpdates + outside, "the updates", what);
  }

  private static void check(boolean ok, String expected, String what) {
    if (!ok) {
      throw new AssertionError(expected + "\n" + what);
    }
  }

  /**
   * @param r a run's results
   * @param sections the operations' sections, e.g. {@code READ}, {@code UPDATE}
   * @return every call of those kinds the results account for, in the window or outside it
   */
  public static long all(Results r, String... sections) {
    long n = outsideWindow(r);
    for (String s : sections) {
      n += inWindow(r, s);
    }
    return n;
  }
}
