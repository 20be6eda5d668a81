package site.ycsb.tools.merge;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import site.ycsb.results.ResultsFolder;
import site.ycsb.tools.comparison.ComparisonText;
import site.ycsb.tools.comparison.TextTable;
import site.ycsb.tools.stats.Repetitions;

/**
 * What {@code ycsb compare} prints of each group's statistics: mean, standard deviation and
 * confidence interval per figure, and the difference of the two means, as an aligned table or as
 * CSV.
 */
final class RepetitionsText {
  private RepetitionsText() {
  }

  static void printCsv(PrintStream out, List<Repetitions.Comparison> rows) {
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

  static void printTable(PrintStream out, List<Repetitions.Comparison> rows, List<ResultsFolder> a,
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
    // section and metric to the left, figures to the right
    TextTable.print(out, cells, i -> i < 2);
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
}
