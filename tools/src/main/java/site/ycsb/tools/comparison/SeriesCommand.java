package site.ycsb.tools.comparison;

import static site.ycsb.ExitCodes.BAD_INPUT;
import static site.ycsb.ExitCodes.OK;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import site.ycsb.results.ResultsFolder;
import site.ycsb.results.ResultsInputException;
import site.ycsb.tools.stats.ChangePoints;

/**
 * {@code ycsb compare --series DIR...}: the runs of a series in one table (throughput, failures,
 * and the mean and p99 of each operation), then every change point of every figure, as text, CSV
 * ({@code run,folder,figure,value,level,change}) or JSON.
 */
public final class SeriesCommand {
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private SeriesCommand() {
  }

  /**
   * @param dirs the runs' folders in order
   * @param csv print CSV
   * @param json print JSON
   * @param partial accept folders whose summary is not final
   * @param out where the table goes
   * @param err where errors go
   * @return 0, or 2 for bad folders
   */
  public static int run(List<Path> dirs, boolean csv, boolean json, boolean partial, PrintStream out,
                        PrintStream err) {
    if (dirs.size() < 2) {
      err.println("ERROR: --series needs the results folders of at least 2 runs, in order");
      return BAD_INPUT;
    }
    Series series;
    try {
      List<ResultsFolder> runs = new ArrayList<>();
      for (Path d : dirs) {
        runs.add(ResultsFolder.read(d, partial));
      }
      String phase = runs.get(0).phase();
      for (ResultsFolder f : runs) {
        if (!f.phase().equals(phase)) {
          throw new ResultsInputException("results of different phases cannot form a series: " + runs.get(0).dir()
              + " is " + phase + ", " + f.dir() + " is " + f.phase());
        }
      }
      series = Series.of(runs);
    } catch (ResultsInputException e) {
      err.println("ERROR: " + e.getMessage());
      return BAD_INPUT;
    }
    if (json) {
      out.print(json(series));
    } else if (csv) {
      csv(out, series);
    } else {
      text(out, series);
    }
    out.flush();
    return OK;
  }

  /** The figures the table shows: throughput, failures, and each section's mean and p99. */
  static List<Figure> shown(Series s) {
    List<Figure> out = new ArrayList<>();
    for (Figure f : s.figures()) {
      if (!f.isLatency() || f.kind() == Figure.Kind.MEAN
          || f.kind() == Figure.Kind.PERCENTILE && f.percentile() == 99) {
        out.add(f);
      }
    }
    return out;
  }

  private static void text(PrintStream out, Series s) {
    out.println("Series of " + s.runs().size() + " runs, in the order given; change points by E-divisive means"
        + " (permutation test, " + ChangePoints.PERMUTATIONS + " shuffles, p <= " + ChangePoints.SIGNIFICANCE
        + ", at least " + ChangePoints.MIN_SEGMENT + " runs on each side); ^ marks the first run after a change");
    List<Figure> shown = shown(s);
    List<String[]> cells = new ArrayList<>();
    List<String> head = new ArrayList<>(List.of("run", "folder"));
    shown.forEach(f -> head.add(f.name() + " (" + f.unit() + ")"));
    cells.add(head.toArray(new String[0]));
    for (int r = 0; r < s.runs().size(); r++) {
      List<String> row = new ArrayList<>(List.of(Integer.toString(r + 1), s.runs().get(r).dir().toString()));
      for (Figure f : shown) {
        double v = s.values(f)[r];
        int run = r + 1;
        boolean change = s.changes(f).stream().anyMatch(c -> c.run() == run);
        row.add(ComparisonText.value(v) + (change ? " ^" : "  "));
      }
      cells.add(row.toArray(new String[0]));
    }
    TextTable.print(out, cells, i -> i == 1);
    if (s.changes().isEmpty()) {
      out.println("change points: none");
    } else {
      out.println("change points:");
      for (Series.Change c : s.changes()) {
        out.println("  " + c.figure().name() + ": at run " + c.run() + " (" + s.runs().get(c.run() - 1).dir() + "): "
            + String.format(Locale.ROOT, "%.3f -> %.3f %s (%+.2f%%), p = %.3f", c.before(), c.after(),
            c.figure().unit(), c.percent(), c.p()));
      }
    }
    if (!s.skipped().isEmpty()) {
      out.println("not searched (some runs lack them): " + String.join(", ", s.skipped()));
    }
  }

  private static void csv(PrintStream out, Series s) {
    out.println("run,folder,figure,value,level,change");
    for (Figure f : s.figures()) {
      double[] v = s.values(f);
      List<Series.Change> changes = s.changes(f);
      for (int r = 0; r < v.length; r++) {
        if (Double.isNaN(v[r])) {
          continue;
        }
        int run = r + 1;
        out.println(run + "," + s.runs().get(r).dir() + "," + f.name() + "," + num(v[r]) + "," + num(s.level(f, run))
            + "," + (changes.stream().anyMatch(c -> c.run() == run) ? 1 : 0));
      }
    }
  }

  private static String json(Series s) {
    ObjectNode root = JSON.createObjectNode();
    ObjectNode method = root.putObject("method");
    method.put("name", "e-divisive means");
    method.put("permutations", ChangePoints.PERMUTATIONS);
    method.put("significance", ChangePoints.SIGNIFICANCE);
    method.put("minimumRunsEachSide", ChangePoints.MIN_SEGMENT);
    ArrayNode runs = root.putArray("runs");
    for (int r = 0; r < s.runs().size(); r++) {
      ObjectNode run = runs.addObject();
      run.put("run", r + 1);
      run.put("folder", s.runs().get(r).dir().toString());
      ObjectNode figures = run.putObject("figures");
      for (Figure f : s.figures()) {
        double v = s.values(f)[r];
        if (Double.isFinite(v)) {
          figures.put(f.name(), v);
        }
      }
    }
    ArrayNode changes = root.putArray("changePoints");
    for (Series.Change c : s.changes()) {
      ObjectNode n = changes.addObject();
      n.put("figure", c.figure().name());
      n.put("unit", c.figure().unit());
      n.put("run", c.run());
      n.put("folder", s.runs().get(c.run() - 1).dir().toString());
      n.put("before", c.before());
      n.put("after", c.after());
      if (Double.isFinite(c.percent())) {
        n.put("changePercent", c.percent());
      } else {
        n.putNull("changePercent");
      }
      n.put("p", c.p());
    }
    ArrayNode skipped = root.putArray("notSearched");
    s.skipped().forEach(skipped::add);
    try {
      return JSON.writeValueAsString(root) + "\n";
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String num(double v) {
    return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.3f", v);
  }
}
