package site.ycsb.testsupport;

/**
 * The checks every binding's end-to-end test makes on a {@code load} and a {@code run}: the exit
 * code, the exact operation counts, and that every operation succeeded.
 */
public final class WorkloadChecks {
  private static final String[] SECTIONS = {"READ", "UPDATE", "INSERT", "SCAN", "DELETE", "READ-MODIFY-WRITE"};

  private WorkloadChecks() {
  }

  /**
   * Checks a load phase: exit code 0, exactly {@code records} inserts, all OK, none failed.
   *
   * @param load the finished load
   * @param records the records it had to insert
   */
  public static void assertLoaded(YcsbRun load, long records) {
    check(load.exitCode() == 0, "exit code " + load.exitCode(), load);
    Results r = load.results();
    check(r.getLong("INSERT", "Operations") == records, "expected " + records + " inserts", load);
    check(r.getLong("INSERT", "Return=OK", 0) == records, "expected " + records + " inserts OK", load);
    check(r.getLong("OVERALL", "FailedOperations", 0) == 0, "expected no failed operation", load);
  }

  /**
   * Checks a run phase: exit code 0, exactly {@code operations} workload operations, none failed,
   * and in every operation section the {@code Return=OK} count equal to its operations.
   *
   * @param run the finished run
   * @param operations the operation count it was given
   * @return the number of records the run inserted
   */
  public static long assertRanWithoutFailures(YcsbRun run, long operations) {
    check(run.exitCode() == 0, "exit code " + run.exitCode(), run);
    Results r = run.results();
    check(r.getLong("OVERALL", "Operations") == operations, "expected " + operations + " operations", run);
    check(r.getLong("OVERALL", "FailedOperations", 0) == 0, "expected no failed operation", run);
    for (String section : SECTIONS) {
      check(!r.has(section + "-FAILED", "Operations"), "expected no [" + section + "-FAILED] section", run);
      long ops = r.getLong(section, "Operations", 0);
      check(r.getLong(section, "Return=OK", 0) == ops, "every " + section + " returned OK", run);
    }
    return r.getLong("INSERT", "Return=OK", 0);
  }

  private static void check(boolean condition, String what, YcsbRun run) {
    if (!condition) {
      throw new AssertionError(what + "\n" + run.describe());
    }
  }
}
