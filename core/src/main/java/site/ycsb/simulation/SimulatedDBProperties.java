package site.ycsb.simulation;

import java.util.List;
import site.ycsb.props.PropertyCatalog;
import site.ycsb.props.PropertyDef;

/** The {@code simulated} binding ({@link SimulatedDB}): a database model answering in virtual time. */
public final class SimulatedDBProperties implements PropertyCatalog {
  public static final PropertyDef SERVICE_TIME = PropertyDef.string("simulated.servicetime", "1ms",
      "simulated: mean service time of a call (e.g. 250us, 1ms, 0.5s)");
  public static final PropertyDef SERVICE_DISTRIBUTION = PropertyDef.choice("simulated.servicedistribution",
      "constant", "simulated: how service times are drawn around the mean: constant, exponential, or uniform"
          + " (from 0 to twice the mean)", "constant", "exponential", "uniform");
  public static final PropertyDef SERVERS = PropertyDef.integer("simulated.servers", 0, 0, 1_000_000,
      "simulated: calls served at once, the rest queue in arrival order; 0 = every call at once (no queue)");
  public static final PropertyDef PAUSE = PropertyDef.string("simulated.pause", "",
      "simulated: FROM-TO, a stall of the whole database from FROM to TO after the phase started"
          + " (e.g. 2s-3s): no call is served meanwhile, the work resumes at TO");
  public static final PropertyDef FAILURE_RATE = PropertyDef.decimal("simulated.failurerate", 0.0, 0, 1,
      "simulated: the share of calls that fail (Status ERROR) after their service time, 0 to 1");
  public static final PropertyDef SEED = PropertyDef.longValue("simulated.seed", 1L, Long.MIN_VALUE, Long.MAX_VALUE,
      "simulated: seed of the service times and failures drawn (each worker its own stream from it)");

  @Override
  public String module() {
    return "simulated";
  }

  @Override
  public String bindingClass() {
    return "site.ycsb.simulation.SimulatedDB";
  }

  @Override
  public List<PropertyDef> properties() {
    return List.of(SERVICE_TIME, SERVICE_DISTRIBUTION, SERVERS, PAUSE, FAILURE_RATE, SEED);
  }
}
