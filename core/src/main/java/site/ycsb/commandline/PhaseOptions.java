package site.ycsb.commandline;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The options of a phase as upstream YCSB spells them ({@code -P file -p name=value -threads n
 * -target n -inflight n -db class -l label -s}), for every command that takes a phase's command
 * line: {@code load}, {@code run}, {@code shell}, {@code site.ycsb.Client}, {@code kubernetes}.
 *
 * <p>Each flag is its property, set in the order given, so a later {@code -p threadcount=8} wins
 * over an earlier {@code -threads 4} and the other way round; workload files are kept in order.
 */
public final class PhaseOptions {
  private final List<String> workloadFiles = new ArrayList<>();
  private final Map<String, String> properties = new LinkedHashMap<>();

  @Spec(Spec.Target.MIXEE)
  private CommandSpec command;

  @Option(names = "-P", order = 10, paramLabel = "file",
      description = "workload file; several are read in the order given, a later value of a name wins")
  @Needs("a workload file")
  void workloadFile(String file) {
    workloadFiles.add(file);
  }

  @Option(names = "-p", order = 11, paramLabel = "name=value",
      description = "property; wins over workload files, and a later one over an earlier one or a flag")
  @Needs("name=value")
  void property(String nameValue) {
    int eq = nameValue.indexOf('=');
    if (eq <= 0) {
      throw ErrorLine.refusal(command, "-p " + nameValue + ": expected name=value");
    }
    set(nameValue.substring(0, eq).trim(), nameValue.substring(eq + 1));
  }

  @Option(names = "-threads", order = 12, paramLabel = "n",
      description = "worker threads, default 1 (property threadcount)")
  @Needs("a number of threads")
  void threads(String n) {
    set("threadcount", n);
  }

  @Option(names = "-target", order = 13, paramLabel = "n",
      description = "operations per second for the whole process, default unlimited (property target)")
  @Needs("operations per second")
  void target(String opsPerSecond) {
    set("target", opsPerSecond);
  }

  @Option(names = "-inflight", order = 14, paramLabel = "n",
      description = "operations in flight per worker on the asynchronous path (property inflight)")
  @Needs("a number of operations in flight per thread")
  void inflight(String n) {
    set("inflight", n);
  }

  @Option(names = "-db", order = 15, paramLabel = "class", description = "binding class or short name (property db)")
  @Needs("a binding name or class")
  void binding(String nameOrClass) {
    set("db", nameOrClass);
  }

  @Option(names = "-s", order = 16,
      description = "a status line on stderr every status.interval seconds (property status)")
  void status(boolean on) {
    set("status", "true");
  }

  @Option(names = "-l", order = 17, paramLabel = "label", description = "label of the status line (property label)")
  @Needs("a label")
  void label(String label) {
    set("label", label);
  }

  /** Sets a property as the command line does: a later value wins. */
  public void set(String name, String value) {
    properties.put(name, value);
  }

  /** @return the workload files, in the order given */
  public List<String> workloadFiles() {
    return Collections.unmodifiableList(workloadFiles);
  }

  /** @return the properties the options set, each with the last value given */
  public Map<String, String> properties() {
    return Collections.unmodifiableMap(properties);
  }
}
