package site.ycsb.db;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.Statement;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.BiConsumer;
import site.ycsb.testsupport.BareDriverLoop;

/**
 * The floor of the Cassandra binding's asynchronous path (see {@link BareDriverLoop}): the Java
 * driver alone sending the requests the binding sends for workload A. Used by
 * {@code cassandra/bench/cpu-vs-bare-driver.sh}.
 *
 * <p>Same requests as the binding with its defaults: the session is configured as
 * {@code CassandraSessions.open} configures it; half the operations are
 * {@code SELECT * FROM ks.usertable WHERE y_id = ?} (workload A reads all fields), half
 * {@code UPDATE ks.usertable SET fieldN = ? WHERE y_id = ?} of one of the 10 fields with a
 * 100-byte value, all prepared, at consistency ONE (serial SERIAL), sent with
 * {@code executeAsync}. Keys are uniform over the keys the load wrote, read with
 * {@code SELECT y_id} before the run. The answer of a read is taken as far as its row
 * ({@code one()}); copying the values out is the binding's work, not the driver's.
 *
 * <p>Arguments: host port datacenter keyspace, then {@link BareDriverLoop#COMMON_USAGE}.
 */
public final class BareCassandraLoop extends BareDriverLoop {
  private static final String TABLE = "usertable";
  private static final ConsistencyLevel LEVEL = DefaultConsistencyLevel.ONE;
  private static final ConsistencyLevel SERIAL = DefaultConsistencyLevel.SERIAL;

  private final CqlSession session;
  private final String[] keys;
  private final PreparedStatement read;
  private final PreparedStatement[] updates = new PreparedStatement[FIELDS];

  /** Every read's answer: the row must be there. */
  private final BiConsumer<AsyncResultSet, Throwable> readDone = (result, failure) -> {
    Row row = failure == null ? result.one() : null;
    done(failure, row == null && failure == null ? "a read found no row" : null);
  };
  /** Every update's answer. */
  private final BiConsumer<AsyncResultSet, Throwable> updateDone = (result, failure) -> done(failure, null);

  private BareCassandraLoop(Settings settings, CqlSession session, String table) {
    super(settings);
    this.session = session;
    this.keys = keys(session, table, settings.records());
    read = session.prepare("SELECT * FROM " + table + " WHERE y_id = ?");
    for (int i = 0; i < FIELDS; i++) {
      updates[i] = session.prepare("UPDATE " + table + " SET field" + i + " = ? WHERE y_id = ?");
    }
  }

  public static void main(String[] args) throws InterruptedException {
    Settings settings = Settings.parse("BareCassandraLoop", "host port datacenter keyspace", args, 4);
    InetSocketAddress address = new InetSocketAddress(args[0], Integer.parseInt(args[1]));
    try (CqlSession session = open(address, args[2])) {
      String table = CqlIdentifier.fromCql(args[3]).asCql(true) + "." + CqlIdentifier.fromCql(TABLE).asCql(true);
      new BareCassandraLoop(settings, session, table).run();
    }
  }

  /** As {@code CassandraSessions.open} builds the binding's session with the binding's default properties. */
  private static CqlSession open(InetSocketAddress address, String datacenter) {
    Duration connect = Duration.ofMillis(5_000);
    return CqlSession.builder()
        .addContactPoint(address)
        .withLocalDatacenter(datacenter)
        .withConfigLoader(DriverConfigLoader.programmaticBuilder()
            .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofMillis(60_000))
            .withDuration(DefaultDriverOption.CONNECTION_CONNECT_TIMEOUT, connect)
            .withDuration(DefaultDriverOption.CONNECTION_INIT_QUERY_TIMEOUT, connect)
            .withDuration(DefaultDriverOption.CONTROL_CONNECTION_TIMEOUT, connect)
            .withDuration(DefaultDriverOption.RECONNECTION_BASE_DELAY, Duration.ofMillis(100))
            .withDuration(DefaultDriverOption.RECONNECTION_MAX_DELAY, Duration.ofSeconds(1))
            .withInt(DefaultDriverOption.NETTY_IO_SHUTDOWN_QUIET_PERIOD, 0)
            .withInt(DefaultDriverOption.NETTY_ADMIN_SHUTDOWN_QUIET_PERIOD, 0)
            .build())
        .build();
  }

  /** The keys the load wrote; fewer than {@code records} is said on stderr, none is an error. */
  private static String[] keys(CqlSession session, String table, int records) {
    List<String> keys = new ArrayList<>(records);
    for (Row r : session.execute("SELECT y_id FROM " + table)) {
      keys.add(r.getString(0));
    }
    if (keys.isEmpty()) {
      throw new IllegalStateException(table + " has no records: load them first");
    }
    if (keys.size() != records) {
      System.err.println("BareCassandraLoop: " + table + " holds " + keys.size() + " records, not " + records);
    }
    return keys.toArray(new String[0]);
  }

  @Override
  protected void send(ThreadLocalRandom random) {
    String key = keys[random.nextInt(keys.length)];
    // built as the binding builds its requests: bound, then the levels set on each
    if (random.nextBoolean()) {
      Statement<?> s = read.boundStatementBuilder().setString(0, key)
          .setConsistencyLevel(LEVEL).setSerialConsistencyLevel(SERIAL).build();
      session.executeAsync(s).whenComplete(readDone);
    } else {
      Statement<?> s = updates[random.nextInt(FIELDS)].boundStatementBuilder()
          .setBytesUnsafe(0, ByteBuffer.wrap(value(random)))
          .setString(1, key)
          .setConsistencyLevel(LEVEL).setSerialConsistencyLevel(SERIAL).build();
      session.executeAsync(s).whenComplete(updateDone);
    }
  }
}
