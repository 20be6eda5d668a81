package site.ycsb.tools.experiment;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * An experiment as its plan file describes it: one binding and its properties, the workloads, the
 * dimensions swept, how often each combination is repeated, and the commands run around and
 * inside each run. Read by {@link PlanReader}; every value is checked there.
 *
 * @param file the plan file
 * @param name the experiment's name (its folder), the file name without extension unless given
 * @param binding the binding's short name or class
 * @param properties properties of every phase, in plan order
 * @param propertyLines the plan line of each of them, for messages
 * @param workloads workload files, in plan order
 * @param load when records are loaded
 * @param repetitions runs of each combination
 * @param runtimeSeconds measured length of a run (maxexecutiontime), 0 for none
 * @param warmupMillis warm-up inside a run (warmupexecutiontime), 0 for none
 * @param granularityMillis length of a time-series interval
 * @param percentiles percentiles shown in the experiment's table, e.g. 95 and 99
 * @param dimensions what is swept, in the order combinations vary (the last fastest)
 * @param beforeRun shell commands before each run
 * @param afterRun shell commands after each run
 * @param faults shell commands at offsets inside each run
 * @param search the capacity search, or null for none
 */
public record Plan(Path file, String name, String binding, Map<String, String> properties,
                   Map<String, Integer> propertyLines, List<String> workloads,
                   LoadMode load, int repetitions, double runtimeSeconds, long warmupMillis, long granularityMillis,
                   List<String> percentiles, List<Dimension> dimensions, List<Command> beforeRun,
                   List<Command> afterRun, List<Fault> faults, Search search) {

  /**
   * A search for the highest target whose runs meet a service-level objective (plan key
   * {@code search:}), documented in {@code docs/experiments.md}.
   *
   * @param slo the objective, as the {@code slo} property writes it
   * @param repetitions runs of each candidate target
   * @param precision the search stops once the interval holding the capacity is this narrow,
   *     relative to its upper end (0.02 for 2%)
   * @param tolerance a candidate passes only if its achieved throughput is at least
   *     {@code (1 - tolerance)} of its target
   * @param maxCandidates candidate targets tried at most
   * @param line the plan line, for messages
   */
  public record Search(String slo, int repetitions, double precision, double tolerance, int maxCandidates,
                       int line) {
  }

  /** When the records are loaded. */
  public enum LoadMode {
    /** once per workload, before its first run */
    ONCE("once"),
    /** before the first run of every combination (a swept property that shapes the records) */
    PER_COMBINATION("per-combination"),
    /** before every run */
    EVERY_RUN("every-run"),
    /** never: the data is there */
    NONE("none");

    final String word;

    LoadMode(String word) {
      this.word = word;
    }
  }

  /**
   * One swept dimension: a property and its values in order. {@code threadcount} and
   * {@code target} are dimensions like any other; a target given as fractions of the maximum is
   * a {@link Dimension} whose values are fractions, resolved once the maximum is measured.
   *
   * @param property the property swept
   * @param values its values, as the run is given them
   * @param ofMaximum true when the values are fractions of the maximum throughput
   * @param line the plan line, for messages
   */
  public record Dimension(String property, List<String> values, boolean ofMaximum, int line) {
  }

  /**
   * A shell command of the plan.
   *
   * @param text the command, run with {@code bash -c}
   * @param line its plan line, for messages
   */
  public record Command(String text, int line) {
  }

  /**
   * A command at an offset inside each run.
   *
   * @param atMillis milliseconds from the phase start (the workers' release, warm-up included)
   * @param command the command
   */
  public record Fault(long atMillis, Command command) {
  }

  /** @return the dimension that sweeps the target as fractions of the maximum, or null */
  public Dimension targetOfMaximum() {
    for (Dimension d : dimensions) {
      if (d.ofMaximum()) {
        return d;
      }
    }
    return null;
  }
}
