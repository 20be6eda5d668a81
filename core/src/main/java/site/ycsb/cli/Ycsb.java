package site.ycsb.cli;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import site.ycsb.commandline.ToolCommand;
import site.ycsb.props.PropertyException;

/**
 * The command line: {@code load}, {@code run} and {@code shell} against a binding.
 * {@link #execute} is the whole program; {@link #main} only adds the process exit code.
 */
public final class Ycsb {
  /** Exit code: the phase ran (some operations may have failed; the summary says so). */
  public static final int OK = site.ycsb.ExitCodes.OK;
  /** Exit code: the phase could not run (database unreachable, setup failed). */
  public static final int COULD_NOT_RUN = site.ycsb.ExitCodes.COULD_NOT_RUN;
  /** Exit code: the command line or a property was wrong. */
  public static final int BAD_INPUT = site.ycsb.ExitCodes.BAD_INPUT;
  /**
   * Exit code: the phase ran, but broke a threshold of its service-level objective ({@code slo});
   * the {@code [SLO]} section and one line per broken threshold on stderr say which.
   */
  public static final int SLO_BROKEN = site.ycsb.ExitCodes.SLO_BROKEN;

  private Ycsb() {
  }

  public static void main(String[] args) {
    int code = execute(args, System.out, System.err);
    System.out.flush();
    System.err.flush();
    // worker threads abandoned inside a driver call must not keep the process alive
    System.exit(code);
  }

  /**
   * Runs one command.
   *
   * @param args e.g. {@code run basic -P workloads/workloada -p recordcount=1000}
   * @param out where results go (unless {@code exportfile} is set)
   * @param err where status lines, warnings and errors go
   * @return the exit code
   */
  public static int execute(String[] args, PrintStream out, PrintStream err) {
    return execute(args, System.in, out, err);
  }

  /**
   * Runs one command, reading the shell's commands from {@code in}.
   *
   * @param args the command line
   * @param in where {@code shell} reads its commands, and a phase its start from a {@code stdio} barrier
   * @param out where results go
   * @param err where status lines, warnings and errors go
   * @return the exit code
   */
  public static int execute(String[] args, java.io.InputStream in, PrintStream out, PrintStream err) {
    if (args.length == 0 || "-h".equals(args[0]) || "--help".equals(args[0]) || "help".equals(args[0])) {
      usage(args.length == 0 ? err : out);
      return args.length == 0 ? BAD_INPUT : OK;
    }
    List<String> rest = Arrays.asList(args).subList(1, args.length);
    return reportingInputErrors(err, () -> {
      EngineClasses.check();
      switch (args[0]) {
        case "load":
        case "run":
        case "shell": {
          site.ycsb.commandline.PhaseOptions given = PhaseArguments.parse(args[0], rest, out);
          if (given == null) {
            return OK;
          }
          CommandLine cmd = CommandLine.of(args[0], given);
          return "shell".equals(args[0]) ? Shell.run(cmd, in, out, err) : new Phase(cmd, in, out, err).execute();
        }
        case "properties": {
          PropertiesArguments a = new PropertiesArguments();
          if (PhaseArguments.parsed(site.ycsb.commandline.CommandLines.of(a), rest, out)) {
            out.print(site.ycsb.props.PropertyDocs.markdown(PropertyReference.catalogs(a.bindings)));
          }
          return OK;
        }
        default:
          ToolCommand tool = CommandOverview.tool(args[0]);
          if (tool != null) {
            return tool.run(rest, out, err);
          }
          List<String> names = CommandOverview.names();
          throw new UsageException("unknown command '" + args[0] + "': expected "
              + String.join(", ", names.subList(0, names.size() - 1)) + " or " + names.get(names.size() - 1)
              + " (ycsb --help)");
      }
    });
  }

  /**
   * Runs upstream's {@code site.ycsb.Client} command line: no command word; {@code -load}, {@code -t}
   * or the {@code dotransactions} property choose the phase.
   *
   * @param args e.g. {@code -load -db site.ycsb.BasicDB -P workloads/workloada}
   * @param out where results go
   * @param err where status lines, warnings and errors go
   * @return the exit code
   */
  public static int executeClient(String[] args, PrintStream out, PrintStream err) {
    if (args.length == 0) {
      // upstream prints its usage and exits 0; a script that forgot its arguments should notice
      clientUsage(err);
      return BAD_INPUT;
    }
    return reportingInputErrors(err, () -> {
      site.ycsb.commandline.PhaseOptions given = ClientArguments.parse(Arrays.asList(args), out);
      if (given == null) {
        return OK;
      }
      EngineClasses.check();
      return new Phase(CommandLine.ofClient(given), System.in, out, err).execute();
    });
  }

  /** A command that may refuse its input or fail to start. */
  private interface Command {
    int run() throws UsageException, CouldNotRunException;
  }

  /** Runs a command, turning its refusals into one line on stderr and the matching exit code. */
  private static int reportingInputErrors(PrintStream err, Command command) {
    try {
      return command.run();
    } catch (UsageException | PropertyException e) {
      err.println("ERROR: " + e.getMessage());
      return BAD_INPUT;
    } catch (CouldNotRunException e) {
      err.println("ERROR: " + e.getMessage());
      return COULD_NOT_RUN;
    }
  }

  private static void clientUsage(PrintStream s) {
    s.print(ClientArguments.usage());
  }

  private static void usage(PrintStream s) {
    s.print(CommandOverview.usage());
  }

  /** Opens where the summary goes: the export file, or stdout (left open). */
  static OutputStream summaryStream(String exportFile, PrintStream out) throws IOException {
    if (exportFile == null || exportFile.isBlank()) {
      return new OutputStream() {
        @Override
        public void write(int b) {
          out.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) {
          out.write(b, off, len);
        }

        @Override
        public void close() {
          out.flush();
        }
      };
    }
    return new FileOutputStream(exportFile);
  }
}
