package site.ycsb.tools.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import site.ycsb.commandline.HelpOption;
import site.ycsb.commandline.Needs;

/** The command line of {@code ycsb report}. */
@Command(name = "ycsb report", header = "one self-contained HTML report of results folders",
    description = {"One self-contained HTML page comparing results folders: throughput and latency over time,",
        "histograms and CDFs per operation, a comparison table, and latency versus throughput for runs that",
        "differ only in offered load; for two runs or two groups of repetitions, whether they differ beyond their",
        "noise. It loads nothing from elsewhere, so it opens offline."})
public final class ReportArguments {
  @Mixin
  final HelpOption help = new HelpOption();

  @Parameters(arity = "0..*", paramLabel = "DIR",
      description = "a results folder (written with -p resultsdir=DIR); give several to compare them")
  List<Path> dirs = new ArrayList<>();

  @Option(names = {"-o", "--output"}, order = 1, required = true, paramLabel = "FILE.html",
      description = "where to write the report")
  @Needs("a file name, e.g. -o report.html")
  Path output;

  @Option(names = "--series", order = 2,
      description = "the folders are runs of one configuration over time, in order: chart each figure run by run"
          + " with its change points")
  boolean series;
}
