package site.ycsb.tools.merge;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import site.ycsb.commandline.ErrorLine;
import site.ycsb.commandline.HelpOption;
import site.ycsb.commandline.Needs;
import site.ycsb.commandline.ShowsUsageInErrors;

/** The command line of {@code ycsb merge}. */
@Command(name = "ycsb merge", header = "combines the results folders of several clients into one",
    description = {"Combines the results folders of several clients of one phase into OUT, exactly (histograms",
        "added, not percentiles averaged), and prints the merged summary."})
public final class MergeArguments implements ShowsUsageInErrors {
  @Spec
  private CommandSpec command;
  @Mixin
  final HelpOption help = new HelpOption();

  @Parameters(arity = "0..*", paramLabel = "DIR", description = "a client's results folder (-p resultsdir=DIR)")
  List<Path> dirs = new ArrayList<>();

  @Option(names = {"-o", "--output"}, order = 1, required = true, paramLabel = "OUT",
      description = "the merged results folder (new or empty)")
  @Needs("a folder")
  Path target;

  @Option(names = "--partial", order = 2,
      description = "also accept folders whose phase had not ended (complete: false)")
  boolean partial;

  @Option(names = "--mixed-workloads", order = 3,
      description = "merge clients that ran different workloads (labelled with the first's)")
  boolean mixed;

  /** -1: the coarsest of the inputs. */
  long granularity = -1;

  @Option(names = "--granularity", order = 4, paramLabel = "MS",
      description = "time-series bucket in milliseconds (the coarsest timeseries.granularity of the inputs)")
  @Needs("milliseconds")
  void granularity(String ms) {
    long g;
    try {
      g = Long.parseLong(ms);
    } catch (NumberFormatException e) {
      g = 0;
    }
    if (g < 1) {
      throw ErrorLine.refusal(command, "--granularity expects a whole number of milliseconds of at least 1, got " + ms);
    }
    granularity = g;
  }

  /** null: the inputs' slo property. */
  @Option(names = "--slo", order = 5, paramLabel = "THRESHOLDS",
      description = "judge the merged figures by these thresholds (the inputs' slo property); exit code 3 when one"
          + " is broken")
  @Needs("thresholds, e.g. --slo 'READ.p99<5ms'")
  String slo;
}
