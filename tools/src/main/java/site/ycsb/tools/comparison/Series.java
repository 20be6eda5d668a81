package site.ycsb.tools.comparison;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import site.ycsb.results.ResultsFolder;
import site.ycsb.results.ResultsInputException;
import site.ycsb.tools.stats.ChangePoints;

/**
 * Runs of one configuration over time (one per commit, per night...), in the order given: each
 * run's figures, and per figure where the series changed ({@link ChangePoints}).
 */
public final class Series {
  /** The seed of the permutation tests: the same runs always give the same change points. */
  static final long SEED = 20_240_601L;

  /**
   * A change of one figure.
   *
   * @param figure the figure
   * @param run the first run after the change (1-based, in the order given)
   * @param before the mean of the figure over the runs from the previous change to this one
   * @param after its mean from this change to the next
   * @param p the permutation test's p-value
   */
  public record Change(Figure figure, int run, double before, double after, double p) {
    /** @return the change in percent of the level before it; NaN when that was 0 */
    public double percent() {
      return before != 0 ? (after - before) / Math.abs(before) * 100 : Double.NaN;
    }
  }

  private final List<ResultsFolder> runs;
  private final List<Figure> figures;
  /** values[figure][run], NaN where a run lacks the figure. */
  private final double[][] values;
  private final List<Change> changes = new ArrayList<>();
  private final List<String> skipped = new ArrayList<>();

  private Series(List<ResultsFolder> runs, List<Figure> figures, double[][] values) {
    this.runs = runs;
    this.figures = figures;
    this.values = values;
  }

  /**
   * @param runs the runs in order
   * @return the series, with its change points found
   * @throws ResultsInputException when a run's time series or interval logs cannot be read
   */
  public static Series of(List<ResultsFolder> runs) throws ResultsInputException {
    List<RunIntervals> read = new ArrayList<>();
    for (ResultsFolder f : runs) {
      read.add(RunIntervalsReader.read(f));
    }
    Set<String> sections = new LinkedHashSet<>();
    for (String s : RunIntervals.latencySectionNames()) {
      if (read.stream().anyMatch(r -> r.latencySections().contains(s))) {
        sections.add(s);
      }
    }
    List<Figure> figures = new ArrayList<>(List.of(Figure.throughput(), Figure.failures()));
    for (String s : sections) {
      figures.add(Figure.mean(s));
      for (double p : Figure.SHOWN_PERCENTILES) {
        figures.add(Figure.percentile(s, p));
      }
      figures.add(Figure.max(s));
    }
    double[][] values = new double[figures.size()][runs.size()];
    for (int r = 0; r < read.size(); r++) {
      RunIntervals run = read.get(r);
      int[] ones = new int[run.intervals()];
      Arrays.fill(ones, 1);
      double[] v = run.sampled(figures).figures(ones);
      for (int f = 0; f < figures.size(); f++) {
        values[f][r] = v[f];
      }
    }
    Series s = new Series(runs, figures, values);
    s.findChanges();
    return s;
  }

  private void findChanges() {
    for (int f = 0; f < figures.size(); f++) {
      double[] v = values[f];
      if (Arrays.stream(v).anyMatch(Double::isNaN)) {
        if (Arrays.stream(v).anyMatch(Double::isFinite)) {
          skipped.add(figures.get(f).name());
        }
        continue;
      }
      List<ChangePoints.Change> found = ChangePoints.of(v, ChangePoints.SIGNIFICANCE, SEED);
      double[] means = ChangePoints.segmentMeans(v, found);
      for (int c = 0; c < found.size(); c++) {
        changes.add(new Change(figures.get(f), found.get(c).index() + 1, means[c], means[c + 1], found.get(c).p()));
      }
    }
  }

  /** @return the runs, in order */
  public List<ResultsFolder> runs() {
    return runs;
  }

  /** @return the figures, throughput first */
  public List<Figure> figures() {
    return figures;
  }

  /** @return every run's value of a figure, NaN where the run lacks it */
  public double[] values(Figure f) {
    return values[figures.indexOf(f)].clone();
  }

  /** @return the change points of every figure, figure by figure in order */
  public List<Change> changes() {
    return changes;
  }

  /** @return the change points of one figure */
  public List<Change> changes(Figure f) {
    return changes.stream().filter(c -> c.figure().equals(f)).toList();
  }

  /**
   * @param f a figure
   * @param run a run, from 1
   * @return the mean of the figure over the segment (between change points) the run lies in
   */
  public double level(Figure f, int run) {
    List<Change> own = changes(f);
    double level = own.isEmpty() ? Arrays.stream(values(f)).average().orElse(Double.NaN) : own.get(0).before();
    for (Change c : own) {
      if (run >= c.run()) {
        level = c.after();
      }
    }
    return level;
  }

  /** @return figures some runs lack: no change points are looked for in them */
  public List<String> skipped() {
    return skipped;
  }
}
