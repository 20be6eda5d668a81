package site.ycsb.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import site.ycsb.props.CoreProperties;
import site.ycsb.props.FileProblems;
import site.ycsb.props.WorkloadFileText;

/**
 * The arguments of {@code load}, {@code run} and {@code shell}, turned into one set of
 * properties: workload files in the order given, then {@code -p} options and flags, which win.
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
   * @param args the arguments after the command; the first may be a binding's short name
   */
  static CommandLine parse(String command, List<String> args) throws UsageException {
    return parse(command, args, true);
  }

  /**
   * The arguments of {@code site.ycsb.Client}: no command word, so the phase is {@code -load},
   * {@code -t} or the {@code dotransactions} property (a run by default), as upstream's client reads it.
   */
  static CommandLine parseClient(List<String> args) throws UsageException {
    return parse("run", args, false);
  }

  private static CommandLine parse(String command, List<String> args, boolean commandSetsPhase)
      throws UsageException {
    Properties fromFiles = new Properties();
    Properties fromCommandLine = new Properties();
    List<String> files = new ArrayList<>();
    boolean phase = "load".equals(command) || "run".equals(command);
    if (phase && commandSetsPhase) {
      fromCommandLine.setProperty(DO_TRANSACTIONS, Boolean.toString("run".equals(command)));
    }
    int i = 0;
    if (i < args.size() && !args.get(i).startsWith("-")) {
      fromCommandLine.setProperty("db", args.get(i++));
    }
    while (i < args.size()) {
      String a = args.get(i++);
      switch (a) {
        case "-P":
          String file = value(args, i++, a, "a workload file");
          files.add(file);
          load(fromFiles, file);
          break;
        case "-p":
          String kv = value(args, i++, a, "name=value");
          int eq = kv.indexOf('=');
          if (eq <= 0) {
            throw new UsageException("-p " + kv + ": expected name=value");
          }
          fromCommandLine.setProperty(kv.substring(0, eq).trim(), kv.substring(eq + 1));
          break;
        case "-threads":
          fromCommandLine.setProperty("threadcount", value(args, i++, a, "a number of threads"));
          break;
        case "-inflight":
          fromCommandLine.setProperty("inflight", value(args, i++, a, "a number of operations in flight per thread"));
          break;
        case "-target":
          fromCommandLine.setProperty("target", value(args, i++, a, "operations per second"));
          break;
        case "-db":
          fromCommandLine.setProperty("db", value(args, i++, a, "a binding name or class"));
          break;
        case "-l":
          fromCommandLine.setProperty("label", value(args, i++, a, "a label"));
          break;
        case "-s":
          fromCommandLine.setProperty("status", "true");
          break;
        case "-load":
          fromCommandLine.setProperty(DO_TRANSACTIONS, "false");
          break;
        case "-t":
          fromCommandLine.setProperty(DO_TRANSACTIONS, "true");
          break;
        default:
          throw new UsageException("unknown option '" + a + "': expected -P file, -p name=value, -threads n, "
              + "-inflight n, -target ops, -db binding, -l label, -s, -load or -t");
      }
    }
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
      notes.add("NOTE: the command line sets dotransactions=" + props.getProperty(DO_TRANSACTIONS).trim()
          + ": running the " + decided + " phase, not the " + command + " phase");
    } else if (fromFiles.containsKey(DO_TRANSACTIONS) && commandSetsPhase
        && !fromFiles.getProperty(DO_TRANSACTIONS).trim().equalsIgnoreCase(props.getProperty(DO_TRANSACTIONS))) {
      notes.add("NOTE: dotransactions=" + fromFiles.getProperty(DO_TRANSACTIONS) + " in a workload file is"
          + " overridden by the command '" + command + "', as upstream's launchers do; give -p dotransactions="
          + fromFiles.getProperty(DO_TRANSACTIONS).trim() + " to change the phase");
    }
    return new CommandLine(decided, props, files, notes);
  }

  private static String value(List<String> args, int i, String option, String expected) throws UsageException {
    if (i >= args.size()) {
      throw new UsageException("option " + option + " needs a value: expected " + expected);
    }
    return args.get(i);
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
