package site.ycsb.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import site.ycsb.commandline.PhaseOptions;
import site.ycsb.props.CoreProperties;
import site.ycsb.props.FileProblems;
import site.ycsb.props.WorkloadFileText;

/**
 * The arguments of {@code load}, {@code run} and {@code shell} ({@link PhaseArguments}), turned into
 * one set of properties: workload files in the order given, then {@code -p} options and flags, which win.
 *
 * <p>The phase is upstream's {@code dotransactions} property: the command word sets it first, then
 * {@code -load}, {@code -t} and {@code -p dotransactions=...} set it again in the order given, so
 * {@code run -p dotransactions=false} runs the load phase as upstream's {@code ycsb.sh} and
 * {@code Client} do. A workload file's value only decides when nothing on the command line does.
 */
final class CommandLine {
  private static final String DO_TRANSACTIONS = CoreProperties.DO_TRANSACTIONS.name();

  /** load, run or shell: for load and run the phase the properties decided. */
  final String command;
  final Properties props;
  final List<String> workloadFiles;
  /** Lines for stderr about how the phase was decided, when it may surprise. */
  final List<String> notes;

  private CommandLine(String command, Properties props, List<String> workloadFiles, List<String> notes) {
    this.command = command;
    this.props = props;
    this.workloadFiles = workloadFiles;
    this.notes = notes;
  }

  /**
   * @param command load, run or shell
   * @param given the options given after it (the command word has set the phase among them)
   */
  static CommandLine of(String command, PhaseOptions given) throws UsageException {
    return of(command, given, true);
  }

  /**
   * The arguments of {@code site.ycsb.Client}: no command word, so the phase is {@code -load},
   * {@code -t} or the {@code dotransactions} property (a run by default), as upstream's client reads it.
   */
  static CommandLine ofClient(PhaseOptions given) throws UsageException {
    return of("run", given, false);
  }

  private static CommandLine of(String command, PhaseOptions given, boolean commandSetsPhase)
      throws UsageException {
    Properties fromFiles = new Properties();
    Properties fromCommandLine = new Properties();
    boolean phase = "load".equals(command) || "run".equals(command);
    List<String> files = given.workloadFiles();
    for (String file : files) {
      load(fromFiles, file);
    }
    fromCommandLine.putAll(given.properties());
    Properties props = new Properties();
    props.putAll(fromFiles);
    props.putAll(fromCommandLine);
    if (phase && commandSetsPhase && !props.containsKey("db")) {
      // upstream's client defaults to its printing binding; a command line without one is a mistake
      throw new UsageException(command + " needs a binding: ycsb " + command + " <binding> -P <workload file>"
          + " [options], e.g. ycsb " + command + " rocksdb -P workloads/workloada");
    }
    if (!phase) {
      return new CommandLine(command, props, files, List.of());
    }
    String decided = CoreProperties.DO_TRANSACTIONS.getBoolean(props) ? "run" : "load";
    List<String> notes = new ArrayList<>();
    if (commandSetsPhase && !decided.equals(command)) {
      notes.add("NOTE: the command line sets dotransactions=" + CoreProperties.DO_TRANSACTIONS.get(props)
          + ": running the " + decided + " phase, not the " + command + " phase");
    } else if (CoreProperties.DO_TRANSACTIONS.isSet(fromFiles) && commandSetsPhase
        && !CoreProperties.DO_TRANSACTIONS.get(fromFiles)
            .equalsIgnoreCase(CoreProperties.DO_TRANSACTIONS.given(props))) {
      notes.add("NOTE: dotransactions=" + CoreProperties.DO_TRANSACTIONS.given(fromFiles) + " in a workload file is"
          + " overridden by the command '" + command + "', as upstream's launchers do; give -p dotransactions="
          + CoreProperties.DO_TRANSACTIONS.get(fromFiles) + " to change the phase");
    }
    return new CommandLine(decided, props, files, notes);
  }

  private static void load(Properties into, String file) throws UsageException {
    if (file.isEmpty()) {
      throw new UsageException("option -P needs a workload file, got an empty name");
    }
    String text;
    try {
      text = WorkloadFileText.decode(Files.readAllBytes(Path.of(file)));
    } catch (NoSuchFileException e) {
      throw new UsageException("workload file not found: " + file);
    } catch (IOException e) {
      throw new UsageException("cannot read workload file " + file + ": " + FileProblems.reason(e));
    } catch (IllegalArgumentException e) {
      throw new UsageException("workload file " + file + " " + e.getMessage() + "; expected name=value lines, e.g."
          + " recordcount=1000 (see workloads/workloada)");
    }
    try {
      WorkloadFileText.load(text, into);
    } catch (IllegalArgumentException e) {
      throw new UsageException("cannot read workload file " + file + ": " + e.getMessage()
          + "; expected name=value lines");
    }
  }
}
