package site.ycsb.tools;

import java.io.PrintStream;
import java.util.List;
import java.util.function.Supplier;
import picocli.CommandLine;
import site.ycsb.cli.Bindings;
import site.ycsb.commandline.CommandLines;
import site.ycsb.commandline.ToolCommand;
import site.ycsb.tools.experiment.ExperimentArguments;
import site.ycsb.tools.experiment.ExperimentCommand;
import site.ycsb.tools.merge.CompareArguments;
import site.ycsb.tools.merge.CompareCommand;
import site.ycsb.tools.merge.MergeArguments;
import site.ycsb.tools.merge.MergeCommand;
import site.ycsb.tools.report.ReportArguments;
import site.ycsb.tools.report.ReportCommand;
import site.ycsb.tools.scaleout.FanOutArguments;
import site.ycsb.tools.scaleout.FanOutCommand;
import site.ycsb.tools.scaleout.KubernetesArguments;
import site.ycsb.tools.scaleout.KubernetesCommand;

/**
 * The tools' commands as {@code bin/ycsb} finds them ({@code META-INF/services}, in the order of
 * {@code ycsb --help}): each is its name, its declared options and the method that runs it.
 */
public final class Tools {
  private Tools() {
  }

  /** How a tool runs: its arguments after the command's name, stdout, stderr; the exit code. */
  private interface Runs {
    int run(List<String> args, PrintStream out, PrintStream err);
  }

  /** One command: the three things bin/ycsb asks of it. */
  private abstract static class Command implements ToolCommand {
    private final String name;
    private final Supplier<Object> arguments;
    private final Runs runs;

    Command(String name, Supplier<Object> arguments, Runs runs) {
      this.name = name;
      this.arguments = arguments;
      this.runs = runs;
    }

    @Override
    public String name() {
      return name;
    }

    @Override
    public CommandLine parser() {
      return CommandLines.of(arguments.get());
    }

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) {
      return runs.run(args, out, err);
    }
  }

  /** {@code ycsb merge}: one results folder from the folders of several clients. */
  public static final class Merge extends Command {
    public Merge() {
      super("merge", MergeArguments::new, MergeCommand::run);
    }
  }

  /** {@code ycsb compare}: two groups of runs, and whether their difference is significant. */
  public static final class Compare extends Command {
    public Compare() {
      super("compare", CompareArguments::new, CompareCommand::run);
    }
  }

  /** {@code ycsb report}: one HTML page from results folders. */
  public static final class Report extends Command {
    public Report() {
      super("report", ReportArguments::new, ReportCommand::run);
    }
  }

  /** {@code ycsb experiment}: the runs of a plan, one client process per phase. */
  public static final class Experiment extends Command {
    public Experiment() {
      super("experiment", ExperimentArguments::new,
          (args, out, err) -> ExperimentCommand.run(args, out, err, Bindings::problem));
    }
  }

  /** {@code ycsb fanout}: one benchmark of client processes on several hosts, started together. */
  public static final class FanOut extends Command {
    public FanOut() {
      super("fanout", FanOutArguments::new, FanOutCommand::run);
    }
  }

  /** {@code ycsb kubernetes}: the manifests of a Job whose pods are the clients. */
  public static final class Kubernetes extends Command {
    public Kubernetes() {
      super("kubernetes", KubernetesArguments::new, KubernetesCommand::run);
    }
  }
}
