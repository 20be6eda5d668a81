package site.ycsb.tools.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import site.ycsb.results.ResultsFolder;
import site.ycsb.results.ResultsInputException;
import site.ycsb.tools.comparison.Figure;
import site.ycsb.tools.comparison.Series;
import site.ycsb.tools.stats.ChangePoints;

/**
 * The runs as a series ({@code report --series}): per figure (throughput, each operation's mean and
 * p99) a chart of its value run by run, with the level of each segment between change points dashed
 * and the first run after each change labelled, then the table of change points.
 */
final class SeriesSection {
  private final Series series;
  private final String problem;

  private SeriesSection(Series series, String problem) {
    this.series = series;
    this.problem = problem;
  }

  static SeriesSection of(List<ReportRun> runs) {
    try {
      List<ResultsFolder> folders = new ArrayList<>();
      for (ReportRun r : runs) {
        folders.add(ResultsFolder.read(r.dir, true));
      }
      return new SeriesSection(Series.of(folders), null);
    } catch (ResultsInputException e) {
      return new SeriesSection(null, e.getMessage());
    }
  }

  /** @return the note above the charts */
  String note() {
    if (series == null) {
      return "Not computed: " + Html.escape(problem);
    }
    return "The runs in the order given, one point each. Change points by E-divisive means (a permutation test of "
        + ChangePoints.PERMUTATIONS + " shuffles at p &le; " + ChangePoints.SIGNIFICANCE + ", at least "
        + ChangePoints.MIN_SEGMENT + " runs on each side): the dashed line is the mean of each segment between them, "
        + "and the first run after a change is labelled with it.";
  }

  /** @return one chart per figure shown */
  List<Chart> charts() {
    List<Chart> out = new ArrayList<>();
    if (series == null) {
      return out;
    }
    for (Figure f : shown()) {
      double[] v = series.values(f);
      List<double[]> points = new ArrayList<>();
      List<String> labels = new ArrayList<>();
      List<Series.Change> changes = series.changes(f);
      for (int r = 0; r < v.length; r++) {
        points.add(new double[] {r + 1, v[r]});
        int run = r + 1;
        String label = null;
        for (Series.Change c : changes) {
          if (c.run() == run) {
            label = String.format(Locale.ROOT, "change %+.1f%%", c.percent());
          }
        }
        labels.add(label);
      }
      boolean latency = f.isLatency();
      Chart c = new Chart("series-" + ReportCharts.slug(f.name()), f.name() + " run by run", "run",
          latency ? "latency (us)" : "operations per second")
          .xAxis(false, false, Chart.Unit.NUMBER)
          .yAxis(false, !latency, latency ? Chart.Unit.MICROS : Chart.Unit.NUMBER);
      c.add(new Chart.Series(f.name(), ReportCharts.color(0), "", points, true, labels));
      List<double[]> levels = new ArrayList<>();
      for (int r = 0; r < v.length; r++) {
        levels.add(new double[] {r + 1, series.level(f, r + 1)});
      }
      c.add(new Chart.Series("level between change points", ReportCharts.color(1), "7 4", levels));
      out.add(c);
    }
    return out;
  }

  /** @return the change points as a table */
  String table() {
    if (series == null) {
      return "";
    }
    if (series.changes().isEmpty()) {
      return "<p class=\"note\" id=\"series-changes\">No change point in any figure.</p>\n";
    }
    StringBuilder b = new StringBuilder("<table class=\"cmp\" id=\"series-changes\">\n<thead><tr><th>figure</th>"
        + "<th>first run after the change</th><th>before</th><th>after</th><th>change</th><th>p</th></tr></thead>\n");
    for (Series.Change c : series.changes()) {
      b.append("<tr><th>").append(Html.escape(c.figure().name())).append("</th><td>").append(c.run()).append(" (")
          .append(Html.escape(series.runs().get(c.run() - 1).dir().getFileName().toString())).append(")</td><td>")
          .append(Html.figure(c.before())).append("</td><td>").append(Html.figure(c.after())).append("</td><td>")
          .append(String.format(Locale.ROOT, "%+.2f%%", c.percent())).append("</td><td>")
          .append(String.format(Locale.ROOT, "%.3f", c.p())).append("</td></tr>\n");
    }
    return b.append("</table>\n").toString();
  }

  private List<Figure> shown() {
    List<Figure> out = new ArrayList<>();
    for (Figure f : series.figures()) {
      boolean any = java.util.Arrays.stream(series.values(f)).anyMatch(Double::isFinite);
      if (any && (f.kind() == Figure.Kind.THROUGHPUT || f.kind() == Figure.Kind.MEAN && !f.section().startsWith(
          "Intended-") || f.kind() == Figure.Kind.PERCENTILE && f.percentile() == 99)) {
        out.add(f);
      }
    }
    return out;
  }
}
