package site.ycsb.testsupport;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * A {@code run} phase with a server fault in its middle, and what a user of it sees: the summary,
 * stderr, the time series, and when (since the phase started) the fault came, the server was back
 * and the command returned. The fault is timed from the phase itself: a thread watches the results
 * folder's time series and strikes once it shows {@code faultAfterMillis} of the run, so a slow
 * start (connecting on a loaded machine) never moves it outside the run.
 *
 * <pre>
 * FaultRun r = FaultRun.of(FaultRun.Path.ASYNCHRONOUS, runArgs)
 *     .fault(2000, server::kill).thenRestore(server::restart).execute();
 * new OutageChecks(r).totalsAddUp().failuresCountedFromTheFault(3000).endsWithinStopTimeout(3000);
 * </pre>
 *
 * <p>{@link #onBothPaths} runs a phase on each path side by side against one fault: a server
 * whose restart takes half a minute is killed and started again once for both.
 */
public final class FaultRun {
  /** The two ways the engine waits for the database. */
  public enum Path {
    /** One thread per operation in flight ({@code threadmode=threads}: a thread per session on any binding). */
    BLOCKING,
    /** {@code -inflight}: many operations in flight per thread, through the binding's asynchronous side. */
    ASYNCHRONOUS;

    /** @return the command-line options that select this path (two threads either way) */
    public String[] options() {
      return this == BLOCKING ? new String[] {"-threads", "2", "-p", "threadmode=threads"}
          : new String[] {"-threads", "2", "-inflight", "16"};
    }
  }

  /** The deadline of a run ended after its recovery, unless set: it only bounds the run. */
  public static final int RECOVERY_RUN_SECONDS = 30;

  /** Milliseconds per time-series interval in these runs, unless set. */
  public static final int GRANULARITY_MILLIS = 500;

  private final Path path;
  private final List<String> args;
  long faultAfterMillis = 2000;
  Runnable fault;
  Runnable restore;
  private double stopTimeoutSeconds = 2;
  private int runSeconds = 6;
  private boolean runSecondsGiven;
  int granularityMillis = GRANULARITY_MILLIS;
  long endAfterRecoveryMillis = -1;

  // what happened
  volatile boolean ended;
  private YcsbRun run;
  private TimeSeries series;
  long faultAtMillis = -1;
  long restoredAtMillis = -1;
  private long returnedAtMillis = -1;
  volatile long stoppedAtMillis = -1;

  private FaultRun(Path path, String... runArgs) {
    this.path = path;
    this.args = new ArrayList<>(Arrays.asList(runArgs));
  }

  /**
   * @param path the engine's path
   * @param runArgs {@code run BINDING -P ... -p ...}, without threads, run length or results folder
   * @return a run to describe further
   */
  public static FaultRun of(Path path, String... runArgs) {
    return new FaultRun(path, runArgs);
  }

  /**
   * @param runArgs {@code run BINDING -P ... -p ...}, without threads, run length or results folder
   * @return a run to describe further, made on both paths at once ({@link #executeOnEach()})
   */
  public static FaultRun onBothPaths(String... runArgs) {
    return new FaultRun(null, runArgs);
  }

  /**
   * @param afterMillis how long into the phase the fault comes
   * @param action the fault, e.g. {@code server::kill}
   * @return this
   */
  public FaultRun fault(long afterMillis, Runnable action) {
    this.faultAfterMillis = afterMillis;
    this.fault = action;
    return this;
  }

  /**
   * @param action run right after the fault, returning once the server is back (e.g. a restart)
   * @return this
   */
  public FaultRun thenRestore(Runnable action) {
    this.restore = action;
    return this;
  }

  /**
   * Ends the run once operations have succeeded again after the restore and gone on for this long,
   * instead of at its deadline ({@link #runSeconds}, which then only bounds it): for a server whose
   * restart takes a time no one can tell ahead (13-37 s for Cassandra or HBase on a busy machine).
   * The run uses {@link StoppableWorkload} (CoreWorkload), which ends it as a workload with no more
   * operations would.
   *
   * Unless {@link #runSeconds} is given, the deadline is then {@value #RECOVERY_RUN_SECONDS} s: a
   * restart that a busy host slows must not meet it before the run is ended.
   *
   * @param millis how long the run goes on after its first successes once the server is back
   * @return this
   */
  public FaultRun endAfterRecovery(long millis) {
    this.endAfterRecoveryMillis = millis;
    if (!runSecondsGiven) {
      runSeconds = RECOVERY_RUN_SECONDS;
    }
    return this;
  }

  /**
   * @param seconds {@code maxexecutiontime} (default 6, or {@value #RECOVERY_RUN_SECONDS} with {@link #endAfterRecovery})
   * @return this
   */
  public FaultRun runSeconds(int seconds) {
    this.runSeconds = seconds;
    this.runSecondsGiven = true;
    return this;
  }

  /**
   * @param millis {@code timeseries.granularity} (default {@value #GRANULARITY_MILLIS})
   * @return this
   */
  public FaultRun granularityMillis(int millis) {
    this.granularityMillis = millis;
    return this;
  }

  /**
   * @param seconds {@code threadstoptimeout} (default 2)
   * @return this
   */
  public FaultRun stopTimeoutSeconds(double seconds) {
    this.stopTimeoutSeconds = seconds;
    return this;
  }

  /**
   * Runs the phase, with the fault (and the restoring) from a thread of its own.
   *
   * @return this, executed
   * @throws IllegalStateException when the phase ended before the fault came
   */
  public FaultRun execute() {
    if (path == null) {
      throw new IllegalStateException("a run on both paths is made with executeOnEach()");
    }
    FaultRunsTogether.execute(List.of(this));
    return this;
  }

  /**
   * Runs the phase on each path at once, in two phases side by side against the same server, with
   * one fault (and one restore) for both: a server killed and started again once, where a run per
   * path would restart it twice. The fault strikes once both phases have run long enough; with
   * {@link #endAfterRecovery} both are ended once each has gone on that long after its first
   * successes.
   *
   * @return one executed run per path of {@link #onBothPaths} (blocking first), or this one's
   * @throws IllegalStateException when a phase ended before the fault came
   */
  public List<FaultRun> executeOnEach() {
    List<FaultRun> runs = new ArrayList<>();
    for (Path p : path == null ? Path.values() : new Path[] {path}) {
      runs.add(copyOn(p));
    }
    FaultRunsTogether.execute(runs);
    return runs;
  }

  /** @return a run with this one's settings on the given path */
  private FaultRun copyOn(Path p) {
    FaultRun r = new FaultRun(p, args.toArray(new String[0]));
    r.faultAfterMillis = faultAfterMillis;
    r.fault = fault;
    r.restore = restore;
    r.stopTimeoutSeconds = stopTimeoutSeconds;
    r.runSeconds = runSeconds;
    r.runSecondsGiven = runSecondsGiven;
    r.granularityMillis = granularityMillis;
    r.endAfterRecoveryMillis = endAfterRecoveryMillis;
    return r;
  }

  /** Runs this phase, writing its results below {@code dir}, and reads its time series. */
  void runPhase(java.nio.file.Path dir) {
    List<String> all = new ArrayList<>(args);
    all.addAll(Arrays.asList(path.options()));
    all.addAll(List.of("-p", "maxexecutiontime=" + runSeconds, "-p", "operationcount=0",
        "-p", "threadstoptimeout=" + stopTimeoutSeconds, "-p", "resultsdir=" + dir,
        "-p", "timeseries.granularity=" + granularityMillis));
    if (endAfterRecoveryMillis >= 0) {
      all.addAll(List.of("-p", "workload=" + StoppableWorkload.class.getName()));
    }
    run = YcsbRun.execute(all.toArray(new String[0]));
    long returned = System.currentTimeMillis();
    ended = true;
    series = TimeSeries.read(dir);
    returnedAtMillis = returned - series.phaseStartEpochMillis();
  }

  /** Checks the fault came in time and says what happened, once the phase returned. */
  void afterPhase(Future<?> faults) {
    try {
      faults.get(5, TimeUnit.MINUTES);
    } catch (Exception e) {
      throw new IllegalStateException("the fault or the restart failed: " + e + "\n" + run.describe(), e);
    }
    if (faultAtMillis < 0) {
      throw new IllegalStateException("the phase ended before the fault\n" + run.describe());
    }
    if (restore != null && restoredAtMillis > deadlineMillis()) {
      throw new IllegalStateException("the server was back only after the run (at " + restoredAtMillis
          + " ms): give the run more time (runSeconds)\n" + run.describe());
    }
    if (endAfterRecoveryMillis >= 0 && (stoppedAtMillis < 0 || returnedAtMillis >= deadlineMillis())) {
      throw new IllegalStateException("the run was to end " + endAfterRecoveryMillis + " ms after operations"
          + " succeeded again, but went on to its deadline (back at " + restoredAtMillis + " ms, stopped at "
          + stoppedAtMillis + " ms)\n" + run.describe());
    }
    // what happened, in the test's output: the figures a failed check is judged against
    System.out.println("fault run " + path + ": fault at " + faultAtMillis + " ms, back at " + restoredAtMillis
        + " ms, " + (stoppedAtMillis >= 0 ? "stopped at " + stoppedAtMillis + " ms, " : "") + "returned at "
        + returnedAtMillis + " ms; " + series + "\n  " + String.join("\n  ",
        run.err().lines().filter(l -> !l.isBlank()).toList()));
  }

  static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** @return the engine's path this ran on */
  public Path path() {
    return path;
  }

  /** @return the command's outcome */
  public YcsbRun run() {
    return run;
  }

  /** @return the phase's time series */
  public TimeSeries series() {
    return series;
  }

  /** @return when the fault came, since the phase started */
  public long faultAtMillis() {
    return faultAtMillis;
  }

  /** @return when the server was back, since the phase started; -1 without a restore */
  public long restoredAtMillis() {
    return restoredAtMillis;
  }

  /** @return when the command returned, since the phase started */
  public long returnedAtMillis() {
    return returnedAtMillis;
  }

  /** @return the phase's deadline, since it started */
  public long deadlineMillis() {
    return runSeconds * 1000L;
  }

  /**
   * @return when the run was asked to end, since it started: the deadline, or the stop after the
   *     recovery ({@link #endAfterRecovery})
   */
  public long endMillis() {
    return stoppedAtMillis >= 0 ? stoppedAtMillis : deadlineMillis();
  }

  /** @return {@code timeseries.granularity} of the run */
  public int granularityMillis() {
    return granularityMillis;
  }

  /** @return {@code threadstoptimeout} in ms */
  public long stopTimeoutMillis() {
    return (long) (stopTimeoutSeconds * 1000);
  }

  /** @return the run's figures and output, with the fault's timing, for assertion messages */
  public String describe() {
    return path + ": fault at " + faultAtMillis + " ms, back at " + restoredAtMillis + " ms, "
        + (stoppedAtMillis >= 0 ? "stopped at " + stoppedAtMillis + " ms, " : "") + "returned at "
        + returnedAtMillis + " ms (deadline " + deadlineMillis() + " ms)\ntime series: " + series + "\n"
        + run.describe();
  }
}
