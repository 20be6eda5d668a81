package site.ycsb.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * The arguments of {@code load}, {@code run} and {@code shell}, turned into one set of
 * properties: workload files in the order given, then {@code -p} options and flags, which win.
 */
final class CommandLine {
  final String command;
  final Properties props;
  final List<String> workloadFiles;

  private CommandLine(String command, Properties props, List<String> workloadFiles) {
    this.command = command;
    this.props = props;
    this.workloadFiles = workloadFiles;
  }

  /**
   * @param command load, run or shell
   * @param args the arguments after the command; the first may be a binding's short name
   */
  static CommandLine parse(String command, List<String> args) throws UsageException {
    Properties fromFiles = new Properties();
    Properties fromCommandLine = new Properties();
    List<String> files = new ArrayList<>();
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
        case "-t":
          // YCSB's phase flags; the phase is already given by the command
          break;
        default:
          throw new UsageException("unknown option '" + a + "': expected -P file, -p name=value, -threads n, "
              + "-inflight n, -target ops, -db binding, -l label or -s");
      }
    }
    Properties props = new Properties();
    props.putAll(fromFiles);
    props.putAll(fromCommandLine);
    return new CommandLine(command, props, files);
  }

  private static String value(List<String> args, int i, String option, String expected) throws UsageException {
    if (i >= args.size()) {
      throw new UsageException("option " + option + " needs a value: expected " + expected);
    }
    return args.get(i);
  }

  private static void load(Properties into, String file) throws UsageException {
    try (InputStream in = Files.newInputStream(Path.of(file))) {
      into.load(in);
    } catch (NoSuchFileException e) {
      throw new UsageException("workload file not found: " + file);
    } catch (IOException | IllegalArgumentException e) {
      throw new UsageException("cannot read workload file " + file + ": " + e.getMessage());
    }
  }
}
