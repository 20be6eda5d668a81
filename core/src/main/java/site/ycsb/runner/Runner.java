package site.ycsb.runner;

import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import site.ycsb.DB;
import site.ycsb.Workload;
import site.ycsb.measurements.IntervalStats;
import site.ycsb.measurements.RunMeasurements;

/**
 * Runs one phase (load or run): starts the workers, releases them together once all are
 * connected, ends the measured window at the deadline, the end of the operation budget or a stop
 * request, and collects what was measured. Stuck workers are abandoned after a timeout rather
 * than holding the process.
 */
public final class Runner {
  private final PhaseSettings settings;
  private final List<DB> bindings;
  private final Workload workload;
  private final Properties props;
  private final ErrorLog errors;
  private final long sampleNanos;
  private final PhaseListener listener;
  private final RunWindow window = new RunWindow();
  private final RunMeasurements measured;
  private final RunMeasurements warmup = new RunMeasurements();

  /**
   * @param settings the phase's settings
   * @param bindings one binding instance per worker, properties already set
   * @param workload the initialised workload
   * @param props the effective properties
   * @param errors where errors are reported once
   * @param sampleMillis how often the sampler reads the recorders
   * @param listener receives every sample
   */
  public Runner(PhaseSettings settings, List<DB> bindings, Workload workload, Properties props, ErrorLog errors,
                long sampleMillis, PhaseListener listener) {
    if (bindings.size() != settings.threads()) {
      throw new IllegalArgumentException("one binding per worker is needed");
    }
    this.settings = settings;
    this.bindings = bindings;
    this.workload = workload;
    this.props = props;
    this.errors = errors;
    this.sampleNanos = TimeUnit.MILLISECONDS.toNanos(Math.max(1, sampleMillis));
    this.listener = listener;
    this.measured = new RunMeasurements(site.ycsb.measurements.RecordingOptions.from(props));
  }

  /** Ends the phase now, as the deadline would (interrupt, SIGTERM). Safe from any thread. */
  public void stop() {
    window.stopNow();
    workload.requestStop();
  }

  /**
   * Runs the phase to its end.
   *
   * @return what was measured
   * @throws PhaseSetupException when a worker could not connect or the start time had passed
   * @throws InterruptedException when the calling thread is interrupted
   */
  public PhaseResult run() throws PhaseSetupException, InterruptedException {
    int n = settings.threads();
    StartLine startLine = new StartLine(n);
    long measuredNanos = settings.maxExecutionNanos();
    WarmupEnd warmupEnd = new WarmupEnd(n, window, measuredNanos);
    OperationBudget budget = new OperationBudget(settings.operations(), n);
    OperationBudget warmupBudget = new OperationBudget(settings.warmupOperations(), n);
    Throttle throttle = settings.target() > 0
        ? new Throttle(settings.target(), settings.throttleMode(), settings.throttleWindowMillis()) : null;
    Worker.Shared shared = new Worker.Shared(startLine, window, warmupEnd, warmupBudget, budget, throttle, errors);

    List<Worker> workers = new ArrayList<>(n);
    List<Thread> threads = new ArrayList<>(n);
    long setupStart = System.nanoTime();
    for (int i = 0; i < n; i++) {
      Worker w = new Worker(i, settings, bindings.get(i), workload, props, shared,
          warmup.newRecorder(), measured.newRecorder());
      Thread t = new Thread(w, "ycsb-worker-" + i);
      // a worker stuck in a driver call must not keep the process alive
      t.setDaemon(true);
      workers.add(w);
      threads.add(t);
    }
    threads.forEach(Thread::start);
    startLine.awaitAllArrived();
    long initNanos = System.nanoTime() - setupStart;

    Throwable failure = workers.stream().map(Worker::setupFailure).filter(f -> f != null).findFirst().orElse(null);
    if (failure != null) {
      startLine.callOff();
      joinAll(threads, TimeUnit.SECONDS.toNanos(10));
      throw new PhaseSetupException(describe(failure));
    }
    if (settings.startEpochMillis() > 0) {
      long wait = settings.startEpochMillis() - System.currentTimeMillis();
      if (wait < 0) {
        startLine.callOff();
        joinAll(threads, TimeUnit.SECONDS.toNanos(10));
        throw new PhaseSetupException("starttime " + settings.startEpochMillis()
            + " passed " + (-wait) + " ms before all workers were connected; choose a later start time");
      }
      sleepUntilEpochMillis(settings.startEpochMillis());
    }

    long releaseNanos = System.nanoTime();
    long releaseEpochMillis = System.currentTimeMillis();
    progressOriginNanos = releaseNanos;
    progressEpochMillis = releaseEpochMillis;
    window.begin(releaseNanos);
    if (throttle != null) {
      throttle.start(releaseNanos);
    }
    if (!settings.hasWarmup()) {
      window.open(releaseNanos, measuredNanos);
    }
    Sampler sampler = new Sampler(releaseNanos);
    Thread samplerThread = new Thread(sampler, "ycsb-sampler");
    samplerThread.setDaemon(true);
    startLine.release();
    samplerThread.start();

    int abandoned = awaitWorkers(threads);
    sampler.stop();
    samplerThread.join(TimeUnit.SECONDS.toMillis(5));
    sampler.finalSample();
    listener.onEnd();

    return result(workers, initNanos, abandoned, releaseNanos, releaseEpochMillis, throttle);
  }

  /**
   * The phase so far, for periodic exports. Call only from a {@link PhaseListener} (the sampler
   * thread), which owns the running totals.
   *
   * @return figures up to the last sample, with the runtime up to now
   */
  public PhaseResult progress() {
    long start = window.measureStartNanos();
    long now = Math.min(System.nanoTime(), window.deadlineNanos());
    long runtime = window.isOpen() ? Math.max(0, now - start) : 0;
    long startEpoch = progressEpochMillis + TimeUnit.NANOSECONDS.toMillis(Math.max(0, start - progressOriginNanos));
    return new PhaseResult(measured.total(), warmup.total(), runtime, 0, 0, 0, settings.threads(), 0, 0, 0, 0,
        "running", false, startEpoch, startEpoch + TimeUnit.NANOSECONDS.toMillis(runtime));
  }

  private volatile long progressEpochMillis;
  private volatile long progressOriginNanos;

  /** @return the wall-clock instant the phase started (workers released), 0 before */
  public long phaseStartEpochMillis() {
    return progressEpochMillis;
  }

  private PhaseResult result(List<Worker> workers, long initNanos, int abandoned, long releaseNanos,
                             long releaseEpochMillis, Throttle throttle) {
    long start = window.measureStartNanos();
    long end;
    String endedBy;
    if (window.stopRequested()) {
      end = window.deadlineNanos();
      endedBy = "interrupt";
    } else if (window.deadlineReached() || abandoned > 0
        || window.deadlineNanos() != Long.MAX_VALUE && System.nanoTime() >= window.deadlineNanos()) {
      // a throttled worker stops when its next slot lies past the deadline, before seeing it pass
      end = window.deadlineNanos();
      endedBy = "maxexecutiontime";
    } else {
      end = workers.stream().mapToLong(Worker::lastRecordedEndNanos).max().orElse(start);
      endedBy = workload.isStopRequested() ? "workload" : "operationcount";
    }
    long runtime = window.isOpen() ? Math.max(0, end - start) : 0;
    long warmupLength = settings.hasWarmup() && window.isOpen() ? start - releaseNanos : 0;
    long cleanup = workers.stream().mapToLong(Worker::cleanupNanos).max().orElse(0);
    long discarded = workers.stream().mapToLong(Worker::discardedAfterDeadline).sum();
    boolean stoppedOnInsert = workers.stream().anyMatch(Worker::stoppedOnFailedInsert);
    long startEpoch = releaseEpochMillis + TimeUnit.NANOSECONDS.toMillis(Math.max(0, start - releaseNanos));
    return new PhaseResult(measured.total(), warmup.total(), runtime, warmupLength, initNanos, cleanup,
        settings.threads(), abandoned, discarded, throttle == null ? 0 : throttle.missedSlots(),
        throttle == null ? 0 : throttle.lateStarts(), endedBy, stoppedOnInsert, startEpoch,
        startEpoch + TimeUnit.NANOSECONDS.toMillis(runtime));
  }

  /** Waits for every worker; after the deadline, waits at most the stop timeout. */
  private int awaitWorkers(List<Thread> threads) throws InterruptedException {
    for (Thread t : threads) {
      while (t.isAlive()) {
        long deadline = window.deadlineNanos();
        if (deadline == Long.MAX_VALUE) {
          t.join(100);
          continue;
        }
        long left = deadline + settings.threadStopTimeoutNanos() - System.nanoTime();
        if (left <= 0) {
          break;
        }
        t.join(Math.max(1, Math.min(100, TimeUnit.NANOSECONDS.toMillis(left))));
      }
    }
    int abandoned = 0;
    for (Thread t : threads) {
      if (t.isAlive()) {
        abandoned++;
      }
    }
    if (abandoned > 0) {
      errors.warnOnce(abandoned + " worker thread(s) still inside a database call "
          + TimeUnit.NANOSECONDS.toSeconds(settings.threadStopTimeoutNanos())
          + " s after the end of the run were abandoned (threadstoptimeout)");
    }
    return abandoned;
  }

  private static void joinAll(List<Thread> threads, long timeoutNanos) throws InterruptedException {
    long until = System.nanoTime() + timeoutNanos;
    for (Thread t : threads) {
      long left = until - System.nanoTime();
      if (left > 0) {
        t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
      }
    }
  }

  private static void sleepUntilEpochMillis(long epochMillis) throws InterruptedException {
    long left;
    while ((left = epochMillis - System.currentTimeMillis()) > 2) {
      Thread.sleep(Math.min(left - 1, 1000));
    }
    while (System.currentTimeMillis() < epochMillis) {
      Thread.onSpinWait();
    }
  }

  private static String describe(Throwable t) {
    String msg = t.getMessage();
    Throwable root = t;
    while ((msg == null || msg.isBlank()) && root.getCause() != null) {
      root = root.getCause();
      msg = root.getMessage();
    }
    return "database setup failed: "
        + site.ycsb.props.Masking.maskEmbedded(msg == null ? root.getClass().getName() : msg);
  }

  /** Reads the recorders at a fixed pace and hands each interval to the listener. */
  private final class Sampler implements Runnable {
    private final long originNanos;
    private volatile boolean running = true;
    private long lastSampleNanos;

    Sampler(long originNanos) {
      this.originNanos = originNanos;
      this.lastSampleNanos = originNanos;
    }

    @Override
    public void run() {
      long next = originNanos + sampleNanos;
      while (running) {
        long now = System.nanoTime();
        if (now < next) {
          long waitNanos = Math.min(next - now, TimeUnit.MILLISECONDS.toNanos(50));
          java.util.concurrent.locks.LockSupport.parkNanos(waitNanos);
          continue;
        }
        sampleOnce(next);
        next += sampleNanos;
      }
    }

    void stop() {
      running = false;
    }

    synchronized void sampleOnce(long atNanos) {
      warmup.sample();
      IntervalStats interval = measured.sample();
      boolean warmingUp = !window.isOpen();
      if (atNanos == lastSampleNanos && interval.operations() == 0) {
        // the final sample fell on the last tick and found nothing new: no empty interval
        return;
      }
      listener.onSample(atNanos - originNanos, atNanos - lastSampleNanos, interval, measured.total(), warmingUp);
      lastSampleNanos = atNanos;
    }

    void finalSample() {
      long now = System.nanoTime();
      long end = Math.min(now, window.deadlineNanos());
      sampleOnce(Math.max(end, lastSampleNanos));
    }
  }
}
