package site.ycsb.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Properties;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;
import site.ycsb.props.CoreProperties;
import site.ycsb.props.PropertyDef;

/**
 * The workload of a phase: made from its class name and initialized with the phase's properties,
 * and the counts its init set. A workload may size the phase in its init (upstream's
 * ConstantOccupancyWorkload sets the record, insert and operation counts from a disk size); the
 * phase then runs the counts it set, and says so.
 */
final class PhaseWorkload {
  private PhaseWorkload() {
  }

  /** The properties that size a phase, which a workload may set in its init. */
  private static final List<PropertyDef> PHASE_COUNTS = List.of(CoreProperties.RECORD_COUNT,
      CoreProperties.OPERATION_COUNT, CoreProperties.INSERT_START, CoreProperties.INSERT_COUNT);

  /** @return the values of the counts, as given (null when not set) */
  static List<String> phaseCounts(Properties props) {
    List<String> values = new ArrayList<>();
    for (PropertyDef p : PHASE_COUNTS) {
      values.add(p.given(props));
    }
    return values;
  }

  /** @return e.g. "recordcount=50 (was 1000), insertcount=50 (was not set)" */
  static String countChanges(List<String> before, List<String> after) {
    List<String> changes = new ArrayList<>();
    for (int i = 0; i < PHASE_COUNTS.size(); i++) {
      if (!Objects.equals(before.get(i), after.get(i))) {
        changes.add(PHASE_COUNTS.get(i).name() + "=" + after.get(i) + " (was "
            + (before.get(i) == null ? "not set" : before.get(i)) + ")");
      }
    }
    return String.join(", ", changes);
  }

  /**
   * @param className the workload's class
   * @param props the phase's properties, which its init reads (and may change)
   * @return the workload, initialized
   * @throws UsageException when it cannot be made or refuses its properties
   */
  static Workload newWorkload(String className, Properties props) throws UsageException {
    Workload w;
    try {
      w = Class.forName(className).asSubclass(Workload.class).getDeclaredConstructor().newInstance();
    } catch (ClassNotFoundException | ClassCastException e) {
      throw new UsageException("workload class '" + className + "' not found: expected a class extending "
          + "site.ycsb.Workload, e.g. site.ycsb.workloads.CoreWorkload");
    } catch (ReflectiveOperationException e) {
      throw new UsageException("cannot create workload " + className + ": " + e);
    }
    try {
      w.init(props);
    } catch (WorkloadException e) {
      throw new UsageException("workload " + className + ": " + e.getMessage());
    }
    return w;
  }

  /**
   * The seed the phase runs with, given or chosen ({@code seed}): set in the properties, so
   * properties.txt holds it too, and numbering this client's operations.
   */
  static site.ycsb.runner.OperationSeeds seeds(Properties props, boolean load) {
    long seed = site.ycsb.props.CoreProperties.SEED.isSet(props) ? site.ycsb.props.CoreProperties.SEED.getLong(props)
        : site.ycsb.runner.OperationSeeds.fresh();
    props.setProperty(site.ycsb.props.CoreProperties.SEED.name(), Long.toString(seed));
    return new site.ycsb.runner.OperationSeeds(seed, load, site.ycsb.props.CoreProperties.CLIENT_ID.getInt(props));
  }

  /** As {@link #newWorkload}, its {@code init} drawing from the seed's set-up stream, so it is the same every time. */
  static Workload newSeededWorkload(String className, Properties props, site.ycsb.runner.OperationSeeds seeds)
      throws UsageException {
    seeds.seedSetUpOnThisThread();
    try {
      return newWorkload(className, props);
    } finally {
      site.ycsb.generator.OperationRandom.removeFromThisThread();
    }
  }
}
