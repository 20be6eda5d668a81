package site.ycsb.tools.merge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import site.ycsb.measurements.IntervalStats;
import site.ycsb.measurements.LatencyStats;
import site.ycsb.measurements.Operation;
import site.ycsb.measurements.Outcome;
import site.ycsb.measurements.PhaseResult;
import site.ycsb.props.CoreProperties;
import site.ycsb.results.DurabilityLines;
import site.ycsb.results.TransactionLines;
import site.ycsb.results.Percentiles;
import site.ycsb.results.ResultLine;
import site.ycsb.results.ResultsFolder;
import site.ycsb.results.ResultsInputException;
import site.ycsb.results.ResultsWriter;
import site.ycsb.results.Summary;
import site.ycsb.slo.SloLines;

/**
 * Combines the summaries of several clients of one phase exactly: histograms are added (so
 * percentiles are those of all operations together), counts, sums and return codes summed,
 * minima and maxima taken over all clients, and the window runs from the earliest start to the
 * latest end.
 */
final class SummaryMerger {
  private final List<ResultsFolder> inputs;
  private final IntervalStats measured = new IntervalStats();
  private final IntervalStats warmup = new IntervalStats();
  private PhaseResult result;
  private List<ResultLine> lines;

  SummaryMerger(List<ResultsFolder> inputs) {
    this.inputs = inputs;
  }

  /** Adds up every input and builds the merged summary lines. */
  void merge() throws ResultsInputException {
    long start = Long.MAX_VALUE;
    long warmupNanos = 0;
    long initMs = 0;
    long cleanupMs = 0;
    int threads = 0;
    long abandoned = 0;
    long discarded = 0;
    long missed = 0;
    long late = 0;
    long notStarted = 0;
    int inflight = 0;
    long abandonedOps = 0;
    long limitWaits = 0;
    Set<String> endedBy = new LinkedHashSet<>();
    for (ResultsFolder in : inputs) {
      start = Math.min(start, in.windowStartEpochMillis());
    }
    long runtimeNanos = 0;
    long end = Long.MIN_VALUE;
    for (ResultsFolder in : inputs) {
      JsonNode s = in.summary();
      // the merged window ends where the last client's window ends, measured from the earliest start
      long offsetNanos = (in.windowStartEpochMillis() - start) * 1_000_000L;
      runtimeNanos = Math.max(runtimeNanos, offsetNanos + in.runtimeNanos());
      end = Math.max(end, in.windowEndEpochMillis());
      measured.addOperations(s.path("operations").asLong(), s.path("failedOperations").asLong());
      measured.addIntendedOperations(s.path("intendedOperations").asDouble(0));
      warmup.addOperations(s.path("warmup").path("operations").asLong(), 0);
      warmupNanos = Math.max(warmupNanos, s.path("warmup").path("runtimeNanos").asLong());
      threads += s.path("threads").asInt();
      initMs = Math.max(initMs, longLine(in, "OVERALL", "DbInitTime(ms)"));
      cleanupMs = Math.max(cleanupMs, longLine(in, "OVERALL", "CleanupTime(ms)"));
      abandoned += longLine(in, "OVERALL", "AbandonedThreads");
      discarded += longLine(in, "OVERALL", "DiscardedAfterDeadline");
      missed += longLine(in, "THROTTLE", "MissedSlots");
      late += longLine(in, "THROTTLE", "LateStarts");
      notStarted += longLine(in, "THROTTLE", "NotStarted");
      inflight = Math.max(inflight, (int) longLine(in, "OVERALL", "InFlightPerThread"));
      abandonedOps += longLine(in, "OVERALL", "AbandonedOperations");
      limitWaits += longLine(in, "THROTTLE", "InFlightLimitWaits");
      endedBy.add(s.path("window").path("endedBy").asText(""));
      for (Map.Entry<String, ResultsFolder.Section> e : in.sections().entrySet()) {
        LatencyStats target = statsOf(measured, e.getKey());
        addSection(target != null ? target : namedStatsOf(measured, e.getKey()), e.getValue());
      }
    }
    result = PhaseResult.of(measured, warmup)
        .window(runtimeNanos, warmupNanos)
        .epochMillis(start, end)
        .setupAndCleanup(initMs * 1_000_000L, cleanupMs * 1_000_000L)
        .workers(threads, inflight)
        .leftAtTheEnd((int) abandoned, abandonedOps, discarded)
        .throttle(missed, late, notStarted, limitWaits)
        .ended(String.join(",", endedBy), false)
        .build();
    Summary summary = new Summary(percentiles(), measurementInterval(),
        CoreProperties.LATENCY_DECIMALS.getBoolean(inputs.get(0).properties()));
    List<ResultLine> extra = clientLines();
    extra.addAll(durabilityLines());
    extra.addAll(summedLines(TransactionLines.SECTION, transactionMetrics()));
    lines = summary.lines(result, extra);
  }

  private static void addSection(LatencyStats target, ResultsFolder.Section sec) {
    target.add(sec.histogram(), sec.count(), sec.sumNanos(), sec.minNanos(), sec.maxNanos(), sec.returnCodes(),
        sec.retries());
    target.addBytes(sec.bytes());
  }

  /** @return the figures a section name such as {@code Intended-READ} or {@code UPDATE-FAILED} refers to */
  static LatencyStats statsOf(IntervalStats stats, String section) {
    for (Operation op : Operation.all()) {
      for (Outcome outcome : Outcome.values()) {
        if (outcome.section(op).equals(section)) {
          return stats.get(op, outcome);
        }
      }
    }
    // a per-error-code section such as READ-NOT_FOUND; the longest label wins (READ-MODIFY-WRITE-...)
    Operation owner = null;
    for (Operation op : Operation.all()) {
      if (section.startsWith(op.label() + "-") && section.length() > op.label().length() + 1
          && (owner == null || op.label().length() > owner.label().length())) {
        owner = op;
      }
    }
    return owner == null ? null : stats.errorCode(owner, section.substring(owner.label().length() + 1));
  }

  /** @return the figures of a section a binding named itself through upstream's Measurements */
  private static LatencyStats namedStatsOf(IntervalStats stats, String section) {
    return section.startsWith("Intended-")
        ? stats.namedFigures(section.substring("Intended-".length()), true)
        : stats.namedFigures(section, false);
  }

  private List<ResultLine> clientLines() {
    List<ResultLine> out = new ArrayList<>();
    double sum = 0;
    long minStart = Long.MAX_VALUE;
    long maxStart = Long.MIN_VALUE;
    long minEnd = Long.MAX_VALUE;
    long maxEnd = Long.MIN_VALUE;
    double cpuMicros = 0;
    long cpuOperations = 0;
    for (ResultsFolder in : inputs) {
      sum += clientThroughput(in);
      Number perOperation = in.line("CLIENT", "CpuPerOperation(us)");
      long ops = in.summary().path("operations").asLong();
      if (perOperation != null && ops > 0) {
        cpuMicros += perOperation.doubleValue() * ops;
        cpuOperations += ops;
      }
      minStart = Math.min(minStart, in.windowStartEpochMillis());
      maxStart = Math.max(maxStart, in.windowStartEpochMillis());
      minEnd = Math.min(minEnd, in.windowEndEpochMillis());
      maxEnd = Math.max(maxEnd, in.windowEndEpochMillis());
    }
    out.add(new ResultLine("CLIENTS", "Count", (long) inputs.size()));
    out.add(new ResultLine("CLIENTS", "SumOfThroughputs(ops/sec)", sum));
    out.add(new ResultLine("CLIENTS", "StartSpread(ms)", maxStart - minStart));
    out.add(new ResultLine("CLIENTS", "EndSpread(ms)", maxEnd - minEnd));
    if (cpuOperations > 0) {
      // each client's CPU time per operation, weighted by its operations: the clients' CPU time over all operations
      out.add(new ResultLine("CLIENTS", "CpuPerOperation(us)", Math.round(cpuMicros / cpuOperations * 100) / 100.0));
    }
    return out;
  }

  static double clientThroughput(ResultsFolder in) {
    double seconds = in.runtimeNanos() / 1e9;
    return seconds > 0 ? in.summary().path("operations").asLong() / seconds : 0.0;
  }

  private double[] percentiles() {
    String text = CoreProperties.PERCENTILES.get(inputs.get(0).properties());
    try {
      return Percentiles.parse(text);
    } catch (RuntimeException e) {
      return Percentiles.parse(CoreProperties.PERCENTILES.defaultValue());
    }
  }

  /** Shows the same kinds of latency (actual start, intended start, or both) as the first input did. */
  private String measurementInterval() {
    boolean intended = false;
    boolean op = false;
    for (ResultLine l : inputs.get(0).lines()) {
      if (l.section().startsWith("Intended-")) {
        intended = true;
      } else if ("ALL".equals(l.section()) || statsOf(measured, l.section()) != null) {
        op = true;
      }
    }
    return intended && op ? "both" : intended ? "intended" : "op";
  }

  /** @return the merged phase figures */
  PhaseResult result() {
    return result;
  }

  /**
   * Replaces the inputs' {@code [SLO]} verdicts, which judged each client's share alone, with
   * those of the merged figures.
   */
  void replaceSloLines(List<ResultLine> slo) {
    List<ResultLine> kept = new ArrayList<>();
    for (ResultLine l : lines) {
      if (!SloLines.SECTION.equals(l.section())) {
        kept.add(l);
      }
    }
    kept.addAll(slo);
    lines = kept;
  }

  /** @return the merged summary lines */
  List<ResultLine> lines() {
    return lines;
  }

  /** @return summary.json of the merged folder: the inputs' schema plus the list of clients */
  ObjectNode json(ObjectMapper mapper) {
    JsonNode first = inputs.get(0).summary();
    ObjectNode root = mapper.createObjectNode();
    root.put("format", ResultsWriter.FORMAT);
    boolean complete = inputs.stream().allMatch(ResultsFolder::complete);
    root.put("complete", complete);
    root.put("phase", first.path("phase").asText());
    root.putNull("clientid");
    root.put("clientcount", inputs.size());
    Set<String> dbs = new LinkedHashSet<>();
    double target = 0;
    int threadCount = 0;
    for (ResultsFolder in : inputs) {
      dbs.add(in.summary().path("db").asText());
      target += in.summary().path("target").asDouble();
      threadCount += in.summary().path("threadcount").asInt();
    }
    root.put("db", String.join(",", dbs));
    root.put("target", target);
    root.put("threadcount", threadCount);
    root.set("workloadFiles", first.path("workloadFiles").deepCopy());
    ArrayNode clients = root.putArray("clients");
    for (ResultsFolder in : inputs) {
      JsonNode s = in.summary();
      ObjectNode c = clients.addObject();
      c.put("dir", in.dir().toString());
      c.set("clientid", s.path("clientid").deepCopy());
      c.put("complete", in.complete());
      c.put("startEpochMillis", in.windowStartEpochMillis());
      c.put("endEpochMillis", in.windowEndEpochMillis());
      c.put("runtimeNanos", in.runtimeNanos());
      c.put("operations", s.path("operations").asLong());
      c.put("throughput", clientThroughput(in));
    }
    ResultsWriter.addFigures(root, result, lines);
    return root;
  }

  /**
   * @return the clients' {@code [DURABILITY]} sections as one: counts added (each client judged and
   *     verified its own writes), the verification time the longest
   */
  private List<ResultLine> durabilityLines() {
    if (inputs.stream().noneMatch(in -> in.line(DurabilityLines.SECTION, "WritesAcknowledged") != null)) {
      return new ArrayList<>();
    }
    List<ResultLine> out = summedLines(DurabilityLines.SECTION, DurabilityLines.SUMMED);
    if (inputs.stream().anyMatch(in -> in.line(DurabilityLines.SECTION, DurabilityLines.VERIFICATION_TIME) != null)) {
      long longest = 0;
      for (ResultsFolder in : inputs) {
        longest = Math.max(longest, longLine(in, DurabilityLines.SECTION, DurabilityLines.VERIFICATION_TIME));
      }
      out.add(new ResultLine(DurabilityLines.SECTION, DurabilityLines.VERIFICATION_TIME, longest));
    }
    return out;
  }

  /**
   * @return the clients' lines of {@code section} as one, each metric added over the clients: a
   *     closed economy's client checks its own accounts, so the anomalies add up and the invariant's
   *     deviations add up to the whole economy's
   */
  private List<ResultLine> summedLines(String section, List<String> metrics) {
    List<ResultLine> out = new ArrayList<>();
    for (String metric : metrics) {
      if (inputs.stream().noneMatch(in -> in.line(section, metric) != null)) {
        continue;
      }
      long value = 0;
      for (ResultsFolder in : inputs) {
        value += longLine(in, section, metric);
      }
      out.add(new ResultLine(section, metric, value));
    }
    return out;
  }

  /** @return the {@code [TRANSACTIONS]} metrics: the fixed ones, and every abort cause some client counted */
  private List<String> transactionMetrics() {
    SortedSet<String> causes = new TreeSet<>();
    for (ResultsFolder in : inputs) {
      for (ResultLine l : in.lines()) {
        if (TransactionLines.SECTION.equals(l.section()) && l.metric().startsWith(TransactionLines.ABORTS_BY_CAUSE)) {
          causes.add(l.metric());
        }
      }
    }
    List<String> metrics = new ArrayList<>(TransactionLines.METRICS);
    metrics.addAll(metrics.indexOf("Aborts") + 1, causes);
    return metrics;
  }

  private static long longLine(ResultsFolder in, String section, String metric) {
    Number n = in.line(section, metric);
    return n == null ? 0 : n.longValue();
  }
}
