package site.ycsb.tools.experiment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import site.ycsb.props.FileProblems;
import site.ycsb.props.PropertyCatalog;
import site.ycsb.props.PropertyException;
import site.ycsb.props.WorkloadFileText;

/**
 * The properties of one load or run of a plan, checked before anything runs. A bad value is named
 * where the user wrote it, since that is where it is corrected: the plan line of its {@code sweep:}
 * or {@code properties:} entry, or its workload file; only a value the experiment made itself is
 * named by the load or run it belongs to.
 */
final class PhasePropertiesCheck {
  private final Plan plan;
  /** Each workload file read once, however many runs use it. */
  private final Map<String, Properties> workloadFiles = new HashMap<>();

  PhasePropertiesCheck(Plan plan) {
    this.plan = plan;
  }

  /**
   * @param r the run
   * @param args the load's or run's command line (load|run BINDING -P FILE -p name=value ...)
   * @throws PlanException naming where the bad value was given
   */
  void check(PlannedRun r, List<String> args) throws PlanException {
    Properties fromFile = workloadFile(r.workloadFile());
    Properties p = new Properties();
    p.putAll(fromFile);
    for (int i = 0; i + 1 < args.size(); i++) {
      if ("-p".equals(args.get(i))) {
        String[] kv = args.get(i + 1).split("=", 2);
        p.setProperty(kv[0], kv[1]);
      }
    }
    try {
      PropertyCatalog.validateDeclared(p);
    } catch (PropertyException e) {
      throw new PlanException(where(r, args.get(0), e.property(), fromFile) + e.getMessage());
    }
  }

  private String where(PlannedRun r, String phase, String property, Properties fromFile) {
    if (property != null) {
      // the plan's values win over the workload file's, a swept value over the plan's properties
      for (Plan.Dimension d : plan.dimensions()) {
        if (d.property().equals(property) && r.combination().containsKey(property)) {
          return plan.file() + " line " + d.line() + ": sweep: ";
        }
      }
      Integer line = plan.propertyLines().get(property);
      if (line != null) {
        return plan.file() + " line " + line + ": properties: ";
      }
      if (fromFile.containsKey(property)) {
        return "workload file " + r.workloadFile() + ": ";
      }
    }
    String which = r.workload() + (r.describe().isEmpty() ? "" : " " + r.describe());
    return ("load".equals(phase) ? "the load of " + which : "run " + r.number() + " (" + which + ")") + ": ";
  }

  private Properties workloadFile(String file) throws PlanException {
    Properties p = workloadFiles.get(file);
    if (p == null) {
      String text;
      try {
        text = WorkloadFileText.decode(Files.readAllBytes(Path.of(file)));
      } catch (IOException e) {
        throw new PlanException("workload file " + file + " cannot be read: " + FileProblems.reason(e));
      } catch (IllegalArgumentException e) {
        throw new PlanException("workload file " + file + " " + e.getMessage() + "; expected name=value lines");
      }
      p = new Properties();
      try {
        WorkloadFileText.load(text, p);
      } catch (IllegalArgumentException e) {
        throw new PlanException("workload file " + file + " cannot be read: " + e.getMessage());
      }
      workloadFiles.put(file, p);
    }
    return p;
  }
}
