package site.ycsb.tools.experiment;

import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import site.ycsb.commandline.HelpOption;
import site.ycsb.commandline.Needs;

/** The command line of {@code ycsb experiment}. */
@Command(name = "ycsb experiment", header = "every run of a plan: sweeps, repetitions, faults, capacity searches",
    description = {"Runs every run a plan describes (sweeps, repetitions, faults, capacity searches), in a fixed",
        "order, into one experiment folder. The plan's format: docs/experiments.md."})
public final class ExperimentArguments {
  @Mixin
  final HelpOption help = new HelpOption();

  Path plan;
  /** null: results/NAME, after the plan's name. */
  Path dir;
  boolean dryRun;

  @Parameters(index = "0", paramLabel = "PLAN.yaml", description = "the plan file (docs/experiments.md)")
  void plan(String file) {
    plan = Path.of(file);
  }

  @Option(names = "-o", order = 1, paramLabel = "DIR", description = "the experiment folder (results/NAME)")
  @Needs("the experiment folder, e.g. -o results/sweep")
  void dir(String folder) {
    dir = Path.of(folder);
  }

  @Option(names = "--dry-run", order = 2, description = "list the runs and the time they will take; run none")
  void dryRun(boolean on) {
    dryRun = true;
  }
}
