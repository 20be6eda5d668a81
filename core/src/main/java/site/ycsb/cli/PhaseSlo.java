package site.ycsb.cli;

import java.io.PrintStream;
import java.util.List;
import java.util.Properties;
import site.ycsb.measurements.PhaseResult;
import site.ycsb.props.CoreProperties;
import site.ycsb.results.ResultLine;
import site.ycsb.measurements.PhaseListener;
import site.ycsb.slo.Slo;
import site.ycsb.slo.SloLines;
import site.ycsb.slo.SloMonitor;
import site.ycsb.slo.Verdict;

/** A phase's service-level objective: read before the run, followed during it, judged at its end. */
final class PhaseSlo {
  private final Slo slo;
  private final SloMonitor monitor;
  /** Set once the runner exists, which is after the monitor was handed to it as a listener. */
  private volatile Runnable stopRun = () -> { };

  private PhaseSlo(Slo slo, long granularityNanos, boolean abort, long graceNanos) {
    this.slo = slo;
    this.monitor = new SloMonitor(slo, granularityNanos, abort, graceNanos, () -> stopRun.run());
  }

  /**
   * @param props the phase's properties
   * @return the objective of the phase, or null when {@code slo} is not set
   * @throws UsageException when {@code slo} is not a list of thresholds
   */
  static PhaseSlo of(Properties props) throws UsageException {
    Slo slo;
    try {
      slo = Slo.parse(CoreProperties.SLO.get(props));
    } catch (IllegalArgumentException e) {
      throw new UsageException("property slo: " + e.getMessage());
    }
    if (slo == null) {
      if (CoreProperties.SLO_ABORT.getBoolean(props)) {
        throw new UsageException("property slo.abort=true needs thresholds in slo, e.g. slo=READ.p99<5ms");
      }
      return null;
    }
    return new PhaseSlo(slo, CoreProperties.TIMESERIES_GRANULARITY.getLong(props) * 1_000_000L,
        CoreProperties.SLO_ABORT.getBoolean(props), (long) (CoreProperties.SLO_GRACE.getDouble(props) * 1e9));
  }

  /** @param stop ends the run early, as its deadline would */
  void stopWith(Runnable stop) {
    this.stopRun = stop;
  }

  /** @return the listener that checks the intervals as they come */
  PhaseListener listener() {
    return monitor;
  }

  private List<Verdict> verdicts(PhaseResult r) {
    return slo.evaluate(r.measured(), r.runtimeNanos(), monitor.tally());
  }

  /** @return the {@code [SLO]} lines for the summary so far, or at the end */
  List<ResultLine> lines(PhaseResult r) {
    return SloLines.lines(verdicts(r), monitor.abortedBy() != null);
  }

  /**
   * Says on stderr which thresholds were broken (one line each) or that all were met.
   *
   * @return whether every threshold was met
   */
  boolean report(PhaseResult r, PrintStream err) {
    List<Verdict> verdicts = verdicts(r);
    if (monitor.abortedBy() != null) {
      err.println("NOTE: the run was ended early (slo.abort=true) because a threshold was broken: "
          + monitor.abortedBy());
    }
    SloLines.brokenMessages(verdicts).forEach(err::println);
    boolean passed = Slo.allPassed(verdicts);
    if (passed) {
      err.println("SLO met: " + slo.describe());
    }
    return passed;
  }

  /** @return whether the early end of the run was the objective's doing */
  boolean aborted() {
    return monitor.abortedBy() != null;
  }
}
