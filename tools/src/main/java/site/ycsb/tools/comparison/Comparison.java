package site.ycsb.tools.comparison;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import site.ycsb.results.ResultsFolder;
import site.ycsb.results.ResultsInputException;
import site.ycsb.tools.stats.BatchJackknife;
import site.ycsb.tools.stats.Difference;
import site.ycsb.tools.stats.WelchDifference;

/**
 * Whether a candidate differs from a baseline, figure by figure, beyond the noise. One run on each
 * side: the runs' measured intervals are the samples ({@link BatchJackknife}). Several runs on
 * a side (repetitions): the runs are the samples ({@link WelchDifference}).
 */
public final class Comparison {
  /** The default level of the intervals. */
  public static final double CONFIDENCE = 0.95;
  /** How the samples were taken. */
  public enum Method {
    /** One run on each side, its intervals the samples. */
    INTERVALS,
    /** Several runs on a side, each run one sample. */
    REPETITIONS
  }

  /**
   * One compared figure.
   *
   * @param figure what was compared
   * @param difference candidate - baseline, with its interval
   * @param verdict what it says
   */
  public record Row(Figure figure, Difference difference, Verdict verdict) {
  }

  /**
   * The answer for the comparison as a whole: the figures that differ even when the number of
   * figures compared is allowed for (Bonferroni: a p-value at most (1 - confidence) / figures
   * judged), so that two runs of one configuration are said to differ no more often than 1 -
   * confidence of the time, however many figures they are compared on.
   *
   * @param judged the figures the data could judge
   * @param differing those that differ at that stricter level
   */
  public record Overall(int judged, List<Row> differing) {
    /** @return whether some figure differs */
    public boolean differs() {
      return !differing.isEmpty();
    }
  }

  private final List<ResultsFolder> baseline;
  private final List<ResultsFolder> candidate;
  private final double confidence;
  private final Method method;
  private final List<Row> rows = new ArrayList<>();
  private final int[] intervals = new int[2];
  private final int[] batches = new int[2];

  private Comparison(List<ResultsFolder> baseline, List<ResultsFolder> candidate, double confidence) {
    this.baseline = baseline;
    this.candidate = candidate;
    this.confidence = confidence;
    this.method = baseline.size() == 1 && candidate.size() == 1 ? Method.INTERVALS : Method.REPETITIONS;
  }

  /**
   * @param baseline the baseline's runs (at least one)
   * @param candidate the candidate's runs (at least one)
   * @param confidence the level of the intervals, e.g. 0.95
   * @param extra figures to compare besides the standard ones (those a gate names)
   * @return the comparison
   * @throws ResultsInputException when a folder's time series or interval logs cannot be read
   */
  public static Comparison of(List<ResultsFolder> baseline, List<ResultsFolder> candidate, double confidence,
                              List<Figure> extra) throws ResultsInputException {
    Comparison c = new Comparison(baseline, candidate, confidence);
    List<RunIntervals> a = read(baseline);
    List<RunIntervals> b = read(candidate);
    List<Figure> figures = figures(a, b, extra);
    if (c.method == Method.INTERVALS) {
      c.compareIntervals(a.get(0), b.get(0), figures);
    } else {
      c.compareRepetitions(a, b, figures);
    }
    return c;
  }

  private static List<RunIntervals> read(List<ResultsFolder> folders) throws ResultsInputException {
    List<RunIntervals> out = new ArrayList<>();
    for (ResultsFolder f : folders) {
      out.add(RunIntervalsReader.read(f));
    }
    return out;
  }

  /** Throughput, failures, then mean, p50, p99, p99.9 and max of each section either side has, then the extra ones. */
  private static List<Figure> figures(List<RunIntervals> a, List<RunIntervals> b, List<Figure> extra) {
    Set<String> present = new LinkedHashSet<>();
    for (String s : RunIntervals.latencySectionNames()) {
      for (RunIntervals r : concat(a, b)) {
        if (r.latencySections().contains(s)) {
          present.add(s);
        }
      }
    }
    Set<Figure> out = new LinkedHashSet<>();
    out.add(Figure.throughput());
    out.add(Figure.failures());
    for (String s : present) {
      out.add(Figure.mean(s));
      for (double p : Figure.SHOWN_PERCENTILES) {
        out.add(Figure.percentile(s, p));
      }
      out.add(Figure.max(s));
    }
    out.addAll(extra);
    return new ArrayList<>(out);
  }

  private void compareIntervals(RunIntervals a, RunIntervals b, List<Figure> figures) {
    List<Figure> resolved = new ArrayList<>();
    for (Figure f : figures) {
      if (a.resolved(f) && b.resolved(f)) {
        resolved.add(f);
      }
    }
    SampledRun sa = a.sampled(resolved);
    SampledRun sb = b.sampled(resolved);
    intervals[0] = sa.intervals();
    intervals[1] = sb.intervals();
    batches[0] = BatchJackknife.batches(sa.intervals(), sa.blockLength());
    batches[1] = BatchJackknife.batches(sb.intervals(), sb.blockLength());
    Difference[] d = BatchJackknife.compare(sa, sb, confidence);
    double[] wholeA = a.sampled(figures).figures(ones(a.intervals()));
    double[] wholeB = b.sampled(figures).figures(ones(b.intervals()));
    for (int i = 0; i < figures.size(); i++) {
      Figure f = figures.get(i);
      int j = resolved.indexOf(f);
      Difference diff = j >= 0 ? d[j] : Difference.unknown(wholeA[i], wholeB[i], confidence, whyUnresolved(a, b, f));
      if (Double.isNaN(diff.baseline()) && Double.isNaN(diff.candidate())) {
        continue;
      }
      rows.add(new Row(f, diff, Verdict.of(f, diff)));
    }
  }

  private static String whyUnresolved(RunIntervals a, RunIntervals b, Figure f) {
    RunIntervals r = a.resolved(f) ? b : a;
    String side = r == a ? "the baseline" : "the candidate";
    if (!r.timeResolved()) {
      return side + " has no time series to sample (" + r.dir() + "/timeseries.csv)";
    }
    return side + " has no interval log of " + (f.isLatency() ? f.section() : "its calls") + " (" + r.dir()
        + "/hdr/)";
  }

  private void compareRepetitions(List<RunIntervals> a, List<RunIntervals> b, List<Figure> figures) {
    double[][] va = wholeRunFigures(a, figures);
    double[][] vb = wholeRunFigures(b, figures);
    for (int i = 0; i < figures.size(); i++) {
      double[] xa = column(va, i);
      double[] xb = column(vb, i);
      if (xa.length == 0 && xb.length == 0) {
        continue;
      }
      Difference d = WelchDifference.of(xa, xb, confidence);
      rows.add(new Row(figures.get(i), d, Verdict.of(figures.get(i), d)));
    }
  }

  private static double[][] wholeRunFigures(List<RunIntervals> runs, List<Figure> figures) {
    double[][] out = new double[runs.size()][];
    for (int r = 0; r < runs.size(); r++) {
      RunIntervals run = runs.get(r);
      out[r] = run.sampled(figures).figures(ones(run.intervals()));
    }
    return out;
  }

  /** @return the finite values of one figure over the runs */
  private static double[] column(double[][] values, int i) {
    return Arrays.stream(values).mapToDouble(v -> v[i]).filter(Double::isFinite).toArray();
  }

  private static int[] ones(int n) {
    int[] w = new int[n];
    Arrays.fill(w, 1);
    return w;
  }

  private static List<RunIntervals> concat(List<RunIntervals> a, List<RunIntervals> b) {
    List<RunIntervals> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }

  /** @return the baseline's runs */
  public List<ResultsFolder> baseline() {
    return baseline;
  }

  /** @return the candidate's runs */
  public List<ResultsFolder> candidate() {
    return candidate;
  }

  /** @return the level of the intervals */
  public double confidence() {
    return confidence;
  }

  /** @return how the samples were taken */
  public Method method() {
    return method;
  }

  /** @return the compared figures, throughput first */
  public List<Row> rows() {
    return rows;
  }

  /** @return the answer for the comparison as a whole */
  public Overall overall() {
    List<Row> known = rows.stream().filter(r -> r.difference().known()).toList();
    double alpha = (1 - confidence) / Math.max(1, known.size());
    List<Row> differing = known.stream().filter(r -> r.difference().p() <= alpha).toList();
    return new Overall(known.size(), differing);
  }

  /** @return the row of a figure, or null when neither side measured it */
  public Row row(Figure f) {
    for (Row r : rows) {
      if (r.figure().equals(f)) {
        return r;
      }
    }
    return null;
  }

  /**
   * @return with {@link Method#INTERVALS}: the intervals (or groups of intervals) sampled of the
   *     baseline and the candidate
   */
  public int[] intervals() {
    return intervals.clone();
  }

  /** @return with {@link Method#INTERVALS}: the batches the baseline's and the candidate's intervals were cut into */
  public int[] batches() {
    return batches.clone();
  }
}
