package site.ycsb.tools.experiment;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import site.ycsb.props.Masking;

/**
 * The command line of each load and run an experiment makes: the plan's properties, the run's
 * combination, the length and warm-up the plan gives, the target (a share of the combination's
 * maximum, once it was found), and the run's results folder.
 */
final class PhaseCommandLines {
  private final Plan plan;
  private final Path dir;
  /** The maximum throughput found per combination ({@link PlannedRun#maximumKey()}), 0 before. */
  private final Maxima maxima;

  /** The maximum throughput found per combination. */
  @FunctionalInterface
  interface Maxima {
    /** @return the maximum found for the combination, 0 when none was yet */
    double get(String maximumKey);
  }

  PhaseCommandLines(Plan plan, Path dir, Maxima maxima) {
    this.plan = plan;
    this.dir = dir;
    this.maxima = maxima;
  }

  /** @return the load's arguments, but for its results folder */
  List<String> load(PlannedRun r) {
    List<String> args = new ArrayList<>(List.of("load", plan.binding(), "-P", r.workloadFile()));
    for (Map.Entry<String, String> e : phaseProperties(r, false).entrySet()) {
      args.add("-p");
      args.add(e.getKey() + "=" + e.getValue());
    }
    return args;
  }

  /** @return the properties of the plan and of the run's combination (without threads and target for a load) */
  private Map<String, String> phaseProperties(PlannedRun r, boolean run) {
    Map<String, String> p = new LinkedHashMap<>(plan.properties());
    for (Map.Entry<String, String> e : r.combination().entrySet()) {
      if (!run && ("target".equals(e.getKey()))) {
        continue;
      }
      p.put(e.getKey(), e.getValue());
    }
    return p;
  }

  /** @return the run's arguments: the plan's and combination's properties, its length, target and results folder */
  List<String> run(PlannedRun r) {
    List<String> args = new ArrayList<>(List.of("run", plan.binding(), "-P", r.workloadFile()));
    Map<String, String> p = phaseProperties(r, true);
    if (plan.runtimeSeconds() > 0) {
      p.putIfAbsent("operationcount", "0"); // the run ends by time, not by a workload file's count
      p.put("maxexecutiontime", ExperimentTable.num(plan.runtimeSeconds()).replaceFirst("\\.00$", ""));
    }
    if (plan.warmupMillis() > 0) {
      p.put("warmupexecutiontime", Long.toString(plan.warmupMillis()));
    }
    if (r.findsMaximum()) {
      p.put("target", "0");
    } else if (r.targetFraction() > 0) {
      double max = maxima.get(r.maximumKey());
      p.put("target", Long.toString(Math.max(1, Math.round(r.targetFraction() * max))));
    }
    p.put("timeseries.granularity", Long.toString(plan.granularityMillis()));
    if (plan.search() != null) {
      p.put("slo", plan.search().slo());
    }
    if (!p.containsKey("hdrhistogram.percentiles")) {
      Set<String> ps = new java.util.LinkedHashSet<>(List.of("50", "90", "95", "99", "99.9", "99.99"));
      ps.addAll(plan.percentiles());
      p.put("hdrhistogram.percentiles", String.join(",", ps));
    }
    for (Map.Entry<String, String> e : p.entrySet()) {
      args.add("-p");
      args.add(e.getKey() + "=" + e.getValue());
    }
    args.add("-p");
    args.add("resultsdir=" + dir.resolve(r.folder()));
    return args;
  }

  /** @return the phase's arguments as one line, with secrets masked */
  static String masked(List<String> args) {
    List<String> out = new ArrayList<>();
    for (String a : args) {
      int eq = a.indexOf('=');
      out.add(eq > 0 ? a.substring(0, eq + 1) + Masking.maskIfSecret(a.substring(0, eq), a.substring(eq + 1)) : a);
    }
    return String.join(" ", out);
  }
}
