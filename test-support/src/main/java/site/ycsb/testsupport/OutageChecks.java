package site.ycsb.testsupport;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What a user must see after a server went away in the middle of a run ({@link FaultRun}), on
 * either path: the failures counted in the intervals where they happened, figures that add up,
 * a phase that ends on time, and the cause told once. Each check throws an {@link AssertionError}
 * with the run's whole output.
 */
public final class OutageChecks {
  /** Intervals shorter than this (a sliver at the deadline) may hold no operation. */
  private static final long SLIVER_MILLIS = 150;

  private final FaultRun fault;
  private final Results results;

  /** @param fault an executed run; checks it exited 0 */
  public OutageChecks(FaultRun fault) {
    this.fault = fault;
    this.results = fault.run().results();
    check(fault.run().exitCode() == 0, "the run exits 0");
  }

  /**
   * Each operation's {@code Return=} lines sum to its successful and failed operations, and the
   * time series holds every failure the summary counts (none after the deadline, none lost).
   *
   * @return this
   */
  public OutageChecks totalsAddUp() {
    long failedInSummary = 0;
    for (String section : results.sections()) {
      if (section.endsWith("-FAILED") || section.startsWith("Intended-") || section.equals("ALL")
          || section.equals("OVERALL")) {
        continue;
      }
      long returns = 0;
      for (Map.Entry<String, String> e : results.section(section).entrySet()) {
        if (e.getKey().startsWith("Return=")) {
          returns += Long.parseLong(e.getValue());
        }
      }
      if (returns == 0) {
        continue;
      }
      long failed = results.getLong(section + "-FAILED", "Operations", 0);
      failedInSummary += failed;
      check(returns == results.getLong(section, "Operations", 0) + failed,
          "[" + section + "] Return= lines sum to its Operations plus [" + section + "-FAILED] Operations");
    }
    check(failedInSummary == fault.series().totalFailed(),
        "the time series holds the " + failedInSummary + " failures of the summary (it has "
            + fault.series().totalFailed() + ")");
    long operations = fault.series().intervals().stream().mapToLong(TimeSeries.Interval::operations).sum();
    check(operations == results.getLong("OVERALL", "Operations"), "the time series holds every operation");
    return this;
  }

  /**
   * Every failed call has one of the given statuses: the same failure, the same status on both paths.
   *
   * @param statuses e.g. {@code "SERVICE_UNAVAILABLE"}
   * @return this
   */
  public OutageChecks failuresAre(String... statuses) {
    Set<String> allowed = Set.of(statuses);
    for (String section : results.sections()) {
      if (section.endsWith("-FAILED") && !section.startsWith("Intended-")) {
        for (String metric : results.section(section).keySet()) {
          if (metric.startsWith("Return=")) {
            check(allowed.contains(metric.substring("Return=".length())),
                "[" + section + "] " + metric + " is one of " + allowed);
          }
        }
      }
    }
    return this;
  }

  /**
   * The first failure is counted soon after the fault, and from then until the server is back (or
   * the end) the intervals hold failures: never two in a row without one (one may be a stall of
   * the busy test machine; an outage shown as no traffic is many).
   *
   * @param withinMillis how long after the fault the first failed call may complete
   * @return this
   */
  public OutageChecks failuresCountedFromTheFault(long withinMillis) {
    TimeSeries.Interval first = fault.series().firstFailureAfter(fault.faultAtMillis());
    check(first != null, "a failure is counted after the fault");
    // the interval holding it ends at most one interval (and a late sampler) after the failure
    long bound = fault.faultAtMillis() + withinMillis + 2L * fault.granularityMillis();
    check(first.endMillis() <= bound, "the first failure is counted within " + withinMillis + " ms of the fault: "
        + first);
    long outageEnd = fault.restoredAtMillis() >= 0 ? fault.restoredAtMillis() : fault.deadlineMillis();
    long previousEnd = first.endMillis();
    TimeSeries.Interval silent = null;
    for (TimeSeries.Interval i : fault.series().between(first.endMillis(), outageEnd)) {
      if (fault.restoredAtMillis() >= 0 && i.failed() == 0 && i.succeeded() > 0) {
        // the client came through before the test saw the server back (a Sentinel failover the
        // client follows sooner than the test's own look): the outage is over for it
        break;
      }
      if (i.endMillis() - previousEnd >= SLIVER_MILLIS) {
        check(i.failed() > 0 || silent == null, "the outage's intervals count failures: none in " + silent
            + " nor in " + i);
        silent = i.failed() > 0 ? null : i;
      }
      previousEnd = i.endMillis();
    }
    return this;
  }

  /**
   * Operations succeed again once the server is back.
   *
   * @param withinMillis how long after the server was back the first success may come
   * @return this
   */
  public OutageChecks succeedsOnceRestored(long withinMillis) {
    check(fault.restoredAtMillis() >= 0, "the server was restored during the run");
    TimeSeries.Interval firstOk = null;
    for (TimeSeries.Interval i : fault.series().startingFrom(fault.restoredAtMillis())) {
      if (i.succeeded() > 0) {
        firstOk = i;
        break;
      }
    }
    check(firstOk != null, "operations succeed after the server is back");
    check(firstOk.endMillis() <= fault.restoredAtMillis() + withinMillis + 2L * fault.granularityMillis(),
        "operations succeed within " + withinMillis + " ms of the server being back: " + firstOk);
    return this;
  }

  /**
   * The measured window ends at its deadline (or when the run was stopped after the recovery) and
   * the command returns within the stop timeout after it (plus closing the connections): nothing
   * waits for a driver's own long timeout.
   *
   * @param cleanupMillis what closing the binding may add after the stop timeout
   * @return this
   */
  public OutageChecks endsWithinStopTimeout(long cleanupMillis) {
    check(results.getLong("OVERALL", "RunTime(ms)") <= fault.endMillis() + 500, "the window ends at the deadline");
    check(fault.returnedAtMillis() <= fault.endMillis() + fault.stopTimeoutMillis() + cleanupMillis,
        "the command returns within threadstoptimeout (+" + cleanupMillis + " ms to close) of the deadline");
    return this;
  }

  /**
   * The binding tells each cause once: its lines on stderr are few, none repeated, and together
   * they say what the user must know.
   *
   * @param prefix how the binding's lines start, e.g. {@code "redis: "}
   * @param max how many distinct causes at most
   * @param mentions a piece of text some line must contain, for each thing to be told
   * @return this
   */
  public OutageChecks toldOnce(String prefix, int max, String... mentions) {
    List<String> lines = fault.run().err().lines().filter(l -> l.startsWith(prefix)).collect(Collectors.toList());
    Set<String> distinct = new HashSet<>(lines);
    check(!lines.isEmpty() && lines.size() <= max, "1 to " + max + " lines starting with '" + prefix + "': "
        + lines.size());
    check(distinct.size() == lines.size(), "no line printed twice");
    for (String m : mentions) {
      check(lines.stream().anyMatch(l -> l.contains(m)), "a line says '" + m + "'");
    }
    return this;
  }

  private void check(boolean ok, String what) {
    if (!ok) {
      throw new AssertionError(what + "\n" + fault.describe());
    }
  }
}
