package site.ycsb.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import site.ycsb.DB;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;
import site.ycsb.measurements.IntervalStats;
import site.ycsb.props.CoreProperties;
import site.ycsb.props.PropertyException;
import site.ycsb.results.Exporters;
import site.ycsb.results.JvmFigures;
import site.ycsb.results.Percentiles;
import site.ycsb.results.ResultLine;
import site.ycsb.results.Summary;
import site.ycsb.runner.ErrorLog;
import site.ycsb.runner.PhaseListener;
import site.ycsb.runner.PhaseResult;
import site.ycsb.runner.PhaseSetupException;
import site.ycsb.runner.PhaseSettings;
import site.ycsb.runner.Runner;

/** One {@code load} or {@code run}: from parsed command line to printed results. */
final class Phase {
  private final CommandLine cmd;
  private final PrintStream out;
  private final PrintStream err;

  Phase(CommandLine cmd, PrintStream out, PrintStream err) {
    this.cmd = cmd;
    this.out = out;
    this.err = err;
  }

  int execute() throws UsageException {
    Properties props = cmd.props;
    boolean load = "load".equals(cmd.command);
    Class<? extends DB> bindingClass = Bindings.resolve(CoreProperties.DB.get(props));
    PropertyCheck.check(props, err);
    if (load) {
      Settings.splitLoadAmongClients(props);
    }
    PhaseSettings settings = Settings.forPhase(props, load);
    // without a throttle the intended start is the actual start: only print those figures when asked
    String interval = CoreProperties.MEASUREMENT_INTERVAL.getChoice(props);
    if (settings.target() <= 0 && !CoreProperties.MEASUREMENT_INTERVAL.isSet(props)) {
      interval = "op";
    }
    Summary summary = new Summary(Percentiles.parse(CoreProperties.PERCENTILES.get(props)), interval);
    String exporterName = CoreProperties.EXPORTER.get(props);
    Exporters.create(exporterName, java.io.OutputStream.nullOutputStream());

    Workload workload = newWorkload(CoreProperties.WORKLOAD.get(props), props);
    List<DB> bindings = new ArrayList<>(settings.threads());
    for (int i = 0; i < settings.threads(); i++) {
      DB db = Bindings.newInstance(bindingClass);
      db.setProperties(props);
      bindings.add(db);
    }

    List<PhaseListener> listeners = new ArrayList<>();
    double statusSeconds = CoreProperties.STATUS_INTERVAL.getDouble(props);
    if (CoreProperties.STATUS.getBoolean(props)) {
      listeners.add(new StatusReporter(err, CoreProperties.LABEL.get(props), statusSeconds,
          settings.operations()));
    }
    long granularity = CoreProperties.TIMESERIES_GRANULARITY.getLong(props);
    long sampleMillis = Math.max(1, Math.min(granularity, (long) (statusSeconds * 1000)));
    ErrorLog errors = new ErrorLog(err);
    Runner runner = new Runner(settings, bindings, workload, props, errors, sampleMillis, fanOut(listeners));
    JvmFigures jvm = new JvmFigures();

    CountDownLatch resultsWritten = new CountDownLatch(1);
    Thread hook = new Thread(() -> {
      runner.stop();
      try {
        // let the main thread print the results before the JVM goes down
        resultsWritten.await(settings.threadStopTimeoutNanos() / 1_000_000L + 10_000, TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }, "ycsb-interrupt");
    Runtime.getRuntime().addShutdownHook(hook);
    try {
      PhaseResult result;
      try {
        result = runner.run();
      } catch (PhaseSetupException e) {
        err.println("ERROR: " + e.getMessage());
        return Ycsb.COULD_NOT_RUN;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        err.println("ERROR: interrupted");
        return Ycsb.COULD_NOT_RUN;
      }
      try {
        workload.cleanup();
      } catch (WorkloadException | RuntimeException e) {
        errors.report("workload cleanup", e);
      }
      List<ResultLine> lines = summary.lines(result,
          CoreProperties.JVM_STATS.getBoolean(props) ? jvm.lines(result.runtimeNanos() / 1_000_000L) : List.of());
      try {
        Exporters.write(Exporters.create(exporterName,
            Ycsb.summaryStream(CoreProperties.EXPORT_FILE.get(props), out)), lines);
      } catch (IOException e) {
        err.println("ERROR: cannot write results to " + CoreProperties.EXPORT_FILE.get(props) + ": " + e.getMessage());
        return Ycsb.COULD_NOT_RUN;
      }
      reportOutcome(result);
      return Ycsb.OK;
    } finally {
      resultsWritten.countDown();
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException shuttingDown) {
        // the JVM is already going down; the hook is running
      }
    }
  }

  private void reportOutcome(PhaseResult r) {
    IntervalStats m = r.measured();
    if (m.failedOperations() > 0) {
      err.println("NOTE: " + m.failedOperations() + " of " + m.operations()
          + " operations failed; see the -FAILED sections");
    }
    if (r.stoppedOnFailedInsert()) {
      err.println("NOTE: a worker stopped after a failed insert, so not every record was loaded "
          + "(set ignoreinserterrors=true or insertretrycount to go on)");
    }
    if ("interrupt".equals(r.endedBy())) {
      err.println("NOTE: the run was interrupted; results cover the measured window up to the interrupt");
    }
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
    } catch (PropertyException e) {
      throw e;
    }
    return w;
  }

  private static PhaseListener fanOut(List<PhaseListener> listeners) {
    if (listeners.isEmpty()) {
      return PhaseListener.NONE;
    }
    return (elapsed, length, interval, total, warmingUp) -> {
      for (PhaseListener l : listeners) {
        l.onSample(elapsed, length, interval, total, warmingUp);
      }
    };
  }
}
