package site.ycsb.startbarrier;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import site.ycsb.props.CoreProperties;
import site.ycsb.props.PropertyException;
import site.ycsb.runner.StartGate;

/**
 * The start barrier a client takes part in, from its properties: {@code startbarrier=stdio}
 * (whoever started the process coordinates, as fanout does) or {@code startbarrier=HOST:PORT}
 * (client 0 coordinates over TCP on PORT, as the Kubernetes Job does).
 */
public final class StartBarriers {
  /** What starts a line of the stdio barrier on the client's stderr: the coordinator reads those lines, the user the rest. */
  public static final String STDIO_LINE_PREFIX = "ycsb-barrier: ";
  /** Time a client waits beyond the coordinator's own timeout, so that the coordinator decides first. */
  private static final long CLIENT_SLACK_MILLIS = TimeUnit.SECONDS.toMillis(30);

  private StartBarriers() {
  }

  /**
   * Joins the barrier the properties name; client 0 of a TCP barrier starts serving it now, so
   * the other clients can connect while this one's workers connect.
   *
   * @param p the phase's properties
   * @param err where the coordinator reports clients that were not ready; the stdio barrier's lines
   * @param in the stdio barrier's incoming lines
   * @return the gate, or null when no barrier is asked for
   * @throws PropertyException on a bad value, or when the coordinator's port cannot be bound
   */
  public static StartGate join(Properties p, PrintStream err, InputStream in) {
    String spec = CoreProperties.START_BARRIER.get(p);
    if (spec == null || spec.isBlank()) {
      return null;
    }
    spec = spec.trim();
    if (CoreProperties.START_TIME.isSet(p) && !CoreProperties.START_TIME.get(p).isBlank()) {
      throw new PropertyException("properties starttime and startbarrier are both set: expected one way to start"
          + " together (a fixed instant, or when every client is ready)");
    }
    int clients = CoreProperties.CLIENT_COUNT.getInt(p);
    int id = CoreProperties.CLIENT_ID.getInt(p);
    if (id >= clients) {
      throw PropertyException.invalid("clientid", Integer.toString(id), "a number below clientcount=" + clients);
    }
    long timeoutMillis = Math.round(CoreProperties.START_BARRIER_TIMEOUT.getDouble(p) * 1000);
    if ("stdio".equals(spec)) {
      return new BarrierClient(id, timeoutMillis + CLIENT_SLACK_MILLIS, new StdioChannel(err, in), null);
    }
    int colon = spec.lastIndexOf(':');
    int port = colon > 0 ? parsePort(spec.substring(colon + 1)) : -1;
    if (port < 0) {
      throw PropertyException.invalid("startbarrier", spec,
          "stdio, or HOST:PORT of the coordinator (client 0 serves it), e.g. ycsb-0.ycsb:7070");
    }
    String host = spec.substring(0, colon);
    BarrierServer server = null;
    if (id == 0) {
      StartCoordinator c = new StartCoordinator(clients, timeoutMillis, CoreProperties.START_BARRIER_MARGIN.getLong(p),
          CoreProperties.START_BARRIER_SKIP_UNREADY.getBoolean(p), k -> "client " + k);
      try {
        server = new BarrierServer(port, c, err);
      } catch (IOException e) {
        throw new PropertyException("property startbarrier=" + spec + ": client 0 cannot serve the start barrier on"
            + " port " + port + ": " + e.getMessage() + "; expected a port free on this host");
      }
      host = "127.0.0.1";
    }
    // the figure is the wait this client itself may end with: the coordinator's own, or for the
    // others the coordinator's plus the slack, which is how long they really wait for it
    err.println("NOTE: client " + id + " of " + clients + " starts when all are ready (" + (id == 0
        ? "it serves the start barrier on port " + port + ", waiting at most "
        + BarrierClient.seconds(timeoutMillis) + " for the others: startbarrier.timeout)"
        : "start barrier at " + spec + ", waiting at most " + BarrierClient.seconds(timeoutMillis + CLIENT_SLACK_MILLIS)
        + ": startbarrier.timeout=" + BarrierClient.seconds(timeoutMillis) + " for every client to be ready, plus "
        + BarrierClient.seconds(CLIENT_SLACK_MILLIS) + " for the coordinator's answer)"));
    return new BarrierClient(id, timeoutMillis + CLIENT_SLACK_MILLIS, TcpChannel.to(host, port), server);
  }

  /**
   * @param p the phase's properties
   * @return the port this client will serve the barrier on (client 0 of {@code startbarrier=HOST:PORT}),
   *     or -1 when it serves none; a bad value is left to {@link #join} to refuse
   */
  public static int servedPort(Properties p) {
    String spec = CoreProperties.START_BARRIER.get(p);
    if (spec == null || spec.isBlank() || "stdio".equals(spec.trim())) {
      return -1;
    }
    try {
      if (CoreProperties.CLIENT_ID.getInt(p) != 0) {
        return -1;
      }
    } catch (PropertyException e) {
      return -1;
    }
    int colon = spec.trim().lastIndexOf(':');
    return colon > 0 ? parsePort(spec.trim().substring(colon + 1)) : -1;
  }

  private static int parsePort(String s) {
    try {
      int port = Integer.parseInt(s);
      return port >= 1 && port <= 65535 ? port : -1;
    } catch (NumberFormatException e) {
      return -1;
    }
  }
}
