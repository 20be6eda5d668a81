package site.ycsb.tools.merge;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Stack;
import picocli.CommandLine.Command;
import picocli.CommandLine.IParameterConsumer;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import site.ycsb.commandline.ChecksAfterParsing;
import site.ycsb.commandline.ErrorLine;
import site.ycsb.commandline.HelpOption;
import site.ycsb.commandline.Needs;
import site.ycsb.commandline.ShowsUsageInErrors;
import site.ycsb.commandline.TakesEqualsForm;
import site.ycsb.tools.comparison.Comparison;

/**
 * The command line of {@code ycsb compare}: one group of folders, two groups split by {@code --}
 * ({@code A1 A2 -- B1 B2}), or a baseline named by {@code --baseline} and the candidate after it.
 */
@Command(name = "ycsb compare", header = "mean, sd and 95%% CI over repetitions; whether two runs or groups differ"
    + " beyond their noise (--baseline A B, --fail-on), change points of a series (--series)",
    description = {"Mean, standard deviation and confidence interval (Student's t) of each figure over a group of",
        "runs; with a baseline (A) and a candidate (B), whether each figure differs beyond the noise (faster,",
        "slower, no significant difference). A folder is a results folder, a merged one, or an experiment's",
        "combination folder (its repetitions). docs/results.md explains every test.",
        "  ycsb compare A1 A2 ... [-- B1 B2 ...] [OPTIONS]",
        "  ycsb compare --baseline A B... [OPTIONS]",
        "  ycsb compare --series DIR... [--csv | --json] [--partial]"})
public final class CompareArguments implements ShowsUsageInErrors, TakesEqualsForm, ChecksAfterParsing {
  @Spec
  private CommandSpec command;
  @Mixin
  final HelpOption help = new HelpOption();

  /** The folders before {@code --}, then those after it. */
  private final List<List<Path>> groups = new ArrayList<>(List.of(new ArrayList<>()));
  private List<Path> baseline;
  private List<Path> candidate;

  /** Never set: each folder goes to the group it was given in, as it is read. */
  @Parameters(arity = "0..*", paramLabel = "DIR", parameterConsumer = IntoItsGroup.class,
      description = "a results folder, a merged one or an experiment's combination folder: those before -- are"
          + " the baseline (A), those after it the candidate (B)")
  private List<String> folders;

  /** Puts a folder in the group being read: the options and {@code --} around it say which. */
  static final class IntoItsGroup implements IParameterConsumer {
    @Override
    public void consumeParameters(Stack<String> args, ArgSpec argSpec, CommandSpec commandSpec) {
      CompareArguments a = (CompareArguments) commandSpec.userObject();
      a.groups.get(a.groups.size() - 1).add(Path.of(args.pop()));
    }
  }

  @Option(names = "--", order = 1,
      description = "the folders after it are the candidate (B), compared with those before it (A)")
  void secondGroup(boolean on) {
    if (groups.size() == 2) {
      throw ErrorLine.refusal(command, "at most two groups can be compared (one --)");
    }
    groups.add(new ArrayList<>());
  }

  @Option(names = "--baseline", order = 2, paramLabel = "A",
      description = "the baseline's folder (repeatable); the other folders are the candidate")
  @Needs("a results folder")
  private List<Path> baselineFolders = new ArrayList<>();

  /** null: no gate. */
  @Option(names = "--fail-on", order = 3, paramLabel = "THRESHOLDS",
      description = "exit code 4 when a figure got worse beyond a threshold and significantly, 5 when the runs"
          + " cannot tell: 'throughput<-5%%, READ.p99>+10%%'")
  @Needs("thresholds, e.g. --fail-on 'throughput<-5%, READ.p99>+10%'")
  String failOn;

  /** As a fraction: 0.95 for 95 %. */
  double confidence = Comparison.CONFIDENCE;

  @Option(names = "--confidence", order = 4, paramLabel = "95", description = "the level of the intervals, in percent")
  @Needs("a level in percent, e.g. 95 or 99")
  void confidence(String level) {
    confidence = level(level);
    if (Double.isNaN(confidence)) {
      throw ErrorLine.refusal(command, "--confidence '" + level + "' is not a level: expected a percentage above 50"
          + " and below 100, e.g. 95 or 99");
    }
  }

  @Option(names = "--csv", order = 5, description = "the groups' statistics as CSV")
  boolean csv;

  @Option(names = "--json", order = 6, description = "everything as JSON")
  boolean json;

  @Option(names = "--partial", order = 7, description = "also accept folders whose phase had not ended")
  boolean partial;

  @Option(names = "--series", order = 8, description = "the folders are runs of one configuration over time: their"
      + " change points")
  boolean series;

  /** @return a level given as a percentage ({@code 95}, {@code 99.9%}) as a fraction, or NaN when it is none */
  private static double level(String text) {
    try {
      double v = Double.parseDouble(text.trim().replaceFirst("%$", ""));
      return v > 50 && v < 100 ? v / 100 : Double.NaN;
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }

  @Override
  public void check() {
    boolean dashDash = groups.size() == 2;
    baseline = baselineFolders.isEmpty() ? groups.get(0) : baselineFolders;
    candidate = baselineFolders.isEmpty() ? (dashDash ? groups.get(1) : List.of()) : groups.get(0);
    if (csv && json) {
      throw refusal("--csv and --json cannot be given together");
    }
    if (!baselineFolders.isEmpty() && dashDash) {
      throw refusal("--baseline names the baseline, the other folders are the candidate: no -- with it");
    }
    if (series) {
      if (twoGroups() || failOn != null) {
        throw refusal("--series takes the runs of a series in order, without --baseline, -- or --fail-on");
      }
      return;
    }
    if (baseline.isEmpty()) {
      throw refusal("no results folders given");
    }
    if (twoGroups() && candidate.isEmpty()) {
      throw refusal(dashDash ? "no results folders after --" : "no results folders to compare with the baseline");
    }
    if (failOn != null && !twoGroups()) {
      throw refusal("--fail-on needs a baseline and a candidate: --baseline A B, or A... -- B...");
    }
  }

  private RuntimeException refusal(String problem) {
    return ErrorLine.refusal(command, problem);
  }

  /** @return whether there is a candidate to compare with the baseline ({@code --} or {@code --baseline}) */
  boolean twoGroups() {
    return groups.size() == 2 || !baselineFolders.isEmpty();
  }

  /** @return the baseline's folders (A), or the only group's, or the series' runs */
  List<Path> baseline() {
    return baseline;
  }

  /** @return the candidate's folders (B); none with one group */
  List<Path> candidate() {
    return candidate;
  }
}
