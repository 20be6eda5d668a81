package site.ycsb.db.cassandra;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.auth.AuthenticationException;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.config.DriverExecutionProfile;
import com.datastax.oss.driver.api.core.config.ProgrammaticDriverConfigLoaderBuilder;
import com.datastax.oss.driver.api.core.context.DriverContext;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.session.ProgrammaticArguments;
import com.datastax.oss.driver.internal.core.context.DefaultDriverContext;
import com.datastax.oss.driver.internal.core.context.NettyOptions;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;
import site.ycsb.BindingContext;
import site.ycsb.DBException;

/**
 * Opens driver sessions. A {@link CqlSession} is thread-safe and multiplexes requests over a few
 * connections, so by default every binding instance of a phase uses one session per distinct
 * connection setting, shared through the binding context and closed by the engine when the phase
 * ends.
 */
public final class CassandraSessions {
  private CassandraSessions() {
  }

  /**
   * What identifies a session: where it connects, as whom, its timeouts, and its pool and paging
   * settings (null where the driver's default applies).
   */
  public record Settings(List<InetSocketAddress> contactPoints, String localDc, String username, String password,
                  int requestTimeoutMillis, int connectTimeoutMillis, Integer connectionsPerHost,
                  Integer maxRequestsPerConnection, Integer pageSize) {
    @Override
    public String toString() {
      // never the password: settings appear in messages
      return "hosts=" + hostList() + " localdc=" + localDc + (username == null ? "" : " user=" + username);
    }

    String hostList() {
      StringBuilder b = new StringBuilder();
      for (InetSocketAddress a : contactPoints) {
        if (b.length() > 0) {
          b.append(',');
        }
        b.append(a.getHostString()).append(':').append(a.getPort());
      }
      return b.toString();
    }
  }

  /**
   * Opens a session.
   *
   * @param settings where and how to connect
   * @param context where a lost node (and its return) is told once
   * @return a connected session
   * @throws DBException when no node can be reached, the credentials are refused or the local data
   *     center has no node
   */
  public static CqlSession open(Settings settings, BindingContext context) throws DBException {
    return open(settings, context, null);
  }

  /**
   * Opens a session whose connections live on a worker's own loop (null: the driver's loops).
   *
   * @see #open(Settings, BindingContext)
   */
  static CqlSession open(Settings settings, BindingContext context, WorkerLoop loop) throws DBException {
    Duration connect = Duration.ofMillis(settings.connectTimeoutMillis());
    ProgrammaticDriverConfigLoaderBuilder config = DriverConfigLoader.programmaticBuilder()
        .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofMillis(settings.requestTimeoutMillis()))
        .withDuration(DefaultDriverOption.CONNECTION_CONNECT_TIMEOUT, connect)
        // the driver's defaults (500 ms) are short for a loaded test machine or a busy server
        .withDuration(DefaultDriverOption.CONNECTION_INIT_QUERY_TIMEOUT, connect)
        .withDuration(DefaultDriverOption.CONTROL_CONNECTION_TIMEOUT, connect)
        // a node that comes back is tried again within a second (the driver's default waits up to
        // 60 s between tries, so a restarted node would sit unused for most of a run)
        .withDuration(DefaultDriverOption.RECONNECTION_BASE_DELAY, Duration.ofMillis(100))
        .withDuration(DefaultDriverOption.RECONNECTION_MAX_DELAY, Duration.ofSeconds(1))
        // closing a session would otherwise wait 2 s for its idle event loops, in every cleanup
        .withInt(DefaultDriverOption.NETTY_IO_SHUTDOWN_QUIET_PERIOD, 0)
        .withInt(DefaultDriverOption.NETTY_ADMIN_SHUTDOWN_QUIET_PERIOD, 0);
    if (settings.connectionsPerHost() != null) {
      config.withInt(DefaultDriverOption.CONNECTION_POOL_LOCAL_SIZE, settings.connectionsPerHost());
    }
    if (settings.maxRequestsPerConnection() != null) {
      int max = settings.maxRequestsPerConnection();
      config.withInt(DefaultDriverOption.CONNECTION_MAX_REQUESTS, max);
      // orphaned ids (requests given up on) must stay below the limit before a connection is
      // recycled: the driver's ratio (256 of 1024), which it would otherwise fall back to with a warning
      config.withInt(DefaultDriverOption.CONNECTION_MAX_ORPHAN_REQUESTS, Math.min(256, max / 4));
    }
    if (settings.pageSize() != null) {
      config.withInt(DefaultDriverOption.REQUEST_PAGE_SIZE, settings.pageSize());
    }
    CqlSessionBuilder builder = (loop == null ? CqlSession.builder() : onLoop(loop))
        .addContactPoints(settings.contactPoints())
        .withLocalDatacenter(settings.localDc())
        .withConfigLoader(config.build())
        .addNodeStateListener(new CassandraServerWatch(context));
    if (settings.username() != null) {
      builder.withAuthCredentials(settings.username(), settings.password() == null ? "" : settings.password());
    }
    CqlSession session;
    try {
      session = builder.build();
    } catch (AllNodesFailedException e) {
      throw new DBException(connectFailure(settings, e));
    } catch (RuntimeException e) {
      throw new DBException("cannot connect to Cassandra at hosts=" + settings.hostList() + ": "
          + CassandraFailures.firstLine(e));
    }
    checkLocalDc(settings, session);
    return session;
  }

  /** A builder whose sessions' connections live on the worker's loop. */
  private static CqlSessionBuilder onLoop(WorkerLoop loop) {
    return new CqlSessionBuilder() {
      @Override
      protected DriverContext buildContext(DriverConfigLoader configLoader, ProgrammaticArguments arguments) {
        return new DefaultDriverContext(configLoader, arguments) {
          @Override
          protected NettyOptions buildNettyOptions() {
            return new WorkerNettyOptions(this, loop);
          }
        };
      }
    };
  }

  private static String connectFailure(Settings settings, AllNodesFailedException e) {
    for (List<Throwable> errors : e.getAllErrors().values()) {
      for (Throwable t : errors) {
        if (t instanceof AuthenticationException && settings.username() == null) {
          return "Cassandra at hosts=" + settings.hostList() + " requires a login: set cassandra.username and"
              + " cassandra.password";
        }
        if (t instanceof AuthenticationException) {
          return "Cassandra at hosts=" + settings.hostList() + " refused the credentials of cassandra.username="
              + settings.username() + ": " + CassandraFailures.firstLine(t);
        }
      }
    }
    Throwable first = null;
    for (List<Throwable> errors : e.getAllErrors().values()) {
      if (!errors.isEmpty()) {
        first = errors.get(0);
        break;
      }
    }
    String why = first == null ? CassandraFailures.firstLine(e) : CassandraFailures.firstLine(first);
    return "cannot connect to Cassandra at hosts=" + settings.hostList() + " (properties hosts/port): " + why;
  }

  /** Without a node in the local data center the driver would fail every request; say so now. */
  private static void checkLocalDc(Settings settings, CqlSession session) throws DBException {
    TreeSet<String> dcs = new TreeSet<>();
    for (Node node : session.getMetadata().getNodes().values()) {
      if (node.getDatacenter() != null) {
        dcs.add(node.getDatacenter());
      }
      if (Objects.equals(node.getDatacenter(), settings.localDc())) {
        return;
      }
    }
    session.close();
    throw new DBException("cassandra.localdc=" + settings.localDc() + " names no data center of the cluster at hosts="
        + settings.hostList() + "; its data centers are " + dcs);
  }

  /**
   * The driver sends at most {@code max-requests-per-connection} requests at once over each of a
   * node's {@code pool.local.size} connections and fails a request that finds them all taken
   * (it does not queue it). Says so before the run when the phase can have more outstanding.
   *
   * @param session the session the phase's requests go through
   * @param localDc the data center requests go to
   * @param outstanding how many requests may be outstanding on this session at once
   * @return one line for the user, or null when the connections take that many
   */
  public static String requestLimitWarning(CqlSession session, String localDc, long outstanding) {
    DriverExecutionProfile config = session.getContext().getConfig().getDefaultProfile();
    int perConnection = config.getInt(DefaultDriverOption.CONNECTION_MAX_REQUESTS);
    int connections = config.getInt(DefaultDriverOption.CONNECTION_POOL_LOCAL_SIZE);
    int nodes = 0;
    for (Node node : session.getMetadata().getNodes().values()) {
      if (Objects.equals(node.getDatacenter(), localDc)) {
        nodes++;
      }
    }
    long capacity = (long) nodes * connections * perConnection;
    if (outstanding <= capacity) {
      return null;
    }
    return "cassandra: up to " + outstanding + " requests may be in flight at once (-threads x -inflight), but the "
        + nodes + " node(s) of " + localDc + " take " + capacity + " (" + connections + " connection(s) per node,"
        + " cassandra.connectionsperhost, x " + perConnection + " requests per connection,"
        + " cassandra.maxrequestsperconnection); the driver fails the others at once with SERVICE_UNAVAILABLE";
  }
}
