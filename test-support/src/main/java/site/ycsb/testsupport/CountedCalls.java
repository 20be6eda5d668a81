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
