package site.ycsb.cli;

import java.io.PrintStream;
import site.ycsb.Status;
import site.ycsb.measurements.IntervalStats;
import site.ycsb.measurements.LatencyStats;
import site.ycsb.measurements.Operation;
import site.ycsb.measurements.Outcome;
import site.ycsb.measurements.PhaseResult;
import site.ycsb.results.ClientResources;
import site.ycsb.runner.PhaseSettings;

/**
 * What the user should know once a phase has ended, beyond its figures: a load short of its
 * records fails (a script must notice), and a store that looks empty, failed operations, an
 * interrupt or a client that bounded the result are said in one line each.
 */
final class PhaseOutcome {
  private PhaseOutcome() {
  }

  /**
   * A load that did not insert every record it was asked for leaves a store the run phase will not
   * find as expected: scripts must notice, so it ends with exit code 1 and one line saying how many
   * records exist.
   */
  static int loadOutcome(PhaseSettings settings, PhaseResult r, PrintStream err) {
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

  /** Says on stderr what looks wrong in what the phase measured, and what ended it early. */
  static void report(PhaseResult r, ClientResources resources, boolean endedBySlo, PrintStream err) {
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
}
