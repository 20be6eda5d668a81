package site.ycsb.tools.experiment;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One run of an experiment: a workload, one value of every swept dimension, one repetition, and
 * the folder its results go to ({@code <experiment>/<workload>/<combination>/<repetition>/}).
 *
 * @param number its place in the experiment's fixed order, from 1
 * @param workloadFile the workload file
 * @param workload the workload's name (its folder)
 * @param combination swept property to value, in the plan's order; a target swept as fractions of
 *     the maximum is given here as the fraction, {@link #targetFraction} says so
 * @param combinationName the combination's folder name
 * @param repetition from 1; 0 for the unthrottled run that finds the maximum
 * @param folder where its results go, relative to the experiment folder
 * @param targetFraction the fraction of the maximum this run's target is, or 0
 * @param maximumKey the combination whose maximum this run's target depends on, or null
 */
public record PlannedRun(int number, String workloadFile, String workload, Map<String, String> combination,
                         String combinationName, int repetition, Path folder, double targetFraction,
                         String maximumKey) {

  /** @return whether this is the unthrottled run that finds a combination's maximum */
  public boolean findsMaximum() {
    return repetition == 0;
  }

  /** @return the runs of the plan, in the order they run */
  static List<PlannedRun> of(Plan plan) {
    List<PlannedRun> out = new ArrayList<>();
    List<Map<String, String>> combinations = combinations(plan.dimensions(), 0);
    Plan.Dimension ofMax = plan.targetOfMaximum();
    if (plan.search() != null) {
      // the search runs its candidates itself; the plan only fixes the unthrottled run that bounds them
      for (String wl : plan.workloads()) {
        String workload = Path.of(wl).getFileName().toString().replaceFirst("\\.[^.]*$", "");
        for (Map<String, String> c : combinations) {
          String cname = name(c) + "_maximum";
          out.add(new PlannedRun(out.size() + 1, wl, workload, c, cname, 0, Path.of(workload, cname), 0,
              workload + "/" + cname));
        }
      }
      return out;
    }
    for (String wl : plan.workloads()) {
      String workload = Path.of(wl).getFileName().toString().replaceFirst("\\.[^.]*$", "");
      List<String> maximaFound = new ArrayList<>();
      for (Map<String, String> c : combinations) {
        String maxKey = null;
        double fraction = 0;
        if (ofMax != null) {
          Map<String, String> others = new LinkedHashMap<>(c);
          fraction = Double.parseDouble(others.remove("target"));
          maxKey = workload + "/" + name(others) + "_maximum";
          if (!maximaFound.contains(maxKey)) {
            // an unthrottled run first: the targets of this combination are fractions of what it reached
            maximaFound.add(maxKey);
            out.add(new PlannedRun(out.size() + 1, wl, workload, others, name(others) + "_maximum", 0,
                Path.of(workload, name(others) + "_maximum"), 0, maxKey));
          }
        }
        String cname = name(c);
        for (int r = 1; r <= plan.repetitions(); r++) {
          out.add(new PlannedRun(out.size() + 1, wl, workload, c, cname, r, Path.of(workload, cname,
              Integer.toString(r)), fraction, maxKey));
        }
      }
    }
    return out;
  }

  private static List<Map<String, String>> combinations(List<Plan.Dimension> dims, int from) {
    List<Map<String, String>> out = new ArrayList<>();
    if (from == dims.size()) {
      out.add(new LinkedHashMap<>());
      return out;
    }
    Plan.Dimension d = dims.get(from);
    for (String v : d.values()) {
      for (Map<String, String> rest : combinations(dims, from + 1)) {
        Map<String, String> c = new LinkedHashMap<>();
        c.put(d.property(), v);
        c.putAll(rest);
        out.add(c);
      }
    }
    return out;
  }

  /** @return the folder name of a combination: {@code threads-4_target-1000}, or {@code default} */
  static String name(Map<String, String> combination) {
    if (combination.isEmpty()) {
      return "default";
    }
    StringBuilder b = new StringBuilder();
    for (Map.Entry<String, String> e : combination.entrySet()) {
      if (b.length() > 0) {
        b.append('_');
      }
      b.append(shown(e.getKey()).replaceAll("[^A-Za-z0-9.-]", "-")).append('-')
          .append(e.getValue().replaceAll("[^A-Za-z0-9.-]", "-"));
    }
    return b.toString();
  }

  /** @return swept values as people read them: {@code threads=4 fieldlength=100} */
  static String describe(Map<String, String> combination) {
    StringBuilder b = new StringBuilder();
    combination.forEach((k, v) -> b.append(b.length() == 0 ? "" : " ").append(shown(k)).append('=').append(v));
    return b.toString();
  }

  /** @return the name a swept property is shown with: {@code threads} for the thread count */
  private static String shown(String property) {
    return "threadcount".equals(property) ? "threads" : property;
  }

  /** @return the combination as the index and the table show it: {@code threads=4 target=1000} */
  public String describe() {
    StringBuilder b = new StringBuilder(describe(combination));
    if (targetFraction > 0) {
      b.append("x maximum");
    }
    if (findsMaximum()) {
      b.append(b.length() > 0 ? " " : "").append("target=unthrottled (finds the maximum)");
    }
    return b.length() == 0 ? "default" : b.toString();
  }
}
