package site.ycsb.db.redis;

import java.util.List;
import site.ycsb.props.PropertyCatalog;
import site.ycsb.props.PropertyDef;

/**
 * The properties of the Redis binding: every value {@link site.ycsb.db.RedisClient} reads, on
 * its blocking side (Jedis) and its asynchronous side (Lettuce), is declared here once, with its
 * default and a one-line meaning.
 */
public final class RedisProperties implements PropertyCatalog {

  public static final PropertyDef HOST = PropertyDef.string("redis.host", "localhost",
      "host of the Redis server (the master when replicas are given; a seed node with redis.cluster=true)");

  public static final PropertyDef PORT = PropertyDef.integer("redis.port", 6379, 1, 65535,
      "port of the Redis server");

  public static final PropertyDef USER = PropertyDef.string("redis.user", null,
      "ACL user name (Redis 6+); unset = the default user");

  public static final PropertyDef PASSWORD = PropertyDef.secret("redis.password",
      "password (AUTH / ACL); unset = no authentication");

  public static final PropertyDef TIMEOUT = PropertyDef.integer("redis.timeout", 10_000, 0, Integer.MAX_VALUE,
      "socket read timeout in ms; an operation that waits longer returns TIMEOUT (far above Redis latencies,"
          + " so it does not cap them); 0 waits without limit, which spares a poll() before every read");

  public static final PropertyDef CONNECT_TIMEOUT = PropertyDef.integer("redis.connecttimeout", 2_000, 1,
      Integer.MAX_VALUE, "TCP connect timeout in ms, at start and on every reconnect; the asynchronous side's"
          + " connection handshake waits at least this long, whatever redis.timeout");

  public static final PropertyDef SSL = PropertyDef.bool("redis.ssl", false,
      "connect with TLS; the certificate is checked against the JVM's trust store and its name against redis.host");

  public static final PropertyDef DATABASE = PropertyDef.integer("redis.database", 0, 0, Integer.MAX_VALUE,
      "database number (SELECT); must be 0 with redis.cluster=true");

  public static final PropertyDef REPLICAS = PropertyDef.string("redis.replicas", null,
      "replicas to read from, host:port[,host:port...]; reads go to them, writes to redis.host;"
          + " worker i reads from replica i mod n");

  public static final PropertyDef SLAVES = PropertyDef.string("redis.slaves", null,
      "old name of redis.replicas (used when redis.replicas is not set)");

  public static final PropertyDef CLUSTER = PropertyDef.bool("redis.cluster", false,
      "Redis Cluster: redis.host:redis.port is a seed node, keys are routed by slot; scans return NOT_IMPLEMENTED");

  public static final PropertyDef SENTINELS = PropertyDef.string("redis.sentinels", null,
      "Redis Sentinel: host:port[,host:port...] of the sentinels that name the primary of redis.master (used instead"
          + " of redis.host/redis.port); the workers follow a failover to the new primary");

  public static final PropertyDef MASTER = PropertyDef.string("redis.master", "mymaster",
      "with redis.sentinels: the master name the sentinels monitor (sentinel monitor NAME ...)");

  public static final PropertyDef WAIT = PropertyDef.integer("redis.wait", 0, 0, Integer.MAX_VALUE,
      "replicas each insert, update and delete waits for (WAIT n redis.wait.timeout after it); fewer acknowledgements"
          + " = NOT_REPLICATED; acknowledged in the replicas' memory, not fsynced; 0 = off");

  public static final PropertyDef WAIT_TIMEOUT = PropertyDef.integer("redis.wait.timeout", 1_000, 0, Integer.MAX_VALUE,
      "with redis.wait: ms WAIT waits for the replicas' acknowledgements (0 = no limit); must be below redis.timeout");

  public static final PropertyDef CONNECTIONS = PropertyDef.integer("redis.connections", 1, 1, 10_000,
      "asynchronous side only: connections each worker opens (to the server, and as many to its replica); the"
          + " worker sends each command on the one with the fewest in flight. When -threads N runs as sessions"
          + " (threadmode=auto), a worker's sessions share them, their commands pipelined");

  public static final PropertyDef CONNECTION_PER_SESSION = PropertyDef.bool("redis.connectionpersession", false,
      "when -threads N runs as sessions (threadmode=auto): true = a connection per session, one command in flight"
          + " on each, as N Jedis threads open; false = a worker's sessions share its redis.connections connections,"
          + " as an application's threads share a Lettuce connection. Not with redis.connections");

  public static final PropertyDef EVENT_LOOP = PropertyDef.choice("redis.eventloop", "worker",
      "asynchronous side only: worker = each worker sends and reads its replies on its own thread (one event loop"
          + " per worker, as redis-benchmark); shared = Lettuce's I/O threads (one per core) do it for all workers."
          + " A cluster always uses shared", "worker", "shared");

  public static final PropertyDef WATCH = PropertyDef.bool("redis.watch", true,
      "transactions (the closed-economy workload; blocking path, not with redis.cluster=true): true = each read"
          + " WATCHes its key and the writes commit in MULTI/EXEC only if no read key changed meanwhile, else"
          + " ABORTED; false = the same reads and MULTI/EXEC without WATCH: atomic writes, no isolation (lost updates)");

  /** The sorted set that orders keys for scans (members = record keys, all with score 0). */
  public static final String INDEX_KEY = "_ycsb_index";

  @Override
  public String module() {
    return "redis";
  }

  @Override
  public String bindingClass() {
    return "site.ycsb.db.RedisClient";
  }

  @Override
  public List<PropertyDef> properties() {
    return List.of(HOST, PORT, USER, PASSWORD, TIMEOUT, CONNECT_TIMEOUT, SSL, DATABASE, REPLICAS, SLAVES, CLUSTER,
        SENTINELS, MASTER, WAIT, WAIT_TIMEOUT, CONNECTIONS, CONNECTION_PER_SESSION,
        EVENT_LOOP, WATCH);
  }
}
