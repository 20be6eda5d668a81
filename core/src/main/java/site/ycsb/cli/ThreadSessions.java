package site.ycsb.cli;

import java.io.PrintStream;
import java.util.Properties;
import site.ycsb.AsyncDB;
import site.ycsb.DB;
import site.ycsb.props.CoreProperties;
import site.ycsb.runner.PhaseSettings;

/**
 * Decides how {@code -threads N} runs when the user did not set {@code inflight}. A thread per
 * session that waits in each call costs the client a thread switch and a system call or two per
 * operation: with 32 threads on two cores, many times what the driver alone needs for the same
 * operations. So where the binding's asynchronous side serves them ({@link AsyncDB#servesSessions})
 * and the workload plans its operations, the N sessions run as N operations in flight on a few
 * worker threads; each place in flight makes its operations one after another, as a session's
 * thread would. {@code threadmode=threads} keeps a thread per session.
 */
final class ThreadSessions {
  /** Worker threads are kept to half the cores: the other half is the driver's I/O threads'. */
  private static final int CORES_PER_WORKER = 2;

  private ThreadSessions() {
  }

  /**
   * @param settings the phase's settings as the properties give them
   * @param binding a fresh binding instance, its properties set, not initialized
   * @param props the phase's properties
   * @param err where the choice is said, in one line
   * @return the settings to run: unchanged, or the sessions as operations in flight
   */
  static PhaseSettings decide(PhaseSettings settings, DB binding, Properties props, PrintStream err) {
    int sessions = settings.threads();
    if (!inFlight(settings, binding, props)) {
      return settings;
    }
    int workers = workersFor(sessions, Runtime.getRuntime().availableProcessors());
    int each = sessions / workers;
    err.println("NOTE: -threads " + sessions + " runs as " + sessions + " sessions in flight on " + workers
        + " worker thread" + (workers == 1 ? "" : "s") + " (" + each + " each) through the binding's asynchronous"
        + " side; threadmode=threads runs a thread per session");
    return settings.asSessions(workers, each);
  }

  /** @return whether the sessions may run as operations in flight */
  private static boolean inFlight(PhaseSettings settings, DB binding, Properties props) {
    if (settings.inflight() > 0 || settings.threads() < 2
        || !"auto".equals(CoreProperties.THREAD_MODE.getChoice(props))
        || !(binding instanceof AsyncDB) || !((AsyncDB) binding).servesSessions()) {
      // the user chose the path, one session has nothing to share, or the binding cannot stand in
      return false;
    }
    try {
      if (site.ycsb.workloads.OperationPlanner.cannotPlan(Class.forName(CoreProperties.WORKLOAD.get(props))) != null) {
        return false;
      }
    } catch (ClassNotFoundException e) {
      // reported as an unknown workload when it is made
      return false;
    }
    // transactions run on the blocking side only: their reads and writes depend on one another
    return !PhaseRefusals.plansTransactions(props, settings.load());
  }

  /**
   * @return the worker threads for the sessions: at most one per two cores, and a divisor of the
   *     sessions, so that every worker keeps the same number in flight and they add up exactly
   */
  static int workersFor(int sessions, int cores) {
    int most = Math.max(1, Math.min(sessions, cores / CORES_PER_WORKER));
    for (int w = most; w > 1; w--) {
      if (sessions % w == 0) {
        return w;
      }
    }
    return 1;
  }
}
