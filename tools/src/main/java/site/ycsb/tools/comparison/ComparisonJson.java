package site.ycsb.tools.comparison;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.UncheckedIOException;
import java.util.List;
import site.ycsb.results.ResultsFolder;
import site.ycsb.tools.stats.Difference;
import site.ycsb.tools.stats.Repetitions;

/** A comparison, and its gate, as JSON ({@code compare --json}); figures that cannot be given are null. */
public final class ComparisonJson {
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private ComparisonJson() {
  }

  /**
   * @param groups each group's statistics per summary line (the table {@code compare} prints first)
   * @param confidence the level of the intervals
   * @param c the comparison of the two groups, or null with one group
   * @param gate its gate, or null
   * @return the document
   */
  public static String of(List<Repetitions.Comparison> groups, double confidence, Comparison c, Gate gate) {
    ObjectNode root = JSON.createObjectNode();
    root.put("confidence", confidence);
    ArrayNode lines = root.putArray("groups");
    for (Repetitions.Comparison g : groups) {
      ObjectNode l = lines.addObject();
      l.put("section", g.section());
      l.put("metric", g.metric());
      l.set("a", estimate(g.a()));
      l.set("b", estimate(g.b()));
      put(l, "differencePercent", g.differencePercent());
    }
    if (c == null) {
      return write(root);
    }
    root.put("method", c.method() == Comparison.Method.INTERVALS ? "intervals" : "repetitions");
    root.set("baseline", side(c, true));
    root.set("candidate", side(c, false));
    ArrayNode figures = root.putArray("figures");
    for (Comparison.Row r : c.rows()) {
      Difference d = r.difference();
      ObjectNode f = figures.addObject();
      f.put("figure", r.figure().name());
      f.put("unit", r.figure().unit());
      put(f, "baseline", d.baseline());
      put(f, "candidate", d.candidate());
      put(f, "difference", d.estimate());
      put(f, "low", d.low());
      put(f, "high", d.high());
      put(f, "differencePercent", d.relative());
      put(f, "lowPercent", d.relativeLow());
      put(f, "highPercent", d.relativeHigh());
      put(f, "p", d.p());
      f.put("verdict", r.verdict().text());
      if (!d.known()) {
        f.put("cannotTell", d.unknown());
      }
    }
    Comparison.Overall overall = c.overall();
    ObjectNode o = root.putObject("overall");
    o.put("differs", overall.differs());
    o.put("judged", overall.judged());
    ArrayNode differing = o.putArray("differing");
    overall.differing().forEach(r -> differing.add(r.figure().name()));
    if (gate != null) {
      ObjectNode g = root.putObject("gate");
      g.put("exitCode", gate.exitCode());
      ArrayNode thresholds = g.putArray("thresholds");
      for (Gate.Judgement j : gate.judgements()) {
        ObjectNode t = thresholds.addObject();
        t.put("threshold", j.threshold().text());
        t.put("outcome", j.outcome().name().toLowerCase(java.util.Locale.ROOT));
        put(t, "change", j.change());
        put(t, "low", j.low());
        put(t, "high", j.high());
        t.put("unit", j.threshold().relative() ? "%" : j.threshold().figure().kind() == Figure.Kind.FAILURES
            ? "pp" : j.threshold().figure().unit());
        t.put("why", j.why());
      }
    }
    return write(root);
  }

  private static String write(ObjectNode root) {
    try {
      return JSON.writeValueAsString(root) + "\n";
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static ObjectNode estimate(Repetitions.Estimate e) {
    if (e == null) {
      return null;
    }
    ObjectNode n = JSON.createObjectNode();
    n.put("n", e.n());
    put(n, "mean", e.mean());
    put(n, "sd", e.standardDeviation());
    put(n, "low", e.low());
    put(n, "high", e.high());
    return n;
  }

  private static ObjectNode side(Comparison c, boolean baseline) {
    ObjectNode s = JSON.createObjectNode();
    ArrayNode folders = s.putArray("folders");
    for (ResultsFolder f : baseline ? c.baseline() : c.candidate()) {
      folders.add(f.dir().toString());
    }
    if (c.method() == Comparison.Method.INTERVALS) {
      s.put("intervals", c.intervals()[baseline ? 0 : 1]);
      s.put("batches", c.batches()[baseline ? 0 : 1]);
    }
    return s;
  }

  private static void put(ObjectNode n, String name, double v) {
    if (Double.isFinite(v)) {
      n.put(name, v);
    } else {
      n.putNull(name);
    }
  }
}
