package site.ycsb.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;
import site.ycsb.DB;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;
import site.ycsb.measurements.PhaseListener;
import site.ycsb.measurements.PhaseResult;
import site.ycsb.monitoring.LiveMetrics;
import site.ycsb.props.CoreProperties;
import site.ycsb.props.Durations;
import site.ycsb.props.FileProblems;
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
import site.ycsb.runner.OperationSeeds;
import site.ycsb.runner.PhaseSettings;
import site.ycsb.runner.PhaseSetupException;
import site.ycsb.runner.Runner;
import site.ycsb.runner.StartGate;
import site.ycsb.startbarrier.StartBarriers;
import site.ycsb.workloads.CoreWorkload;

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
                          PhaseDurability durability) {
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
      PhaseRefusals.checkAsynchronous(bindingClass, CoreProperties.WORKLOAD.get(props));
    }
    PhaseRefusals.checkTransactions(bindingClass, props, load);
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
    PhaseRefusals.checkExportFile(CoreProperties.EXPORT_FILE.get(props));
    // fail on a bad exporter name now, not after the whole run
    Exporters.create(exporterName, java.io.OutputStream.nullOutputStream());

    OperationSeeds seeds = PhaseWorkload.seeds(props, load);
    List<String> countsBefore = PhaseWorkload.phaseCounts(props);
    Workload workload = PhaseWorkload.newSeededWorkload(CoreProperties.WORKLOAD.get(props), props, seeds);
    // a workload may size the phase in its init (upstream's ConstantOccupancyWorkload sets the
    // record, insert and operation counts from a disk size): the phase runs the counts it set
    List<String> countsAfter = PhaseWorkload.phaseCounts(props);
    PhaseSettings settings = checked;
    if (!countsBefore.equals(countsAfter)) {
      settings = Settings.forPhase(props, load);
      err.println("NOTE: workload " + workload.getClass().getSimpleName() + " set "
          + PhaseWorkload.countChanges(countsBefore, countsAfter) + "; the phase runs these");
    }
    settings = ThreadSessions.decide(settings, Bindings.configured(bindingClass, props), props, err);
    List<DB> bindings = new ArrayList<>(settings.threads());
    for (int i = 0; i < settings.threads(); i++) {
      bindings.add(Bindings.configured(bindingClass, props));
    }

    ClientResources resources = new ClientResources();
    JvmFigures jvm = new JvmFigures();
    boolean jvmLines = output.jvmLines();
    PhaseDurability durability = new PhaseDurability();
    Function<PhaseResult, List<ResultLine>> summarize = r -> withSlo(summary.lines(r,
        durability.after(extraLines(r, seeds.seed(), jvmLines, jvm, resources))), slo, r);

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
    Path captureFolder = PhaseCapture.folder(props, resultsDir);
    long sampleMillis = Math.min(CoreProperties.TIMESERIES_GRANULARITY.getLong(props),
        Math.max(1, (long) (statusSeconds * 1000)));
    ErrorLog errors = new ErrorLog(err);
    errors.hideValuesOf(props);
    int threads = settings.threads();
    Runner runner = new Runner(settings, bindings, workload, id -> workload.initThread(props, id, threads), errors,
        sampleMillis, PhaseListener.all(listeners));
    runner.seeds(seeds);
    if (captureFolder != null) {
      runner.capture(captureFolder);
    }
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
        return Bindings.configured(bindingClass, props);
      } catch (UsageException | CouldNotRunException e) {
        throw new IllegalStateException(e.getMessage(), e);
      }
    };
    return new Assembly(settings, workload, runner, errors, summarize, exporterName, resultsDir, resources, output,
        slo, live, newBinding, durability);
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
    phase.durability.check(phase.workload, props, phase.newBinding, phase.settings, phase.errors, err);
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
    PhaseOutcome.report(result, phase.resources, phase.slo != null && phase.slo.aborted(), err);
    int code = phase.settings.load() ? PhaseOutcome.loadOutcome(phase.settings, result, err) : Ycsb.OK;
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

  private static List<ResultLine> extraLines(PhaseResult r, long seed, boolean jvmLines, JvmFigures jvm,
                                             ClientResources resources) {
    List<ResultLine> extra = new ArrayList<>();
    // always: a run is repeated with the seed it printed
    extra.add(new ResultLine("CLIENT", "Seed", seed));
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
    // the sessions the user asked for, however they ran
    identity.put("threadcount", CoreProperties.THREADS.getInt(props));
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

}
