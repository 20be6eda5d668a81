package site.ycsb.tools.merge;

import static site.ycsb.ExitCodes.OK;
import static site.ycsb.ExitCodes.BAD_INPUT;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import site.ycsb.commandline.CommandLines;
import site.ycsb.results.ResultsFolder;
import site.ycsb.results.ResultsInputException;
import site.ycsb.tools.comparison.Comparison;
import site.ycsb.tools.comparison.ComparisonJson;
import site.ycsb.tools.comparison.ComparisonText;
import site.ycsb.tools.comparison.Figure;
import site.ycsb.tools.comparison.Gate;
import site.ycsb.tools.comparison.GateThreshold;
import site.ycsb.tools.comparison.RunGroup;
import site.ycsb.tools.comparison.SeriesCommand;
import site.ycsb.tools.stats.Repetitions;

/**
 * {@code ycsb compare A1 A2 A3 [-- B1 B2 B3] [--csv] [--partial]}: statistics over repetitions.
 * For each group of results folders (repetitions of one configuration) it prints, per throughput
 * and per latency figure, the mean, standard deviation and confidence interval of the mean; with a
 * second group (or {@code --baseline A B}), also the percentage difference of the two means and
 * whether each figure differs beyond the noise, and with {@code --fail-on} a gate on it.
 * {@code --series} reads the runs of a series and finds where it changed.
 */
public final class CompareCommand {
  private CompareCommand() {
  }

  /**
   * @param args the arguments after {@code compare}
   * @param out where the table goes
   * @param err where errors go
   * @return 0, 2 for bad arguments or folders, 4 for a regression and 5 when the gate cannot tell
   */
  public static int run(List<String> args, PrintStream out, PrintStream err) {
    return CommandLines.run(new CompareArguments(), args, out, err, a -> compare(a, out, err));
  }

  private static int compare(CompareArguments a, PrintStream out, PrintStream err) {
    if (a.series) {
      return SeriesCommand.run(RunGroup.expand(a.baseline()), a.csv, a.json, a.partial, out, err);
    }
    List<GateThreshold> thresholds = List.of();
    if (a.failOn != null) {
      try {
        thresholds = GateThreshold.parse(a.failOn);
      } catch (IllegalArgumentException e) {
        err.println("ERROR: " + e.getMessage());
        return BAD_INPUT;
      }
    }
    List<ResultsFolder> groupA;
    List<ResultsFolder> groupB;
    Comparison comparison = null;
    try {
      groupA = read(RunGroup.expand(a.baseline()), a.partial);
      groupB = read(RunGroup.expand(a.candidate()), a.partial);
      String phase = groupA.get(0).phase();
      for (ResultsFolder f : concat(groupA, groupB)) {
        if (!f.phase().equals(phase)) {
          throw new ResultsInputException("results of different phases cannot be compared: " + groupA.get(0).dir()
              + " is " + phase + ", " + f.dir() + " is " + f.phase());
        }
      }
      if (a.twoGroups()) {
        List<Figure> gated = new ArrayList<>();
        thresholds.forEach(t -> gated.add(t.figure()));
        comparison = Comparison.of(groupA, groupB, a.confidence, gated);
      }
    } catch (ResultsInputException e) {
      err.println("ERROR: " + e.getMessage());
      return BAD_INPUT;
    }
    Gate gate = a.failOn == null ? null : new Gate(thresholds, comparison);
    List<Repetitions.Comparison> rows = Repetitions.compare(groupA, groupB, a.confidence);
    if (a.json) {
      out.print(ComparisonJson.of(rows, a.confidence, comparison, gate));
    } else if (a.csv) {
      RepetitionsText.printCsv(out, rows);
    } else {
      RepetitionsText.printTable(out, rows, groupA, groupB, a.confidence);
      List<String> labels = new ArrayList<>();
      for (int i = 0; i < groupA.size(); i++) {
        labels.add("A" + (i + 1));
      }
      for (int i = 0; i < groupB.size(); i++) {
        labels.add("B" + (i + 1));
      }
      SloVerdictTable.print(out, concat(groupA, groupB), labels);
      if (comparison != null) {
        out.println();
        ComparisonText.print(out, comparison, gate);
      }
    }
    out.flush();
    if (gate == null) {
      return OK;
    }
    ComparisonText.printGateProblems(err, gate);
    return gate.exitCode();
  }

  private static List<ResultsFolder> read(List<Path> dirs, boolean partial) throws ResultsInputException {
    List<ResultsFolder> out = new ArrayList<>();
    for (Path d : dirs) {
      out.add(ResultsFolder.read(d, partial));
    }
    return out;
  }

  private static List<ResultsFolder> concat(List<ResultsFolder> a, List<ResultsFolder> b) {
    List<ResultsFolder> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }
}
