package site.ycsb.tools.experiment;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;

/**
 * Reads a plan file (YAML) into a {@link Plan}, checking every key and value: a mistake is
 * reported as one line naming the file, the line and what was expected, before anything runs.
 * The format is documented in {@code docs/experiments.md}.
 */
public final class PlanReader {
  private static final List<String> KEYS = List.of("name", "binding", "properties", "workloads", "load",
      "repetitions", "runtime", "warmup", "granularity", "percentiles", "sweep", "before-run", "after-run", "faults",
      "search");
  private static final List<String> SWEEP_KEYS = List.of("properties", "threads", "target");

  private final Path file;
  private final Function<String, String> bindingProblem;
  private final PlanNodes nodes;

  private PlanReader(Path file, Function<String, String> bindingProblem) {
    this.file = file;
    this.bindingProblem = bindingProblem;
    this.nodes = new PlanNodes(file);
  }

  /**
   * @param file the plan
   * @param bindingProblem why a binding name cannot be used here, or null when it can (the command
   *     line's resolution of binding names, handed in so that plans are checked as {@code run} checks)
   * @return the checked plan
   * @throws PlanException naming the line and what was expected
   */
  public static Plan read(Path file, Function<String, String> bindingProblem) throws PlanException {
    return new PlanReader(file, bindingProblem).read();
  }

  private Plan read() throws PlanException {
    String text;
    try {
      text = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new PlanException("cannot read the plan " + file + ": " + site.ycsb.props.FileProblems.reason(e));
    }
    Node root;
    try {
      // a byte-order mark at the start (Windows editors write one), CRLF and blanks after values are YAML's to read
      root = new Yaml(new LoaderOptions()).compose(new StringReader(text));
    } catch (MarkedYAMLException e) {
      throw new PlanException(file + " line " + (e.getProblemMark().getLine() + 1) + ": not valid YAML: "
          + e.getProblem());
    } catch (YAMLException e) {
      throw new PlanException(file + ": not valid YAML: " + e.getMessage());
    }
    if (!(root instanceof MappingNode)) {
      throw new PlanException(file + ": expected a plan (keys such as binding:, workloads:, sweep:), found "
          + (root == null ? "an empty file" : "no mapping at the top"));
    }
    Map<String, NodeTuple> top = nodes.keys((MappingNode) root, KEYS, "");

    String binding = nodes.requiredScalar(top, "binding", root);
    String problem = bindingProblem.apply(binding);
    if (problem != null) {
      throw nodes.error(top.get("binding").getValueNode(), problem);
    }
    String name = top.containsKey("name") ? nodes.scalar(top.get("name").getValueNode(), "name")
        : file.getFileName().toString().replaceFirst("\\.[^.]*$", "");
    if (!name.matches("[A-Za-z0-9._-]+")) {
      throw nodes.error(top.containsKey("name") ? top.get("name").getValueNode() : root,
          "the experiment's name '" + name + "' names its folder: use letters, digits, '.', '_' and '-' only");
    }
    Map<String, NodeTuple> propertyEntries = top.containsKey("properties")
        ? nodes.scalarMap(top.get("properties").getValueNode(), "properties") : new LinkedHashMap<>();
    Map<String, String> properties = new LinkedHashMap<>();
    Map<String, Integer> propertyLines = new LinkedHashMap<>();
    for (Map.Entry<String, NodeTuple> e : propertyEntries.entrySet()) {
      properties.put(e.getKey(), nodes.scalar(e.getValue().getValueNode(), "properties: " + e.getKey()));
      propertyLines.put(e.getKey(), PlanNodes.line(e.getValue().getKeyNode()));
    }
    for (String p : List.of("threadcount", "target", "maxexecutiontime", "warmupexecutiontime", "resultsdir",
        "timeseries.granularity")) {
      if (properties.containsKey(p)) {
        throw nodes.error(propertyEntries.get(p).getKeyNode(), "property '" + p + "' is set by the experiment itself:"
            + " use " + replacement(p) + " instead");
      }
    }
    if (!top.containsKey("workloads")) {
      throw nodes.error(root,
          "missing key 'workloads': the workload files to run, e.g. workloads: [workloads/workloada]");
    }
    List<String> workloads = new ArrayList<>();
    for (Node w : nodes.scalarOrList(top.get("workloads").getValueNode(), "workloads")) {
      workloads.add(workloadFile(w));
    }
    Plan.LoadMode load = Plan.LoadMode.ONCE;
    if (top.containsKey("load")) {
      Node n = top.get("load").getValueNode();
      String v = nodes.scalar(n, "load");
      load = null;
      for (Plan.LoadMode m : Plan.LoadMode.values()) {
        if (m.word.equals(v)) {
          load = m;
        }
      }
      if (load == null) {
        throw nodes.error(n, "load: '" + v + "' is not a load mode: expected once, per-combination, every-run or none");
      }
    }
    int repetitions = top.containsKey("repetitions")
        ? (int) nodes.integer(top.get("repetitions").getValueNode(), "repetitions", 1, 1000) : 1;
    double runtime = top.containsKey("runtime")
        ? nodes.millis(top.get("runtime").getValueNode(), "runtime") / 1000.0 : 0;
    long warmup = top.containsKey("warmup") ? nodes.millis(top.get("warmup").getValueNode(), "warmup") : 0;
    long granularity = top.containsKey("granularity")
        ? nodes.millis(top.get("granularity").getValueNode(), "granularity")
        : 1000;
    if (granularity <= 0) {
      throw nodes.error(top.get("granularity").getValueNode(), "granularity must be above 0, e.g. 1s or 250ms");
    }
    List<String> percentiles = new ArrayList<>(List.of("95", "99"));
    if (top.containsKey("percentiles")) {
      percentiles.clear();
      for (Node n : nodes.scalarOrList(top.get("percentiles").getValueNode(), "percentiles")) {
        double p = nodes.number(n, "percentiles");
        if (p <= 0 || p >= 100) {
          throw nodes.error(n, "percentiles: " + nodes.scalar(n, "percentiles")
              + " is not a percentile: expected a number"
              + " between 0 and 100, e.g. 99 or 99.9");
        }
        percentiles.add(nodes.scalar(n, "percentiles"));
      }
    }
    List<Plan.Dimension> dimensions = top.containsKey("sweep") ? dimensions(top.get("sweep").getValueNode())
        : List.of();
    if (runtime == 0 && !properties.containsKey("operationcount")) {
      throw nodes.error(root,
          "a run needs an end: give runtime: (e.g. runtime: 60s) or operationcount under properties:");
    }
    Plan.Search search = top.containsKey("search") ? search(top.get("search")) : null;
    if (search != null) {
      for (Plan.Dimension d : dimensions) {
        if ("target".equals(d.property())) {
          throw nodes.error(top.get("search").getKeyNode(),
              "search: finds the target itself: leave out sweep: target:");
        }
      }
      if (properties.containsKey("slo")) {
        throw nodes.error(propertyEntries.get("slo").getKeyNode(),
            "property 'slo' is set by search: slo: for every run:"
            + " leave it out of properties:");
      }
      if (runtime == 0) {
        throw nodes.error(top.get("search").getKeyNode(), "search: needs runs that end by time: give runtime:, e.g."
            + " runtime: 30s (a run ended by operationcount would end sooner at a higher target)");
      }
    }
    return new Plan(file, name, binding, properties, propertyLines, workloads, load, repetitions, runtime, warmup, granularity,
        percentiles, dimensions, commands(top, "before-run"), commands(top, "after-run"), faults(top), search);
  }

  private Plan.Search search(NodeTuple entry) throws PlanException {
    Node node = entry.getValueNode();
    if (!(node instanceof MappingNode)) {
      throw nodes.error(node, "search: expected keys slo:, repetitions:, precision:, tolerance:, e.g."
          + " search: {slo: \"Intended-ALL.p99<20ms\", repetitions: 3, precision: 2%}");
    }
    Map<String, NodeTuple> k = nodes.keys((MappingNode) node, List.of("slo", "repetitions", "precision", "tolerance",
        "max-candidates"), "search: ");
    if (!k.containsKey("slo")) {
      throw nodes.error(node, "search: needs slo:, the objective the capacity is found at, e.g. slo: \"READ.p99<5ms\"");
    }
    Node sloNode = k.get("slo").getValueNode();
    String slo = nodes.scalar(sloNode, "search: slo");
    try {
      site.ycsb.slo.Slo.parse(slo);
    } catch (IllegalArgumentException e) {
      throw nodes.error(sloNode, "search: slo: " + e.getMessage());
    }
    if (slo.isBlank()) {
      throw nodes.error(sloNode, "search: slo: expected thresholds such as READ.p99<5ms");
    }
    int repetitions = k.containsKey("repetitions")
        ? (int) nodes.integer(k.get("repetitions").getValueNode(), "search: repetitions", 1, 100) : 3;
    double precision = k.containsKey("precision") ? percent(k.get("precision").getValueNode(), "search: precision")
        : 0.02;
    double tolerance = k.containsKey("tolerance") ? percent(k.get("tolerance").getValueNode(), "search: tolerance")
        : 0.05;
    int max = k.containsKey("max-candidates")
        ? (int) nodes.integer(k.get("max-candidates").getValueNode(), "search: max-candidates", 1, 1000) : 20;
    return new Plan.Search(slo.trim(), repetitions, precision, tolerance, max, PlanNodes.line(entry.getKeyNode()));
  }

  /** @return a share given as {@code 2%} or {@code 0.02} */
  private double percent(Node node, String key) throws PlanException {
    String v = nodes.scalar(node, key).trim();
    double x;
    try {
      x = v.endsWith("%") ? Double.parseDouble(v.substring(0, v.length() - 1).trim()) / 100.0 : Double.parseDouble(v);
    } catch (NumberFormatException e) {
      throw nodes.error(node, key + ": '" + v + "' is not a share: expected e.g. 2% or 0.02");
    }
    if (!(x > 0 && x < 1)) {
      throw nodes.error(node, key + ": '" + v + "' is out of range: expected a share above 0% and below 100%, e.g. 2%");
    }
    return x;
  }

  private static String replacement(String property) {
    switch (property) {
      case "threadcount":
        return "sweep: threads:";
      case "target":
        return "sweep: target:";
      case "maxexecutiontime":
        return "runtime:";
      case "warmupexecutiontime":
        return "warmup:";
      case "timeseries.granularity":
        return "granularity:";
      default:
        return "the experiment's own folders (bin/ycsb experiment PLAN -o DIR)";
    }
  }

  private List<Plan.Dimension> dimensions(Node node) throws PlanException {
    if (!(node instanceof MappingNode)) {
      throw nodes.error(node, "sweep: expected keys properties:, threads: and/or target:, each with a list of values");
    }
    Map<String, NodeTuple> sweep = nodes.keys((MappingNode) node, SWEEP_KEYS, "sweep: ");
    List<Plan.Dimension> out = new ArrayList<>();
    if (sweep.containsKey("properties")) {
      Node props = sweep.get("properties").getValueNode();
      if (!(props instanceof MappingNode)) {
        throw nodes.error(props, "sweep: properties: expected property names, each with a list of values,"
            + " e.g. fieldlength: [100, 1000]");
      }
      for (NodeTuple t : ((MappingNode) props).getValue()) {
        String property = nodes.scalar(t.getKeyNode(), "sweep: properties");
        List<String> values = new ArrayList<>();
        for (Node v : nodes.list(t.getValueNode(), "sweep: properties: " + property)) {
          values.add(nodes.scalar(v, "sweep: properties: " + property));
        }
        out.add(new Plan.Dimension(property, values, false, PlanNodes.line(t.getKeyNode())));
      }
    }
    if (sweep.containsKey("threads")) {
      List<String> values = new ArrayList<>();
      for (Node v : nodes.list(sweep.get("threads").getValueNode(), "sweep: threads")) {
        values.add(Long.toString(nodes.integer(v, "sweep: threads", 1, 100_000)));
      }
      out.add(new Plan.Dimension("threadcount", values, false, PlanNodes.line(sweep.get("threads").getKeyNode())));
    }
    if (sweep.containsKey("target")) {
      Node t = sweep.get("target").getValueNode();
      List<String> values = new ArrayList<>();
      boolean ofMaximum = false;
      if (t instanceof MappingNode) {
        Map<String, NodeTuple> f = nodes.keys((MappingNode) t, List.of("fractions"), "sweep: target: ");
        if (!f.containsKey("fractions")) {
          throw nodes.error(t,
              "sweep: target: expected a list of targets or fractions: [0.1, 0.5, 1.0] of the maximum");
        }
        ofMaximum = true;
        for (Node v : nodes.list(f.get("fractions").getValueNode(), "sweep: target: fractions")) {
          double x = nodes.number(v, "sweep: target: fractions");
          if (x <= 0 || x > 10) {
            throw nodes.error(v, "sweep: target: fractions: " + nodes.scalar(v, "fractions")
                + " is not a fraction of the maximum:"
                + " expected a number above 0, e.g. 0.1 for 10%");
          }
          values.add(nodes.scalar(v, "fractions"));
        }
      } else {
        for (Node v : nodes.list(t, "sweep: target")) {
          double x = nodes.number(v, "sweep: target");
          if (x < 0) {
            throw nodes.error(v, "sweep: target: " + nodes.scalar(v, "target")
                + " is below 0: expected operations per second"
                + " (0 = unthrottled)");
          }
          values.add(nodes.scalar(v, "target"));
        }
      }
      out.add(new Plan.Dimension("target", values, ofMaximum, PlanNodes.line(sweep.get("target").getKeyNode())));
    }
    return out;
  }

  private List<Plan.Command> commands(Map<String, NodeTuple> top, String key) throws PlanException {
    List<Plan.Command> out = new ArrayList<>();
    if (top.containsKey(key)) {
      for (Node n : nodes.scalarOrList(top.get(key).getValueNode(), key)) {
        out.add(new Plan.Command(nodes.scalar(n, key), PlanNodes.line(n)));
      }
    }
    return out;
  }

  private List<Plan.Fault> faults(Map<String, NodeTuple> top) throws PlanException {
    List<Plan.Fault> out = new ArrayList<>();
    if (!top.containsKey("faults")) {
      return out;
    }
    for (Node n : nodes.list(top.get("faults").getValueNode(), "faults")) {
      if (!(n instanceof MappingNode)) {
        throw nodes.error(n, "faults: expected entries such as '- {at: 60s, run: \"kill -STOP $PID\"}'");
      }
      Map<String, NodeTuple> f = nodes.keys((MappingNode) n, List.of("at", "run"), "faults: ");
      if (!f.containsKey("at") || !f.containsKey("run")) {
        throw nodes.error(n, "faults: each entry needs at: (an offset such as 60s) and run: (a shell command)");
      }
      Node run = f.get("run").getValueNode();
      out.add(new Plan.Fault(nodes.millis(f.get("at").getValueNode(), "faults: at"),
          new Plan.Command(nodes.scalar(run, "run"),
          PlanNodes.line(run))));
    }
    return out;
  }

  private String workloadFile(Node n) throws PlanException {
    String given = nodes.scalar(n, "workloads");
    Path p = Path.of(given);
    if (Files.isRegularFile(p)) {
      return p.toString();
    }
    // then beside the plan and above it: the example plans in experiments/ name workloads/... of the checkout
    for (Path dir = file.toAbsolutePath().getParent(); dir != null && !p.isAbsolute(); dir = dir.getParent()) {
      if (Files.isRegularFile(dir.resolve(given))) {
        return dir.resolve(given).toString();
      }
    }
    throw nodes.error(n, "workloads: no workload file '" + given
        + "' (looked in the current folder, beside the plan and"
        + " in the folders above it)");
  }
}
