package site.ycsb.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;
import site.ycsb.DB;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;
import site.ycsb.workloads.CoreWorkload;
import site.ycsb.Status;
import site.ycsb.measurements.IntervalStats;
import site.ycsb.measurements.LatencyStats;
import site.ycsb.measurements.Operation;
import site.ycsb.measurements.Outcome;
import site.ycsb.results.DurabilityLines;
import site.ycsb.durability.DurabilityTracker;
import site.ycsb.durability.VerificationOutcome;
import site.ycsb.runner.VerificationPass;
import site.ycsb.measurements.PhaseResult;
import site.ycsb.props.CoreProperties;
import site.ycsb.props.Durations;
import site.ycsb.props.FileProblems;
import site.ycsb.props.PropertyDef;
import site.ycsb.results.ClientResources;
import site.ycsb.results.Environment;
import site.ycsb.results.Exporters;
import site.ycsb.results.JvmFigures;
import site.ycsb.results.Percentiles;
import site.ycsb.results.ResultLine;
import site.ycsb.results.ResultsWriter;
import site.ycsb.results.Summary;
import site.ycsb.results.TimeSeriesLines;
import site.ycsb.runner.ErrorLog;
import site.ycsb.monitoring.LiveMetrics;
import site.ycsb.measurements.PhaseListener;
import site.ycsb.runner.PhaseSettings;
import site.ycsb.runner.PhaseSetupException;
import site.ycsb.runner.Runner;
import site.ycsb.runner.StartGate;
import site.ycsb.scaleout.StartBarriers;

/** One {@code load} or {@code run}: from parsed command line to printed results. */
final class Phase {
  private final CommandLine cmd;
  /** Where a {@code startbarrier=stdio} barrier reads the start instant. */
  private final java.io.InputStream in;
  private final PrintStream out;
  private final PrintStream err;

  Phase(CommandLine cmd, java.io.InputStream in, PrintStream out, PrintStream err) {
    this.cmd = cmd;
    this.in = in;
    this.out = out;
    this.err = err;
  }

  /**
   * Runs the phase.
   *
   * @return the exit code
   * @throws UsageException on bad input, before anything runs
   * @throws CouldNotRunException when the binding cannot be loaded
   */
  int execute() throws UsageException, CouldNotRunException {
    Assembly phase = assemble();
    long startWall = System.currentTimeMillis();
    PhaseResult result;
    CountDownLatch resultsWritten = new CountDownLatch(1);
    Thread hook = interruptHook(phase, resultsWritten);
    Runtime.getRuntime().addShutdownHook(hook);
    // once a signal would be handled: the note invites one
    announceStartTime(phase.settings.startEpochMillis());
    try {
      try {
        result = phase.runner.run();
      } catch (PhaseSetupException | UncheckedIOException e) {
        err.println("ERROR: " + e.getMessage());
        if (phase.resultsDir != null) {
          phase.resultsDir.discard();
        }
        return Ycsb.COULD_NOT_RUN;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        err.println("ERROR: interrupted");
        return Ycsb.COULD_NOT_RUN;
      }
      return write(phase, result, startWall);
    } finally {
      resultsWritten.countDown();
      if (phase.live != null) {
        // after the results are written: a scrape that sees the end also sees the final figures
        phase.live.close();
      }
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException shuttingDown) {
        // the JVM is already going down; the hook is running
      }
    }
  }

  /** Everything a phase is made of, checked and connected before it runs. */
  private record Assembly(PhaseSettings settings, Workload workload, Runner runner, ErrorLog errors,
                          Function<PhaseResult, List<ResultLine>> summarize, String exporterName,
                          ResultsWriter resultsDir, ClientResources resources, OutputOptions output,
                          PhaseSlo slo, LiveMetrics live, Supplier<DB> newBinding,
                          List<ResultLine> durabilityLines) {
  }

  /** Reads and checks the settings and builds the workload, the bindings, the listeners and the runner. */
  private Assembly assemble() throws UsageException, CouldNotRunException {
    Properties props = cmd.props;
    boolean load = "load".equals(cmd.command);
    cmd.notes.forEach(err::println);
    Class<? extends DB> bindingClass = Bindings.resolve(CoreProperties.DB.get(props));
    String origin = BindingOrigin.note(bindingClass);
    if (origin != null) {
      err.println(origin);
    }
    PropertyCheck.check(props, err);
    StoringBinding.check(bindingClass, props);
    PhaseSlo slo = PhaseSlo.of(props);
    if (load) {
      Settings.splitLoadAmongClients(props);
    }
    PhaseSettings checked = Settings.forPhase(props, load);
    ThrottleNotes.print(props, err);
    if (checked.inflight() > 0) {
      checkAsynchronous(bindingClass, CoreProperties.WORKLOAD.get(props));
    }
    if (!load && CoreWorkload.class.getName().equals(CoreProperties.WORKLOAD.get(props))) {
      String problem = CoreWorkload.runPhaseProblem(props);
      if (problem != null) {
        throw new UsageException(problem);
      }
    }
    OutputOptions output = OutputOptions.check(props, err);
    Summary summary = new Summary(Percentiles.parse(CoreProperties.PERCENTILES.get(props)),
        checked.measurementInterval(), CoreProperties.LATENCY_DECIMALS.getBoolean(props));
    String exporterName = CoreProperties.EXPORTER.get(props);
    checkExportFile(CoreProperties.EXPORT_FILE.get(props));
    // fail on a bad exporter name now, not after the whole run
    Exporters.create(exporterName, java.io.OutputStream.nullOutputStream());

    List<String> countsBefore = phaseCounts(props);
    Workload workload = newWorkload(CoreProperties.WORKLOAD.get(props), props);
    // a workload may size the phase in its init (upstream's ConstantOccupancyWorkload sets the
    // record, insert and operation counts from a disk size): the phase runs the counts it set
    List<String> countsAfter = phaseCounts(props);
    PhaseSettings settings = checked;
    if (!countsBefore.equals(countsAfter)) {
      settings = Settings.forPhase(props, load);
      err.println("NOTE: workload " + workload.getClass().getSimpleName() + " set "
          + countChanges(countsBefore, countsAfter) + "; the phase runs these");
    }
    List<DB> bindings = new ArrayList<>(settings.threads());
    for (int i = 0; i < settings.threads(); i++) {
      DB db = Bindings.newInstance(bindingClass);
      db.setProperties(props);
      bindings.add(db);
    }

    ClientResources resources = new ClientResources();
    JvmFigures jvm = new JvmFigures();
    boolean jvmLines = output.jvmLines();
    // filled in once the verification pass after the phase has run ([DURABILITY])
    List<ResultLine> durabilityLines = new java.util.concurrent.CopyOnWriteArrayList<>();
    Function<PhaseResult, List<ResultLine>> summarize = r -> withSlo(summary.lines(r,
        withDurability(extraLines(r, jvmLines, jvm, resources), durabilityLines)), slo, r);

    List<PhaseListener> listeners = new ArrayList<>();
    listeners.add(resources.sampler());
    listeners.add(jvm);
    double statusSeconds = CoreProperties.STATUS_INTERVAL.getDouble(props);
    StatusReporter status = null;
    if (CoreProperties.STATUS.getBoolean(props)) {
      status = new StatusReporter(err, CoreProperties.LABEL.get(props), statusSeconds, new PhaseProgress(settings));
      listeners.add(status);
    }
    if ("timeseries".equals(CoreProperties.MEASUREMENT_TYPE.getChoice(props))) {
      TimeSeriesLines lines = new TimeSeriesLines(CoreProperties.TIMESERIES_GRANULARITY.getLong(props));
      summary.withTimeSeries(lines);
      listeners.add(lines);
    }
    output.apply(summary, listeners);
    if (slo != null) {
      // before the results folder: an interval's verdict is in when its row is written
      listeners.add(slo.listener());
    }
    // listening before the barrier: a port in use is bad input, refused before any client waits for this one
    LiveMetrics live = startLiveMetrics(props, load);
    if (live != null) {
      listeners.add(live);
    }
    // before the results folder is made, so a bad barrier leaves none behind
    StartGate barrier = StartBarriers.join(props, err, in);
    ResultsWriter resultsDir = openResultsDir(props, settings, summarize, resources);
    if (resultsDir != null) {
      listeners.add(resultsDir);
    }
    long sampleMillis = Math.min(CoreProperties.TIMESERIES_GRANULARITY.getLong(props),
        Math.max(1, (long) (statusSeconds * 1000)));
    ErrorLog errors = new ErrorLog(err);
    errors.hideValuesOf(props);
    int threads = settings.threads();
    Runner runner = new Runner(settings, bindings, workload, id -> workload.initThread(props, id, threads), errors,
        sampleMillis, fanOut(listeners));
    if (site.ycsb.simulation.SimulatedDB.class.isAssignableFrom(bindingClass)) {
      // the model answers in virtual time: the whole phase runs on it
      runner.clock(new site.ycsb.simulation.SimulatedClock());
      resources.onVirtualTime();
    }
    if (live != null) {
      live.readFrom(new LiveMetrics.Source() {
        @Override
        public long inflightNow() {
          return runner.inflightNow();
        }

        @Override
        public double targetNow() {
          return runner.targetNow();
        }
      });
    }
    if (resultsDir != null) {
      resultsDir.progressFrom(runner::progress);
    }
    if (status != null) {
      status.progressFrom(runner::progress);
    }
    if (barrier != null) {
      runner.startGate(barrier);
    }
    if (slo != null) {
      slo.stopWith(runner::stop);
    }
    Supplier<DB> newBinding = () -> {
      try {
        DB db = Bindings.newInstance(bindingClass);
        db.setProperties(props);
        return db;
      } catch (UsageException | CouldNotRunException e) {
        throw new IllegalStateException(e.getMessage(), e);
      }
    };
    return new Assembly(settings, workload, runner, errors, summarize, exporterName, resultsDir, resources, output,
        slo, live, newBinding, durabilityLines);
  }

  private static List<ResultLine> withDurability(List<ResultLine> extra, List<ResultLine> durability) {
    if (durability.isEmpty()) {
      return extra;
    }
    List<ResultLine> all = new ArrayList<>(extra);
    all.addAll(durability);
    return all;
  }

  /**
   * With {@code durability=true}: runs the verification pass (outside the measured window, as the
   * cleanup) and makes the {@code [DURABILITY]} lines; says on stderr what was lost or stale.
   */
  private void checkDurability(Assembly phase) {
    if (!(phase.workload instanceof CoreWorkload) || ((CoreWorkload) phase.workload).durability() == null) {
      return;
    }
    DurabilityTracker tracker = ((CoreWorkload) phase.workload).durability();
    VerificationOutcome verification = null;
    if (CoreProperties.DURABILITY_VERIFY.getBoolean(cmd.props)) {
      try {
        verification = VerificationPass.run(tracker, phase.newBinding, phase.settings.threads(), phase.errors);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        err.println("NOTE: interrupted during the durability verification; its figures are left out");
      }
    }
    phase.durabilityLines.addAll(DurabilityLines.of(tracker, verification));
    if (verification != null && (verification.lost() > 0 || verification.unverified() > 0)) {
      err.println("NOTE: " + verification.lost() + " of " + verification.keysWritten() + " keys written lost their"
          + " last acknowledged write" + (verification.unverified() > 0
          ? "; " + verification.unverified() + " could not be read" : "") + " (see [DURABILITY])");
    }
    if (tracker.staleReads() > 0) {
      err.println("NOTE: " + tracker.staleReads() + " of " + tracker.readsJudged() + " reads of keys this client"
          + " wrote returned an older write than one acknowledged before they started (see [STALE-READ])");
    }
  }

  /** @return the live metrics endpoint when metrics.port is set, listening already; else null */
  private static LiveMetrics startLiveMetrics(Properties props, boolean load) throws UsageException {
    int port = (int) CoreProperties.METRICS_PORT.getLong(props);
    // checked even when off: a bad value is refused before it matters
    double linger = CoreProperties.METRICS_LINGER.getDouble(props);
    if (port == 0) {
      return null;
    }
    if (port == StartBarriers.servedPort(props)) {
      // the endpoint would take the port first, and the barrier would be blamed for it
      throw new UsageException("properties metrics.port=" + port + " and startbarrier="
          + CoreProperties.START_BARRIER.get(props).trim() + " give the same port: client 0 serves the start barrier"
          + " on it, the live metrics endpoint cannot listen there too; expected a port of its own for each");
    }
    try {
      return LiveMetrics.start(CoreProperties.METRICS_HOST.get(props), port,
          (int) CoreProperties.CLIENT_ID.getLong(props), load ? "load" : "run", CoreProperties.LABEL.get(props),
          linger);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }

  /** A start time far ahead is a long silent wait otherwise: say until when, and how to end it. */
  private void announceStartTime(long startEpochMillis) {
    long wait = startEpochMillis - System.currentTimeMillis();
    if (startEpochMillis > 0 && wait > 2000) {
      err.println("NOTE: the workers connect now and start at " + java.time.Instant.ofEpochMilli(startEpochMillis)
          + " (starttime), in " + Durations.describe(wait) + "; Ctrl-C or SIGTERM ends the wait");
    }
  }

  /** The summary is written when the phase ends: a file that cannot be written is refused before it starts. */
  private static void checkExportFile(String file) throws UsageException {
    if (file == null || file.isBlank()) {
      return;
    }
    String why = FileProblems.whyNotWritable(Path.of(file));
    if (why != null) {
      throw new UsageException("property exportfile=" + file + " cannot be written: " + why
          + "; expected a file in an existing, writable folder");
    }
  }

  /** {@code inflight} needs a binding with an asynchronous side and a workload that plans its operations. */
  private static void checkAsynchronous(Class<? extends DB> binding, String workloadClass) throws UsageException {
    if (!site.ycsb.AsyncDB.class.isAssignableFrom(binding)) {
      throw new UsageException("property inflight is set, but binding " + binding.getName()
          + " has no asynchronous side (site.ycsb.AsyncDB): leave inflight out to run it on the blocking path,"
          + " one operation per thread");
    }
    try {
      String why = site.ycsb.workloads.OperationPlanner.cannotPlan(Class.forName(workloadClass));
      if (why != null) {
        throw new UsageException("property inflight is set, but workload " + workloadClass + " " + why
            + ": leave inflight out");
      }
    } catch (ClassNotFoundException e) {
      // reported as an unknown workload when it is made
    }
  }

  /** Ctrl-C and SIGTERM end the phase as its deadline would, and wait for the results to be written. */
  private static Thread interruptHook(Assembly phase, CountDownLatch resultsWritten) {
    return new Thread(() -> {
      phase.runner.stop();
      try {
        resultsWritten.await(phase.settings.threadStopTimeoutNanos() / 1_000_000L + 10_000, TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }, "ycsb-interrupt");
  }

  /** Prints the summary, writes the results folder's final files and says what the user should know. */
  private int write(Assembly phase, PhaseResult result, long startWall) {
    Properties props = cmd.props;
    checkDurability(phase);
    try {
      phase.workload.cleanup();
    } catch (WorkloadException | RuntimeException e) {
      phase.errors.report("workload cleanup", e);
    }
    List<ResultLine> lines = phase.summarize.apply(result);
    try {
      phase.output.printRawSamples(out);
    } catch (UncheckedIOException e) {
      err.println("ERROR: " + e.getMessage() + ": " + e.getCause().getMessage());
      return Ycsb.COULD_NOT_RUN;
    }
    try {
      Exporters.write(Exporters.create(phase.exporterName,
          Ycsb.summaryStream(CoreProperties.EXPORT_FILE.get(props), out)), lines);
    } catch (IOException e) {
      err.println("ERROR: cannot write results to " + CoreProperties.EXPORT_FILE.get(props) + ": "
          + FileProblems.reason(e));
      return Ycsb.COULD_NOT_RUN;
    }
    if (phase.resultsDir != null) {
      try {
        phase.resultsDir.writeSummary(result, true);
        phase.resultsDir.writeFile("environment.json", Environment.json(cmd.command, props, startWall,
            System.currentTimeMillis(), result));
        phase.resultsDir.close();
      } catch (IOException e) {
        err.println("ERROR: cannot write the results folder: " + e.getMessage());
        return Ycsb.COULD_NOT_RUN;
      }
    }
    reportOutcome(result, phase.resources, phase.slo != null && phase.slo.aborted());
    int code = phase.settings.load() ? loadOutcome(phase.settings, result) : Ycsb.OK;
    if (phase.slo != null && !phase.slo.report(result, err) && code == Ycsb.OK) {
      return Ycsb.SLO_BROKEN;
    }
    return code;
  }

  private static List<ResultLine> withSlo(List<ResultLine> lines, PhaseSlo slo, PhaseResult r) {
    if (slo == null) {
      return lines;
    }
    List<ResultLine> all = new ArrayList<>(lines);
    all.addAll(slo.lines(r));
    return all;
  }

  /**
   * A load that did not insert every record it was asked for leaves a store the run phase will not
   * find as expected: scripts must notice, so it ends with exit code 1 and one line saying how many
   * records exist.
   */
  private int loadOutcome(PhaseSettings settings, PhaseResult r) {
    long expected = settings.operations();
    long inserted = r.measured().get(Operation.INSERT, Outcome.OK).count()
        + r.warmup().get(Operation.INSERT, Outcome.OK).count();
    if (expected < 0 || inserted >= expected) {
      return Ycsb.OK;
    }
    String why;
    if ("interrupt".equals(r.endedBy())) {
      why = "the load was interrupted";
    } else if ("maxexecutiontime".equals(r.endedBy())) {
      why = "maxexecutiontime ended the load";
    } else if ("target.profile".equals(r.endedBy())) {
      why = "target.profile ended at rate 0 before them";
    } else if (r.stoppedOnFailedInsert() && !settings.ignoreInsertErrors()) {
      why = "a worker stopped after a failed insert";
    } else {
      why = r.measured().get(Operation.INSERT, Outcome.FAILED).count() + " inserts failed";
    }
    err.println("ERROR: the load inserted " + inserted + " of " + expected + " records (" + why + ")");
    return Ycsb.COULD_NOT_RUN;
  }

  private static List<ResultLine> extraLines(PhaseResult r, boolean jvmLines, JvmFigures jvm,
                                             ClientResources resources) {
    List<ResultLine> extra = new ArrayList<>();
    if (jvmLines) {
      extra.addAll(jvm.lines(r.runtimeNanos() / 1_000_000L));
      extra.addAll(resources.lines(r.measured().operations()));
    }
    return extra;
  }

  private ResultsWriter openResultsDir(Properties props, PhaseSettings settings,
                                       Function<PhaseResult, List<ResultLine>> summarize,
                                       ClientResources resources) throws UsageException {
    String dir = CoreProperties.RESULTS_DIR.get(props);
    if (dir == null || dir.isBlank()) {
      return null;
    }
    Map<String, Object> identity = new LinkedHashMap<>();
    identity.put("phase", settings.load() ? "load" : "run");
    identity.put("clientid", CoreProperties.CLIENT_ID.getInt(props));
    identity.put("clientcount", CoreProperties.CLIENT_COUNT.getInt(props));
    identity.put("db", CoreProperties.DB.get(props));
    identity.put("target", settings.target());
    if (CoreProperties.TARGET_PROFILE.isSet(props) && !CoreProperties.TARGET_PROFILE.get(props).isBlank()) {
      identity.put("targetProfile", CoreProperties.TARGET_PROFILE.get(props));
    }
    identity.put("threadcount", settings.threads());
    identity.put("workloadFiles", cmd.workloadFiles);
    try {
      ResultsWriter w = new ResultsWriter(Path.of(dir), identity, summarize,
          CoreProperties.EXPORT_INTERVAL.getLong(props), CoreProperties.TIMESERIES_GRANULARITY.getLong(props),
          resources);
      w.writeFile("properties.txt", Environment.maskedProperties(props));
      return w;
    } catch (IOException e) {
      throw new UsageException("property resultsdir=" + dir + " cannot be used: " + FileProblems.reason(e));
    }
  }

  private void reportOutcome(PhaseResult r, ClientResources resources, boolean endedBySlo) {
    IntervalStats m = r.measured();
    if (foundNothing(m)) {
      err.println("NOTE: every read, update, scan and delete found no record: the store looks empty; "
          + "did the load phase run against this store (bin/ycsb load ...)?");
    }
    if (m.failedOperations() > 0) {
      err.println("NOTE: " + m.failedOperations() + " of " + m.operations()
          + " operations failed; see the -FAILED sections");
    }
    if (r.stoppedOnFailedInsert()) {
      err.println("NOTE: a worker stopped after a failed insert, so not every record was loaded "
          + "(set ignoreinserterrors=true or insertretrycount to go on)");
    }
    if ("interrupt".equals(r.endedBy()) && !endedBySlo) {
      err.println("NOTE: the run was interrupted; results cover the measured window up to the interrupt");
    }
    if (resources.clientBound()) {
      err.println("WARNING: the client used more than 90% of its " + resources.cores()
          + " cores for most of the run: the result may be bounded by the client, not the database");
    } else if (resources.machineBound()) {
      err.println("WARNING: the machine's CPU was above 90% for most of the run (the client and whatever shares"
          + " its host, such as a database server): the result may be bounded by the client's machine");
    }
  }

  /** @return whether calls that look records up were made and every one of them returned NOT_FOUND */
  private static boolean foundNothing(IntervalStats m) {
    long lookups = 0;
    long notFound = 0;
    for (Operation op : new Operation[] {Operation.READ, Operation.UPDATE, Operation.SCAN, Operation.DELETE}) {
      for (Outcome outcome : new Outcome[] {Outcome.OK, Outcome.FAILED}) {
        LatencyStats s = m.get(op, outcome);
        lookups += s.count();
        notFound += s.statusCounts().getOrDefault(Status.NOT_FOUND.getName(), 0L);
      }
    }
    return lookups > 0 && notFound == lookups;
  }

  /** The properties that size a phase, which a workload may set in its init. */
  private static final List<PropertyDef> PHASE_COUNTS = List.of(CoreProperties.RECORD_COUNT,
      CoreProperties.OPERATION_COUNT, CoreProperties.INSERT_START, CoreProperties.INSERT_COUNT);

  private static List<String> phaseCounts(Properties props) {
    List<String> values = new ArrayList<>();
    for (PropertyDef p : PHASE_COUNTS) {
      values.add(p.given(props));
    }
    return values;
  }

  /** @return e.g. "recordcount=50 (was 1000), insertcount=50 (was not set)" */
  private static String countChanges(List<String> before, List<String> after) {
    List<String> changes = new ArrayList<>();
    for (int i = 0; i < PHASE_COUNTS.size(); i++) {
      if (!Objects.equals(before.get(i), after.get(i))) {
        changes.add(PHASE_COUNTS.get(i).name() + "=" + after.get(i) + " (was "
            + (before.get(i) == null ? "not set" : before.get(i)) + ")");
      }
    }
    return String.join(", ", changes);
  }

  private static Workload newWorkload(String className, Properties props) throws UsageException {
    Workload w;
    try {
      w = Class.forName(className).asSubclass(Workload.class).getDeclaredConstructor().newInstance();
    } catch (ClassNotFoundException | ClassCastException e) {
      throw new UsageException("workload class '" + className + "' not found: expected a class extending "
          + "site.ycsb.Workload, e.g. site.ycsb.workloads.CoreWorkload");
    } catch (ReflectiveOperationException e) {
      throw new UsageException("cannot create workload " + className + ": " + e);
    }
    try {
      w.init(props);
    } catch (WorkloadException e) {
      throw new UsageException("workload " + className + ": " + e.getMessage());
    }
    return w;
  }

  private static PhaseListener fanOut(List<PhaseListener> listeners) {
    return new PhaseListener() {
      @Override
      public void onSample(long elapsed, long length, IntervalStats interval, IntervalStats total,
                           boolean warmingUp) {
        for (PhaseListener l : listeners) {
          l.onSample(elapsed, length, interval, total, warmingUp);
        }
      }

      @Override
      public void onAwaitingStart(long startEpochMillis) {
        listeners.forEach(l -> l.onAwaitingStart(startEpochMillis));
      }

      @Override
      public void onStartCalledOff() {
        listeners.forEach(PhaseListener::onStartCalledOff);
      }

      @Override
      public void onStart(long phaseStartEpochMillis) {
        listeners.forEach(l -> l.onStart(phaseStartEpochMillis));
      }

      @Override
      public void onMeasurementStart() {
        listeners.forEach(PhaseListener::onMeasurementStart);
      }

      @Override
      public void onEnd() {
        listeners.forEach(PhaseListener::onEnd);
      }
    };
  }
}
