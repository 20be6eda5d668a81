package site.ycsb.merge;

import static site.ycsb.ExitCodes.OK;
import static site.ycsb.ExitCodes.BAD_INPUT;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import site.ycsb.comparison.Comparison;
import site.ycsb.comparison.ComparisonJson;
import site.ycsb.comparison.ComparisonText;
import site.ycsb.comparison.Figure;
import site.ycsb.comparison.Gate;
import site.ycsb.comparison.GateThreshold;
import site.ycsb.comparison.RunGroup;
import site.ycsb.comparison.SeriesCommand;
import site.ycsb.results.ResultsFolder;
import site.ycsb.results.ResultsInputException;
import site.ycsb.stats.Repetitions;

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
   * @return 0, or 2 for bad arguments or folders
   */
  public static int run(List<String> args, PrintStream out, PrintStream err) {
    List<Path> a = new ArrayList<>();
    List<Path> b = new ArrayList<>();
    List<Path> baseline = new ArrayList<>();
    boolean second = false;
    boolean csv = false;
    boolean json = false;
    boolean partial = false;
    boolean series = false;
    String failOn = null;
    double confidence = Comparison.CONFIDENCE;
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      String name = arg.contains("=") && arg.startsWith("--") ? arg.substring(0, arg.indexOf('=')) : arg;
      if (List.of("--baseline", "--fail-on", "--confidence").contains(name)) {
        String value;
        if (!name.equals(arg)) {
          value = arg.substring(name.length() + 1);
        } else if (i + 1 < args.size()) {
          value = args.get(++i);
        } else {
          return usage(err, name + " needs a value");
        }
        switch (name) {
          case "--baseline":
            baseline.add(Path.of(value));
            break;
          case "--fail-on":
            failOn = value;
            break;
          default:
            confidence = confidence(value);
            if (Double.isNaN(confidence)) {
              return usage(err, "--confidence '" + value + "' is not a level: expected a percentage above 50 and"
                  + " below 100, e.g. 95 or 99");
            }
        }
        continue;
      }
      switch (arg) {
        case "--":
          if (second) {
            return usage(err, "at most two groups can be compared (one --)");
          }
          second = true;
          break;
        case "--csv":
          csv = true;
          break;
        case "--json":
          json = true;
          break;
        case "--series":
          series = true;
          break;
        case "--partial":
          partial = true;
          break;
        case "-h":
        case "--help":
          out.println("usage: ycsb compare A1 A2 ... [-- B1 B2 ...] [OPTIONS]");
          out.println("       ycsb compare --baseline A B... [OPTIONS]");
          out.println("       ycsb compare --series DIR... [--csv | --json] [--partial]");
          out.println("Mean, standard deviation and confidence interval (Student's t) of each figure over a group of");
          out.println("runs; with a baseline (A) and a candidate (B), whether each figure differs beyond the noise");
          out.println("(faster, slower, no significant difference). A folder is a results folder, a merged one, or an");
          out.println("experiment's combination folder (its repetitions). docs/results.md explains every test.");
          out.println("  --fail-on THRESHOLDS  exit code 4 when a figure got worse beyond a threshold and"
              + " significantly,");
          out.println("                        5 when the runs cannot tell: 'throughput<-5%, READ.p99>+10%'");
          out.println("  --confidence 95       the level of the intervals, in percent");
          out.println("  --csv | --json        the groups' statistics as CSV, or everything as JSON");
          out.println("  --partial             also accept folders whose phase had not ended");
          out.println("  --series              the folders are runs of one configuration over time: their change"
              + " points");
          return OK;
        default:
          if (arg.startsWith("-")) {
            return usage(err, "unknown option " + arg);
          }
          (second ? b : a).add(Path.of(arg));
      }
    }
    if (csv && json) {
      return usage(err, "--csv and --json cannot be given together");
    }
    if (!baseline.isEmpty()) {
      if (second) {
        return usage(err, "--baseline names the baseline, the other folders are the candidate: no -- with it");
      }
      b = a;
      a = baseline;
      second = true;
    }
    if (series) {
      if (second || failOn != null) {
        return usage(err, "--series takes the runs of a series in order, without --baseline, -- or --fail-on");
      }
      return SeriesCommand.run(RunGroup.expand(a), csv, json, partial, out, err);
    }
    if (a.isEmpty()) {
      return usage(err, "no results folders given");
    }
    if (second && b.isEmpty()) {
      return usage(err, baseline.isEmpty() ? "no results folders after --" : "no results folders to compare with"
          + " the baseline");
    }
    List<GateThreshold> thresholds = List.of();
    if (failOn != null) {
      if (!second) {
        return usage(err, "--fail-on needs a baseline and a candidate: --baseline A B, or A... -- B...");
      }
      try {
        thresholds = GateThreshold.parse(failOn);
      } catch (IllegalArgumentException e) {
        err.println("ERROR: " + e.getMessage());
        return BAD_INPUT;
      }
    }
    List<ResultsFolder> groupA;
    List<ResultsFolder> groupB;
    Comparison comparison = null;
    try {
      groupA = read(RunGroup.expand(a), partial);
      groupB = read(RunGroup.expand(b), partial);
      String phase = groupA.get(0).phase();
      for (ResultsFolder f : concat(groupA, groupB)) {
        if (!f.phase().equals(phase)) {
          throw new ResultsInputException("results of different phases cannot be compared: " + groupA.get(0).dir()
              + " is " + phase + ", " + f.dir() + " is " + f.phase());
        }
      }
      if (second) {
        List<Figure> gated = new ArrayList<>();
        thresholds.forEach(t -> gated.add(t.figure()));
        comparison = Comparison.of(groupA, groupB, confidence, gated);
      }
    } catch (ResultsInputException e) {
      err.println("ERROR: " + e.getMessage());
      return BAD_INPUT;
    }
    Gate gate = failOn == null ? null : new Gate(thresholds, comparison);
    List<Repetitions.Comparison> rows = Repetitions.compare(groupA, groupB, confidence);
    if (json) {
      out.print(ComparisonJson.of(rows, confidence, comparison, gate));
    } else if (csv) {
      printCsv(out, rows);
    } else {
      printTable(out, rows, groupA, groupB, confidence);
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

  /** @return a level given as a percentage ({@code 95}, {@code 99.9%}) as a fraction, or NaN when it is none */
  private static double confidence(String text) {
    try {
      double v = Double.parseDouble(text.trim().replaceFirst("%$", ""));
      return v > 50 && v < 100 ? v / 100 : Double.NaN;
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }

  private static final String USAGE = "usage: ycsb compare A... [-- B...] | --baseline A B... [--fail-on THRESHOLDS]"
      + " [--confidence 95] [--csv | --json] [--partial] | --series DIR...";

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

  private static void printCsv(PrintStream out, List<Repetitions.Comparison> rows) {
    out.println("section,metric,a_n,a_mean,a_sd,a_ci95_low,a_ci95_high,b_n,b_mean,b_sd,b_ci95_low,b_ci95_high,"
        + "diff_pct");
    for (Repetitions.Comparison c : rows) {
      out.println(c.section() + "," + c.metric() + "," + csv(c.a()) + "," + csv(c.b()) + ","
          + num(c.differencePercent()));
    }
  }

  private static String csv(Repetitions.Estimate e) {
    if (e == null) {
      return ",,,,";
    }
    return e.n() + "," + num(e.mean()) + "," + num(e.standardDeviation()) + "," + num(e.low()) + ","
        + num(e.high());
  }

  private static void printTable(PrintStream out, List<Repetitions.Comparison> rows, List<ResultsFolder> a,
                                 List<ResultsFolder> b, double confidence) {
    out.println("A: " + a.size() + " results: " + join(a));
    if (!b.isEmpty()) {
      out.println("B: " + b.size() + " results: " + join(b));
    }
    String level = ComparisonText.percent(confidence);
    out.println("mean ± half-width of the " + level + " confidence interval (Student's t), sd = standard deviation");
    List<String[]> cells = new ArrayList<>();
    List<String> head = new ArrayList<>(List.of("section", "metric", "A mean ± " + level, "A sd", "A n"));
    if (!b.isEmpty()) {
      head.addAll(List.of("B mean ± " + level, "B sd", "B n", "difference"));
    }
    cells.add(head.toArray(new String[0]));
    for (Repetitions.Comparison c : rows) {
      List<String> r = new ArrayList<>(List.of("[" + c.section() + "]", c.metric()));
      addEstimate(r, c.a());
      if (!b.isEmpty()) {
        addEstimate(r, c.b());
        r.add(Double.isNaN(c.differencePercent()) ? "-" : String.format(Locale.ROOT, "%.2f%%", c.differencePercent()));
      }
      cells.add(r.toArray(new String[0]));
    }
    int[] width = new int[head.size()];
    for (String[] r : cells) {
      for (int i = 0; i < r.length; i++) {
        width[i] = Math.max(width[i], r[i].length());
      }
    }
    for (String[] r : cells) {
      StringBuilder sb = new StringBuilder();
      for (int i = 0; i < r.length; i++) {
        if (i > 0) {
          sb.append("  ");
        }
        // text columns to the left, figures to the right
        String fmt = i < 2 ? "%-" + width[i] + "s" : "%" + width[i] + "s";
        sb.append(String.format(Locale.ROOT, fmt, r[i]));
      }
      out.println(sb.toString().stripTrailing());
    }
  }

  private static void addEstimate(List<String> r, Repetitions.Estimate e) {
    if (e == null) {
      r.addAll(List.of("-", "-", "0"));
      return;
    }
    String mean = num(e.mean());
    r.add(e.n() < 2 ? mean : mean + " ± " + num(e.halfWidth()));
    r.add(e.n() < 2 ? "-" : num(e.standardDeviation()));
    r.add(Integer.toString(e.n()));
  }

  private static String join(List<ResultsFolder> dirs) {
    List<String> s = new ArrayList<>();
    dirs.forEach(d -> s.add(d.dir().toString()));
    return String.join(" ", s);
  }

  private static String num(double v) {
    return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.3f", v);
  }

  private static int usage(PrintStream err, String problem) {
    err.println("ERROR: " + problem + "; " + USAGE);
    return BAD_INPUT;
  }
}
