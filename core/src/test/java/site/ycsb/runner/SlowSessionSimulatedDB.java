package site.ycsb.runner;

import java.util.concurrent.TimeUnit;
import site.ycsb.BindingContext;
import site.ycsb.DBException;
import site.ycsb.simulation.SimulatedDB;

/**
 * The simulated database whose sessions take time of the phase's virtual clock to open and to
 * close: {@code session.connectms} in init, {@code session.disconnectms} in cleanup (0 by default).
 */
public class SlowSessionSimulatedDB extends SimulatedDB {
  private WorkerContext context;

  @Override
  public void init(BindingContext c) throws DBException {
    super.init(c);
    context = (WorkerContext) c;
    pause("session.connectms");
  }

  @Override
  public void cleanup() throws DBException {
    pause("session.disconnectms");
  }

  private void pause(String property) throws DBException {
    long millis = Long.parseLong(getProperties().getProperty(property, "0"));
    try {
      context.clock().sleep(TimeUnit.MILLISECONDS.toNanos(millis));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DBException("interrupted during " + property);
    }
  }
}
