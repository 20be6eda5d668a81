package site.ycsb.runner;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import site.ycsb.DB;
import site.ycsb.Workload;
import site.ycsb.clock.Clock;
import site.ycsb.measurements.BindingRecording;
import site.ycsb.measurements.Operation;
import site.ycsb.measurements.Outcome;
import site.ycsb.measurements.PhaseListener;
import site.ycsb.measurements.PhaseResult;
import site.ycsb.measurements.RunMeasurements;
import site.ycsb.measurements.WorkerRecorder;

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
  private final WorkerStates states;
  private final ErrorLog errors;
  private final long sampleNanos;
  private final PhaseListener listener;
  /** The phase's clock: the machine's, or a simulated one ({@link #clock(Clock)}). */
  private Clock clock = Clock.SYSTEM;
  private volatile RunWindow window = new RunWindow(Clock.SYSTEM);
  private final RunMeasurements measured;
  private final RunMeasurements warmup = new RunMeasurements();
  /** The runner's own recorder, for what no worker can record: slots never started, abandoned calls. */
  private final WorkerRecorder unfinished;
  /** What bindings record through upstream's Measurements from threads that are not workers. */
  private final WorkerRecorder outsideWorkersWarmup;
  private final WorkerRecorder outsideWorkers;
  private BindingRecording.PhaseRoute outsideRoute;
  private volatile Throttle throttle = Throttle.none();
  private volatile List<Worker> running = List.of();
  /** When the connected workers start: at once, at {@code starttime}, or when every client is ready. */
  private StartGate startGate;
  /** The start instant known before the gate is asked ({@code starttime}); 0 when only the gate knows it. */
  private long announcedStartEpochMillis;
  /** What the bindings share, closed when the phase ends, after every worker's cleanup. */
  private final SharedResources sharedResources;
  private final List<Thread> workerThreads = new ArrayList<>();
  private volatile long initNanos;
  /** Numbers the operations and seeds each one ({@code seed}); a fresh seed unless one is given. */
  private OperationSeeds seeds;
  /** Where the workers capture their operations ({@code capture}); null for nowhere. */
  private java.nio.file.Path captureFolder;
  /** Reads the recorders while the phase runs; null before the workers are released. */
  private volatile Sampler sampler;

  /**
   * @param settings the phase's settings
   * @param bindings one binding instance per worker, properties already set
   * @param workload the initialised workload
   * @param states makes what the workload keeps for each worker ({@code initThread})
   * @param errors where errors are reported once
   * @param sampleMillis how often the sampler reads the recorders
   * @param listener receives every sample
   */
  public Runner(PhaseSettings settings, List<DB> bindings, Workload workload, WorkerStates states, ErrorLog errors,
                long sampleMillis, PhaseListener listener) {
    if (bindings.size() != settings.threads()) {
      throw new IllegalArgumentException("one binding per worker is needed");
    }
    this.settings = settings;
    this.bindings = bindings;
    this.workload = workload;
    this.states = states;
    this.errors = errors;
    this.sampleNanos = TimeUnit.MILLISECONDS.toNanos(Math.max(1, sampleMillis));
    this.listener = listener;
    this.measured = new RunMeasurements(settings.recording());
    this.sharedResources = new SharedResources(errors);
    this.unfinished = measured.newRecorder();
    this.outsideWorkersWarmup = warmup.newRecorder();
    this.outsideWorkers = measured.newRecorder();
    this.startGate = settings.startEpochMillis() > 0 ? StartGate.at(settings.startEpochMillis()) : StartGate.NOW;
    this.announcedStartEpochMillis = settings.startEpochMillis();
    this.seeds = new OperationSeeds(OperationSeeds.fresh(), settings.load(), 0);
  }

  /** Makes the phase's operations those of {@code operationSeeds}. Call before {@link #run()}. */
  public void seeds(OperationSeeds operationSeeds) {
    this.seeds = operationSeeds;
  }

  /** @return the seed the phase's operations come from */
  public long seed() {
    return seeds.seed();
  }

  /**
   * Has every worker write each operation it makes to {@code worker-N.csv.gz} in {@code folder}
   * (which exists). Call before {@link #run()}.
   */
  public void capture(java.nio.file.Path folder) {
    this.captureFolder = folder;
  }

  /**
   * Replaces the start decided by the settings, e.g. with a barrier that waits for every client
   * process of a distributed phase. Call before {@link #run()}.
   */
  public void startGate(StartGate gate) {
    this.startGate = gate;
    // such a gate tells the instant when it opens
    this.announcedStartEpochMillis = 0;
  }

  /**
   * Runs the phase on {@code phaseClock} instead of the machine's (a simulated clock). Call before
   * {@link #run()}.
   */
  public void clock(Clock phaseClock) {
    this.clock = phaseClock;
    this.window = new RunWindow(phaseClock);
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
    outsideRoute = BindingRecording.openPhase(settings.hasWarmup() ? outsideWorkersWarmup : outsideWorkers);
    clock.enter();
    try {
      return runPhase();
    } finally {
      clock.leave();
      startGate.phaseEnded();
      BindingRecording.closePhase(outsideRoute, measured.total());
      // a worker abandoned inside a call may still be using a shared client: closing it under
      // that call could crash an embedded store's native code; the process ends soon anyway
      if (workerThreads.stream().noneMatch(Thread::isAlive)) {
        closeShared();
      }
    }
  }

  /**
   * Closes what the bindings share, within the stop timeout: a phase past its deadline ends by the
   * deadline plus {@code threadstoptimeout} (and the asynchronous workers' grace), whatever a
   * driver's close waits for; one that ended earlier gives the close the stop timeout.
   */
  private void closeShared() throws InterruptedException {
    long stop = settings.threadStopTimeoutNanos();
    long deadline = window.deadlineNanos();
    long now = clock.nanoTime();
    long budget = deadline == Long.MAX_VALUE || now < deadline ? stop
        : Math.max(deadline + stop + WorkersEnd.asyncGraceNanos(settings) - now, TimeUnit.SECONDS.toNanos(1));
    if (!sharedResources.closeWithin(budget)) {
      errors.warnOnce("closing the bindings' shared connections took more than "
          + TimeUnit.NANOSECONDS.toSeconds(stop) + " s (threadstoptimeout): the phase ends without waiting for it");
    }
  }

  private PhaseResult runPhase() throws PhaseSetupException, InterruptedException {
    int n = settings.threads();
    StartLine startLine = new StartLine(n, clock);
    WarmupEnd warmupEnd = new WarmupEnd(n, this::openMeasuredWindow, clock);
    OperationBudget budget = new OperationBudget(settings.operations(), n);
    // a warm-up by time alone counts its operations from an unlimited budget
    OperationBudget warmupBudget =
        new OperationBudget(settings.warmupOperations() > 0 ? settings.warmupOperations() : -1, n);
    throttle = settings.throttle() != null ? new Throttle(settings.throttle(), n, clock) : Throttle.none();
    WorkersShared shared = new WorkersShared(startLine, window, warmupEnd, warmupBudget, budget, throttle, errors,
        sharedResources, states, seeds, captureFolder);

    WorkersEnd ending = new WorkersEnd(settings, window, clock, errors);
    List<Worker> workers = new ArrayList<>(n);
    List<Thread> threads = workerThreads;
    long setupStart = clock.nanoTime();
    for (int i = 0; i < n; i++) {
      Worker w = Worker.create(i, settings, bindings.get(i), workload, shared,
          warmup.newRecorder(), measured.newRecorder());
      Thread t = clock.newThread(w, "ycsb-worker-" + i);
      // a worker stuck in a driver call must not keep the process alive
      t.setDaemon(true);
      workers.add(w);
      threads.add(t);
    }
    running = workers;
    threads.forEach(Thread::start);
    while (!startLine.awaitAllArrived(100, TimeUnit.MILLISECONDS)) {
      if (window.stopRequested()) {
        // interrupted while connecting: nothing was measured, nothing to wait for
        startGate.callOff("interrupted while connecting");
        startLine.callOff();
        throw new PhaseSetupException("interrupted while the workers were connecting; nothing was measured");
      }
    }
    initNanos = clock.nanoTime() - setupStart;

    Throwable failure = workers.stream().map(Worker::setupFailure).filter(f -> f != null).findFirst().orElse(null);
    if (failure != null) {
      String why = SetupFailures.describe(failure, bindings.get(0).getClass().getName());
      startGate.callOff("a worker could not connect: " + SetupFailures.firstLine(why));
      startLine.callOff();
      ending.joinAll(threads, TimeUnit.SECONDS.toNanos(10));
      throw new PhaseSetupException(why);
    }
    try {
      new StartWait(startGate, announcedStartEpochMillis, window, listener).await();
    } catch (PhaseSetupException e) {
      startLine.callOff();
      ending.joinAll(threads, TimeUnit.SECONDS.toNanos(10));
      throw e;
    }

    long releaseNanos = clock.nanoTime();
    long releaseEpochMillis = clock.epochMillis();
    progressOriginNanos = releaseNanos;
    progressEpochMillis = releaseEpochMillis;
    listener.onStart(releaseEpochMillis);
    window.begin(releaseNanos);
    throttle.start(releaseNanos);
    if (!settings.hasWarmup()) {
      openMeasuredWindow(releaseNanos);
    }
    Sampler sampler = new Sampler(releaseNanos, sampleNanos, clock, window, throttle, warmup, measured, listener);
    this.sampler = sampler;
    Thread samplerThread = clock.newThread(sampler, "ycsb-sampler");
    samplerThread.setDaemon(true);
    startLine.release();
    samplerThread.start();

    int abandoned = ending.await(workers, threads, warmupEnd);
    sampler.stop();
    clock.join(samplerThread, TimeUnit.SECONDS.toNanos(5));
    WindowEnd end = windowEnd(workers, abandoned);
    long notStarted = end.byDeadline ? recordUnfinished(workers, threads) : 0;
    sampler.finalSample(end.nanos);
    listener.onEnd();

    return result(workers, abandoned, releaseNanos, releaseEpochMillis, end, notStarted);
  }

  /**
   * Opens the measured window: restarts the throttle's schedule there, so that the wait for the
   * slowest worker at the end of a warm-up is not counted as queueing, and lets listeners take
   * their baselines before any measured operation starts.
   */
  private void openMeasuredWindow(long atNanos) {
    outsideRoute.recordInto(outsideWorkers);
    throttle.start(atNanos);
    window.open(atNanos, settings.maxExecutionNanos());
    listener.onMeasurementStart();
  }

  /** When the measured window ended and why. */
  private record WindowEnd(long nanos, String endedBy, boolean byDeadline) {
  }

  private WindowEnd windowEnd(List<Worker> workers, int abandoned) {
    long discarded = workers.stream().mapToLong(Worker::discardedAfterDeadline).sum();
    long abandonedOperations = workers.stream().mapToLong(Worker::abandonedOperations).sum();
    if (window.stopRequested()) {
      return new WindowEnd(window.deadlineNanos(), "interrupt", true);
    }
    // the deadline ended the phase only if a worker saw it pass, an operation completed after it,
    // or a worker was stuck at it; not because the results are written after it
    if (window.deadlineReached() || abandoned > 0 || discarded > 0 || abandonedOperations > 0) {
      return new WindowEnd(window.deadlineNanos(), "maxexecutiontime", true);
    }
    long start = window.measureStartNanos();
    long last = workers.stream().mapToLong(Worker::lastRecordedEndNanos).max().orElse(start);
    if (window.loadEnded() && !workload.isStopRequested()) {
      // the workers waited for the profile's end: the window lasted that long, and longer if the
      // last operations completed after it
      return new WindowEnd(Math.max(window.loadEndNanos(), last), "target.profile", false);
    }
    return new WindowEnd(Math.max(start, last), workload.isStopRequested() ? "workload" : "operationcount", false);
  }

  /**
   * Records what was due before the deadline and did not complete inside it, and no worker
   * recorded: the calls of abandoned workers and the slots no worker started. Each is recorded as
   * unfinished, at its lateness at the deadline, a lower bound of its latency.
   *
   * @return the slots no worker started
   */
  private long recordUnfinished(List<Worker> workers, List<Thread> threads) {
    if (!window.isOpen() || !settings.measureIntended()) {
      return 0;
    }
    long deadline = window.deadlineNanos();
    for (int i = 0; i < workers.size(); i++) {
      if (threads.get(i).isAlive()) {
        long due = workers.get(i).claimInflight();
        if (due >= 0 && due < deadline) {
          unfinished.recordOne(Operation.UNFINISHED, Outcome.INTENDED, deadline - due);
        }
      }
    }
    return throttle.notStartedBefore(deadline,
        lateness -> unfinished.recordOne(Operation.UNFINISHED, Outcome.INTENDED, lateness));
  }

  /**
   * The phase so far, for periodic exports. Call only from a {@link PhaseListener} (the sampler
   * thread), which owns the running totals.
   *
   * @return figures up to the last sample, with the runtime up to now
   */
  public PhaseResult progress() {
    long start = window.measureStartNanos();
    // the totals cover up to the last sample: the runtime must end there too
    Sampler s = sampler;
    long upTo = Math.min(s == null ? progressOriginNanos : s.lastSampleNanos(), window.deadlineNanos());
    long runtime = window.isOpen() ? Math.max(0, upTo - start) : 0;
    long startEpoch = progressEpochMillis + TimeUnit.NANOSECONDS.toMillis(Math.max(0, start - progressOriginNanos));
    return PhaseResult.of(measured.total(), warmup.total())
        .window(runtime, 0)
        .epochMillis(startEpoch, startEpoch + TimeUnit.NANOSECONDS.toMillis(runtime))
        .setupAndCleanup(initNanos, 0)
        .workers(settings.threads(), settings.inflight())
        .build();
  }

  /** @return operations in flight across the workers now (live metrics; any thread) */
  public long inflightNow() {
    long n = 0;
    for (Worker w : running) {
      n += w.inflightNow();
    }
    return n;
  }

  /** @return the throttle's target at this instant (ops/s), 0 without one (live metrics; any thread) */
  public double targetNow() {
    return throttle.rateNow();
  }

  private volatile long progressEpochMillis;
  private volatile long progressOriginNanos;

  /** @return the wall-clock instant the phase started (workers released), 0 before */
  public long phaseStartEpochMillis() {
    return progressEpochMillis;
  }

  private PhaseResult result(List<Worker> workers, int abandoned, long releaseNanos, long releaseEpochMillis,
                             WindowEnd windowEnd, long notStarted) {
    long start = window.measureStartNanos();
    long end = windowEnd.nanos;
    String endedBy = windowEnd.endedBy;
    long runtime = window.isOpen() ? Math.max(0, end - start) : 0;
    long warmupLength = settings.hasWarmup() && window.isOpen() ? start - releaseNanos : 0;
    long cleanup = workers.stream().mapToLong(Worker::cleanupNanos).max().orElse(0);
    long discarded = workers.stream().mapToLong(Worker::discardedAfterDeadline).sum();
    boolean stoppedOnInsert = workers.stream().anyMatch(Worker::stoppedOnFailedInsert);
    long startEpoch = releaseEpochMillis + TimeUnit.NANOSECONDS.toMillis(Math.max(0, start - releaseNanos));
    return PhaseResult.of(measured.total(), warmup.total())
        .window(runtime, warmupLength)
        .epochMillis(startEpoch, startEpoch + TimeUnit.NANOSECONDS.toMillis(runtime))
        .setupAndCleanup(initNanos, cleanup)
        .workers(settings.threads(), settings.inflight())
        .leftAtTheEnd(abandoned, workers.stream().mapToLong(Worker::abandonedOperations).sum(), discarded)
        .throttle(throttle.missedSlots(), throttle.lateStarts(),
            notStarted, workers.stream().mapToLong(Worker::inflightLimitWaits).sum())
        .ended(endedBy, stoppedOnInsert)
        .build();
  }
}
