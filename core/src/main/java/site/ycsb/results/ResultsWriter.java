package site.ycsb.results;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Base64;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import site.ycsb.measurements.IntervalStats;
import site.ycsb.measurements.LatencyStats;
import site.ycsb.measurements.Operation;
import site.ycsb.measurements.Outcome;
import site.ycsb.measurements.PhaseListener;
import site.ycsb.measurements.PhaseResult;

/**
 * Writes a phase's results folder as the phase runs: the time series and HdrHistogram interval
 * logs grow by one interval per sample and are flushed, and the summary so far is rewritten
 * atomically every export interval, so after a crash at most one interval is lost. The final
 * summary replaces it at the end. See {@code docs/results.md} for every file.
 */
public final class ResultsWriter implements PhaseListener {
  /** Format marker in summary.json, for readers such as the merge command. */
  public static final String FORMAT = "ycsb-results/1";

  /**
   * The columns of timeseries.csv; the last four came later, so readers find columns by name.
   * {@code retries}: the retries of the operations the row counts (a transaction's aborts).
   */
  public static final String TIME_SERIES_HEADER = "elapsed_ms,epoch_ms,section,count,ops_per_sec,mean_us,p50_us,p99_us,"
      + "p999_us,max_us,intended_ops_per_sec,bytes,mb_per_sec,retries";

  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private final Path dir;
  /** Whether the folder was made for this phase (and so may be removed when it does not start). */
  private final boolean createdDir;
  private final Map<String, Object> identity;
  private final Function<PhaseResult, List<ResultLine>> summary;
  private final long exportIntervalNanos;
  private final ClientResources resources;
  private final Writer timeSeries;
  private final Writer resourceSeries;
  private final Map<Operation, HistogramLogWriter[]> hlogs = new EnumMap<>(Operation.class);
  private final Map<Operation, PrintStream[]> hlogStreams = new EnumMap<>(Operation.class);
  private final long granularityNanos;
  private final IntervalStats interval = new IntervalStats();
  private long pendingNanos;
  private long nextRowEndNanos;
  private Supplier<PhaseResult> progress;
  private long lastElapsedNanos;
  private boolean lastWarmingUp;
  private long phaseStartEpochMillis = System.currentTimeMillis();
  private long lastExportNanos;

  /**
   * Creates the folder and its growing files.
   *
   * @param dir the results folder; must not already hold results
   * @param identity phase, clientid and the like, written into summary.json
   * @param summary turns a phase result into the summary lines
   * @param exportIntervalMillis how often the summary so far is rewritten
   * @param granularityMillis the length of one time-series interval
   * @param resources the client resource sampler
   * @throws IOException when the folder cannot be written
   */
  public ResultsWriter(Path dir, Map<String, Object> identity, Function<PhaseResult, List<ResultLine>> summary,
                       long exportIntervalMillis, long granularityMillis, ClientResources resources)
      throws IOException {
    this.granularityNanos = granularityMillis * 1_000_000L;
    this.nextRowEndNanos = granularityNanos;
    this.dir = dir;
    this.identity = identity;
    this.summary = summary;
    this.exportIntervalNanos = exportIntervalMillis * 1_000_000L;
    this.resources = resources;
    if (Files.exists(dir.resolve("summary.json"))) {
      throw new IOException("results folder " + dir + " already holds results; choose another folder");
    }
    this.createdDir = !Files.exists(dir);
    Files.createDirectories(dir.resolve("hdr"));
    timeSeries = Files.newBufferedWriter(dir.resolve("timeseries.csv"), StandardCharsets.UTF_8);
    timeSeries.write(TIME_SERIES_HEADER + "\n");
    resourceSeries = Files.newBufferedWriter(dir.resolve("resources.csv"), StandardCharsets.UTF_8);
    resourceSeries.write("elapsed_ms,epoch_ms,process_cpu_pct,machine_cpu_pct,gc_count,gc_ms,heap_used_mb,"
        + "threads,net_rx_bytes,net_tx_bytes\n");
    flush();
  }

  /** Where the summary so far comes from (read in the sampler thread). */
  public void progressFrom(Supplier<PhaseResult> source) {
    this.progress = source;
  }

  @Override
  public void onStart(long phaseStartEpochMillis) {
    // every elapsed time counts from the workers' release, after connecting and any start time
    this.phaseStartEpochMillis = phaseStartEpochMillis;
    try {
      // when elapsed time 0 was, for whoever acts on a run while it goes on (an experiment's faults)
      writeFile("start.txt", phaseStartEpochMillis + "\n");
    } catch (IOException e) {
      // the summary carries the start as well; only a live observer would miss it
    }
  }

  /** Writes a text file (e.g. the effective properties) into the folder. */
  public void writeFile(String name, String content) throws IOException {
    replaceAtomically(dir.resolve(name), content.getBytes(StandardCharsets.UTF_8));
  }

  @Override
  public void onSample(long elapsedNanos, long sampleNanos, IntervalStats sample, IntervalStats total,
                       boolean warmingUp) {
    if (lastWarmingUp && !warmingUp && pendingNanos > 0) {
      // the warm-up's unwritten part holds no measured operations: its length must not dilute the
      // first measured row
      writeInterval(lastElapsedNanos, true);
    }
    // samples may come faster than the time-series granularity (a short status interval): add them up
    interval.add(sample);
    pendingNanos += sampleNanos;
    lastElapsedNanos = elapsedNanos;
    lastWarmingUp = warmingUp;
    // rows end on a grid of the granularity from the phase start, so that late reads do not drift
    // the rows of later intervals
    if (elapsedNanos >= nextRowEndNanos) {
      writeInterval(elapsedNanos, warmingUp);
      nextRowEndNanos = (elapsedNanos / granularityNanos + 1) * granularityNanos;
    }
    long now = System.nanoTime();
    if (progress != null && now - lastExportNanos >= exportIntervalNanos) {
      lastExportNanos = now;
      try {
        writeSummary(progress.get(), false);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot write results to " + dir, e);
      }
    }
  }

  @Override
  public void onEnd() {
    // operations recorded after the last tick but completed before the deadline still get a row
    if (pendingNanos > 0 || interval.operations() > 0) {
      writeInterval(lastElapsedNanos, lastWarmingUp);
    }
  }

  private void writeInterval(long elapsedNanos, boolean warmingUp) {
    long intervalNanos = pendingNanos;
    pendingNanos = 0;
    long elapsedMs = elapsedNanos / 1_000_000L;
    long epoch = phaseStartEpochMillis + elapsedMs;
    try {
      ClientResources.Sample r = resources.latest();
      if (r != null) {
        resourceSeries.write(elapsedMs + "," + epoch + "," + num(r.processCpuPercent()) + ","
            + num(r.machineCpuPercent()) + "," + r.gcCount() + "," + r.gcMillis() + ","
            + (r.heapUsedBytes() / (1024 * 1024)) + "," + r.liveThreads() + "," + r.netRxBytes() + ","
            + r.netTxBytes() + "\n");
      }
      if (!warmingUp) {
        double seconds = intervalNanos / 1e9;
        long bytes = interval.bytesWritten() + interval.bytesRead();
        // the intended rate only under a throttle: without one nothing was offered but what ran
        String intended = interval.intendedOperations() > 0 && seconds > 0
            ? num(interval.intendedOperations() / seconds) : "";
        timeSeries.write(elapsedMs + "," + epoch + ",OVERALL," + interval.operations() + ","
            + num(seconds > 0 ? interval.operations() / seconds : 0) + ",,,,,," + intended + "," + bytes + ","
            + num(seconds > 0 ? bytes / 1e6 / seconds : 0) + ",\n");
        for (Operation op : Operation.all()) {
          for (Outcome outcome : Outcome.values()) {
            LatencyStats s = interval.get(op, outcome);
            if (s.count() == 0) {
              continue;
            }
            timeSeries.write(elapsedMs + "," + epoch + "," + outcome.section(op) + "," + s.count() + ","
                + num(seconds > 0 ? s.count() / seconds : 0) + "," + num(s.meanNanos() / 1000.0) + ","
                + us(s.percentileNanos(50)) + "," + us(s.percentileNanos(99)) + ","
                + us(s.percentileNanos(99.9)) + "," + us(s.maxNanos()) + ",," + bytesColumns(s.bytes(), seconds)
                + "," + (s.retries() > 0 ? Long.toString(s.retries()) : "") + "\n");
            hlog(op, outcome, epoch - intervalNanos / 1_000_000L, epoch, s.histogram());
          }
        }
      }
      flush();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write results to " + dir, e);
    }
    // emptied, not made anew: the next interval reuses its memory
    interval.reset();
  }

  private void hlog(Operation op, Outcome outcome, long startEpochMs, long endEpochMs, Histogram h)
      throws IOException {
    HistogramLogWriter[] writers = hlogs.computeIfAbsent(op, o -> new HistogramLogWriter[Outcome.values().length]);
    PrintStream[] streams = hlogStreams.computeIfAbsent(op, o -> new PrintStream[Outcome.values().length]);
    int k = outcome.ordinal();
    if (writers[k] == null) {
      PrintStream ps = new PrintStream(Files.newOutputStream(dir.resolve("hdr").resolve(outcome.section(op)
          + ".hlog")), false, StandardCharsets.UTF_8);
      HistogramLogWriter w = new HistogramLogWriter(ps);
      w.setBaseTime(phaseStartEpochMillis);
      w.outputComment("[" + outcome.section(op) + "] latency in nanoseconds; values printed in microseconds");
      w.outputLogFormatVersion();
      w.outputStartTime(phaseStartEpochMillis);
      w.outputBaseTime(phaseStartEpochMillis);
      w.outputLegend();
      writers[k] = w;
      streams[k] = ps;
    }
    Histogram copy = h.copy();
    copy.setStartTimeStamp(startEpochMs);
    copy.setEndTimeStamp(endEpochMs);
    writers[k].outputIntervalHistogram((startEpochMs - phaseStartEpochMillis) / 1000.0,
        (endEpochMs - phaseStartEpochMillis) / 1000.0, copy, 1000.0);
    streams[k].flush();
  }

  /**
   * Writes the summary (text and JSON) atomically.
   *
   * @param r the phase result (so far, or final)
   * @param complete whether the phase has ended
   */
  public void writeSummary(PhaseResult r, boolean complete) throws IOException {
    List<ResultLine> lines = summary.apply(r);
    ByteArrayOutputStream text = new ByteArrayOutputStream();
    Exporters.write(Exporters.create("text", text), lines);
    replaceAtomically(dir.resolve("summary.txt"), text.toByteArray());
    replaceAtomically(dir.resolve("summary.json"), JSON.writeValueAsBytes(summaryJson(r, lines, complete)));
  }

  private ObjectNode summaryJson(PhaseResult r, List<ResultLine> lines, boolean complete) {
    ObjectNode root = JSON.createObjectNode();
    root.put("format", FORMAT);
    root.put("complete", complete);
    identity.forEach((k, v) -> root.putPOJO(k, v));
    addFigures(root, r, lines);
    return root;
  }

  /**
   * Adds the figures of summary.json (window, counts, exact sections with histograms, lines) to
   * {@code root}; shared with the merge, which writes the same format.
   *
   * @param root the object to fill
   * @param r the phase result
   * @param lines the summary lines
   */
  public static void addFigures(ObjectNode root, PhaseResult r, List<ResultLine> lines) {
    ObjectNode window = root.putObject("window");
    window.put("startEpochMillis", r.startEpochMillis());
    window.put("endEpochMillis", r.endEpochMillis());
    window.put("runtimeNanos", r.runtimeNanos());
    window.put("endedBy", r.endedBy());
    root.put("operations", r.measured().operations());
    root.put("failedOperations", r.measured().failedOperations());
    if (r.measured().intendedOperations() > 0) {
      root.put("intendedOperations", r.measured().intendedOperations());
    }
    root.put("threads", r.threads());
    ObjectNode warmup = root.putObject("warmup");
    warmup.put("runtimeNanos", r.warmupNanos());
    warmup.put("operations", r.warmup().operations());
    ObjectNode sections = root.putObject("sections");
    for (Operation op : Operation.all()) {
      for (Outcome outcome : Outcome.values()) {
        LatencyStats s = r.measured().get(op, outcome);
        if (s.count() > 0) {
          sections.set(outcome.section(op), sectionJson(s));
        }
      }
      r.measured().byErrorCode(op).forEach((code, s) -> sections.set(op.label() + "-" + code, sectionJson(s)));
    }
    r.measured().named(false).forEach((name, s) -> sections.set(name, sectionJson(s)));
    r.measured().named(true).forEach((name, s) -> sections.set("Intended-" + name, sectionJson(s)));
    ArrayNode arr = root.putArray("lines");
    for (ResultLine l : lines) {
      ObjectNode o = arr.addObject();
      o.put("metric", l.section());
      o.put("measurement", l.metric());
      if (l.value() instanceof Double) {
        o.put("value", l.value().doubleValue());
      } else {
        o.put("value", l.value().longValue());
      }
    }
    SloJson.add(root, lines);
  }

  private static ObjectNode sectionJson(LatencyStats s) {
    ObjectNode o = JSON.createObjectNode();
    o.put("count", s.count());
    o.put("sumNanos", s.sumNanos());
    o.put("minNanos", s.minNanos());
    o.put("maxNanos", s.maxNanos());
    o.put("retries", s.retries());
    if (s.bytes() > 0) {
      o.put("bytes", s.bytes());
    }
    ObjectNode codes = o.putObject("returnCodes");
    s.statusCounts().forEach(codes::put);
    o.put("histogram", encode(s.histogram()));
    return o;
  }

  /** @return the histogram, compressed and base64-encoded (see {@link HistogramEncoding}) */
  public static String encode(Histogram h) {
    return HistogramEncoding.encode(h);
  }

  /** Ends the growing files. */
  /**
   * The phase did not start (a worker could not connect, the start was called off): removes what
   * this writer put into the folder, and the folder if it made it, so that no results folder
   * without a summary is left behind to be mistaken for one, or to refuse nothing.
   */
  public void discard() {
    try {
      close();
      Path hdr = dir.resolve("hdr");
      try (var logs = Files.list(hdr)) {
        for (Path p : logs.toList()) {
          Files.deleteIfExists(p);
        }
      }
      Files.deleteIfExists(hdr);
      for (String name : List.of("timeseries.csv", "resources.csv", "properties.txt", "start.txt",
          "environment.json", "summary.txt", "summary.json")) {
        Files.deleteIfExists(dir.resolve(name));
      }
      if (createdDir) {
        Files.deleteIfExists(dir);
      }
    } catch (IOException e) {
      // what stays holds no summary: a later run still sees the folder as free
    }
  }

  public void close() throws IOException {
    timeSeries.close();
    resourceSeries.close();
    for (PrintStream[] ps : hlogStreams.values()) {
      for (PrintStream p : ps) {
        if (p != null) {
          p.close();
        }
      }
    }
  }

  private void flush() throws IOException {
    timeSeries.flush();
    resourceSeries.flush();
  }

  private static void replaceAtomically(Path target, byte[] content) throws IOException {
    Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
    Files.write(tmp, content);
    try {
      Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
    }
  }

  private static String num(double v) {
    return v < 0 ? "" : String.format(Locale.ROOT, "%.3f", v);
  }

  /** @return the bytes and MB/s columns of a section's row: empty for sections that move no values */
  private static String bytesColumns(long bytes, double seconds) {
    return bytes > 0 ? bytes + "," + num(seconds > 0 ? bytes / 1e6 / seconds : 0) : ",";
  }

  private static String us(long nanos) {
    return String.format(Locale.ROOT, "%.3f", nanos / 1000.0);
  }
}
