package site.ycsb.testsupport;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A primary, one replica of it and three Redis Sentinels watching them, on free loopback ports:
 * a failover a test can cause ({@link #killPrimary()}, or {@link #failover()} as an operator
 * would) and wait for ({@link #awaitFailover}).
 * The sentinels run {@code redis-sentinel} (Debian package {@code redis-sentinel}), or
 * {@code redis-server --sentinel} where only the server is installed, each with a configuration
 * file of its own (Sentinel rewrites it as it learns the topology). They declare the primary down
 * after two seconds without an answer and need two of the three to agree, so a failover takes
 * three to four seconds. (After one second, a primary that a busy host stalled for that long while
 * it sent a restarted replica its first copy was failed over on its own.)
 *
 * <pre>
 * try (RedisSentinels s = RedisSentinels.start()) {
 *   ... -p redis.sentinels=s.sentinelsProperty() -p redis.master=s.masterName() ...
 *   s.killPrimary();
 *   s.awaitFailover(Duration.ofSeconds(30)); // s.primary() is now the former replica
 *   s.restoreReplica();                      // the former primary, back as its replica
 * }
 * </pre>
 */
public final class RedisSentinels implements AutoCloseable {
  /** The master name the sentinels monitor. */
  public static final String MASTER_NAME = "mymaster";
  private static final Duration READY_TIMEOUT = Duration.ofSeconds(60);
  private static final int SENTINELS = 3;
  private static final int QUORUM = 2;
  private static final int DOWN_AFTER_MILLIS = 2000;

  private final List<Sentinel> sentinels;
  private RedisServer primary;
  private RedisServer replica;
  /** Whether {@link #replica} is the primary before a failover: killed, or still up but to be demoted. */
  private boolean replicaStale;

  private RedisSentinels(RedisServer primary, RedisServer replica, List<Sentinel> sentinels) {
    this.primary = primary;
    this.replica = replica;
    this.sentinels = sentinels;
  }

  /**
   * Starts the primary, its replica and the three sentinels, and waits until every sentinel sees
   * the replica and the two other sentinels: from then on a failover can happen.
   *
   * @return the running set
   */
  public static RedisSentinels start() {
    List<AutoCloseable> started = new ArrayList<>();
    try {
      RedisServer primary = server().start();
      started.add(primary);
      RedisServer replica = server().replicaOf(primary).start();
      started.add(replica);
      replica.awaitReplicationLink(READY_TIMEOUT);
      List<Sentinel> sentinels = new ArrayList<>();
      for (int i = 0; i < SENTINELS; i++) {
        Sentinel s = Sentinel.start(primary);
        started.add(s);
        sentinels.add(s);
      }
      RedisSentinels set = new RedisSentinels(primary, replica, sentinels);
      set.awaitSettled();
      return set;
    } catch (RuntimeException e) {
      for (int i = started.size() - 1; i >= 0; i--) {
        closeQuietly(started.get(i));
      }
      throw e;
    }
  }

  /** @return {@code 127.0.0.1:port,127.0.0.1:port,127.0.0.1:port}, the value of {@code redis.sentinels} */
  public String sentinelsProperty() {
    return sentinels.stream().map(s -> RedisServer.HOST + ":" + s.port).collect(Collectors.joining(","));
  }

  /** @return {@value #MASTER_NAME}, the value of {@code redis.master} */
  public String masterName() {
    return MASTER_NAME;
  }

  /** @return the server the sentinels name as the primary (the former replica after a failover) */
  public synchronized RedisServer primary() {
    return primary;
  }

  /** @return the replica; after a failover, the killed former primary until {@link #restoreReplica()} */
  public synchronized RedisServer replica() {
    return replica;
  }

  /** Kills the primary at once (SIGKILL), as a crash would; the sentinels then promote the replica. */
  public synchronized void killPrimary() {
    primary.kill();
  }

  /**
   * Asks a sentinel for a failover ({@code SENTINEL FAILOVER}), as an operator would: the replica
   * is promoted at once, and the primary stays up, still accepting writes, until Sentinel demotes
   * it some seconds later.
   */
  public void failover() {
    String reply = sentinels.get(0).cli("SENTINEL", "FAILOVER", MASTER_NAME).trim();
    if (!reply.equals("OK")) {
      throw new IllegalStateException("SENTINEL FAILOVER " + MASTER_NAME + " answered " + reply);
    }
  }

  /**
   * Waits until every sentinel names the replica as the primary and the replica says it is one.
   * Then {@link #primary()} is the former replica and {@link #replica()} the former primary
   * (killed, or not yet demoted).
   *
   * @param timeout how long to wait at most
   * @throws IllegalStateException when the failover does not happen in time
   */
  public void awaitFailover(Duration timeout) {
    RedisServer promoted = replica();
    promoted.process().awaitCondition("the sentinels promote " + promoted.address(), () -> {
      for (Sentinel s : sentinels) {
        if (!promoted.address().equals(s.primaryAddress())) {
          return false;
        }
      }
      return "master".equals(promoted.info("replication").get("role"));
    }, timeout);
    synchronized (this) {
      replica = primary;
      primary = promoted;
      replicaStale = true;
    }
  }

  /**
   * Makes sure a failover can happen again. After a failover the former primary is started again
   * on its port, as a replica of the new primary (killed first when it still runs: Sentinel would
   * demote it only about ten seconds later); then (always) this waits until every sentinel names
   * the same primary and counts the other server as its healthy replica, which a replica that a
   * test froze for a while is not at once. Should the sentinels have failed over once more on
   * their own meanwhile (a primary a busy host stalled), {@link #primary()} and {@link #replica()}
   * follow what they name.
   */
  public synchronized void restoreReplica() {
    if (replicaStale) {
      boolean wasUp = replica.process().isAlive();
      replica.kill();
      RedisServer restarted = server().port(replica.port()).replicaOf(primary).start();
      replica = restarted;
      replicaStale = false;
      restarted.awaitReplicationLink(READY_TIMEOUT);
      if (wasUp) {
        // the sentinels read it as a primary just after the failover and would read it again only
        // ten seconds later (a crashed one they had not read): they start over with the topology as it is
        sentinels.forEach(Sentinel::reset);
      }
    }
    awaitSettled();
  }

  /**
   * Every sentinel names one of the two servers as the primary, with no failover under way, and
   * counts the other as its healthy replica.
   */
  private void awaitSettled() {
    RedisServer a = primary;
    RedisServer b = replica;
    a.process().awaitCondition("every sentinel naming " + a.address() + " or " + b.address()
        + " as the primary at rest and counting the other and " + (SENTINELS - 1) + " other sentinels", () -> {
          String named = sentinels.get(0).primaryAddress();
          RedisServer p = named.equals(a.address()) ? a : named.equals(b.address()) ? b : null;
          if (p == null) {
            return false;
          }
          RedisServer r = p == a ? b : a;
          for (Sentinel s : sentinels) {
            if (!named.equals(s.primaryAddress()) || !s.seesPrimaryAtRest() || !s.seesHealthy(r)) {
              return false;
            }
          }
          if (!"master".equals(p.info("replication").get("role"))) {
            return false;
          }
          primary = p;
          replica = r;
          return true;
        }, READY_TIMEOUT);
  }

  /**
   * @return a server that sends a replica its first copy at once: by default a primary waits 5 s
   *     for more replicas to share it with ({@code repl-diskless-sync-delay})
   */
  private static RedisServer.Builder server() {
    return RedisServer.builder().args("--repl-diskless-sync-delay", "0");
  }

  /** Stops the sentinels first (so that they start no failover), then the servers. */
  @Override
  public synchronized void close() {
    sentinels.forEach(RedisSentinels::closeQuietly);
    closeQuietly(replica);
    closeQuietly(primary);
  }

  private static void closeQuietly(AutoCloseable c) {
    try {
      c.close();
    } catch (Exception e) {
      // stopping is best effort: the shutdown hook kills what is left
    }
  }

  /** One {@code redis-sentinel} process with its configuration file, in a folder of its own. */
  private static final class Sentinel implements AutoCloseable {
    private final int port;
    private final Path dir;
    private final ServerProcess process;

    private Sentinel(int port, Path dir, ServerProcess process) {
      this.port = port;
      this.dir = dir;
      this.process = process;
    }

    static Sentinel start(RedisServer primary) {
      return ServerDirs.startIn("ycsb-sentinel-", dir -> {
        int port = FreePort.find();
        Path config = dir.resolve("sentinel.conf");
        Files.writeString(config, String.join("\n",
            "port " + port,
            "bind " + RedisServer.HOST,
            "daemonize no",
            "dir " + dir,
            // every address in this set is a loopback IP: announce that one, never resolve names
            "sentinel resolve-hostnames no",
            "sentinel announce-ip " + RedisServer.HOST,
            "sentinel monitor " + MASTER_NAME + " " + primary.host() + " " + primary.port() + " " + QUORUM,
            "sentinel down-after-milliseconds " + MASTER_NAME + " " + DOWN_AFTER_MILLIS,
            "sentinel failover-timeout " + MASTER_NAME + " 5000",
            ""), StandardCharsets.UTF_8);
        ServerProcess p = ServerProcess.builder("sentinel-" + port, command(config)).workingDir(dir)
            .startReady(s -> s.awaitPort(RedisServer.HOST, port, READY_TIMEOUT));
        return new Sentinel(port, dir, p);
      });
    }

    /** {@code redis-sentinel FILE}, or {@code redis-server FILE --sentinel} (the same program) without the package. */
    private static List<String> command(Path config) {
      try {
        return List.of(RedisServer.binary("redis-sentinel").toString(), config.toString());
      } catch (IllegalStateException missing) {
        return List.of(RedisServer.binary("redis-server").toString(), config.toString(), "--sentinel");
      }
    }

    /** Forgets what it knows of the master's replicas and the other sentinels, and finds them anew. */
    void reset() {
      cli("SENTINEL", "RESET", MASTER_NAME);
    }

    /** @return {@code host:port} of the primary this sentinel names now */
    String primaryAddress() {
      String[] reply = cli("SENTINEL", "GET-MASTER-ADDR-BY-NAME", MASTER_NAME).trim().split("\r?\n");
      return reply.length == 2 ? reply[0] + ":" + reply[1] : "";
    }

    /**
     * @return whether it knows the other sentinels and sees the primary up with no failover under
     *     way (its flags just {@code master}: not {@code s_down}, {@code o_down} or
     *     {@code failover_in_progress})
     */
    boolean seesPrimaryAtRest() {
      Map<String, String> f = fields(cli("SENTINEL", "MASTER", MASTER_NAME));
      return Integer.parseInt(f.get("num-other-sentinels")) == SENTINELS - 1 && "master".equals(f.get("flags"));
    }

    /** @return whether the server is listed as a replica that answers and whose link to the primary is up */
    boolean seesHealthy(RedisServer server) {
      String[] lines = cli("SENTINEL", "REPLICAS", MASTER_NAME).split("\r?\n");
      // one block of alternating name and value lines per replica, each starting with "name"
      for (int i = 0; i < lines.length; i++) {
        if (lines[i].equals("name") && i + 1 < lines.length && lines[i + 1].equals(server.address())) {
          int end = i + 2;
          while (end < lines.length && !lines[end].equals("name")) {
            end++;
          }
          Map<String, String> f = fields(lines, i, end);
          return "slave".equals(f.get("flags")) && "ok".equals(f.get("master-link-status"));
        }
      }
      return false;
    }

    private String cli(String... args) {
      List<String> cmd = new ArrayList<>(List.of(RedisServer.binary("redis-cli").toString(), "-h", RedisServer.HOST,
          "-p", Integer.toString(port)));
      cmd.addAll(List.of(args));
      return RedisServer.run(cmd, Duration.ofSeconds(30));
    }

    /** @return the name and value lines of a reply such as SENTINEL MASTER's, as a map */
    private static Map<String, String> fields(String reply) {
      String[] lines = reply.split("\r?\n");
      return fields(lines, 0, lines.length);
    }

    private static Map<String, String> fields(String[] lines, int from, int to) {
      Map<String, String> out = new HashMap<>();
      for (int i = from; i + 1 < to; i += 2) {
        out.put(lines[i], lines[i + 1]);
      }
      return out;
    }

    @Override
    public void close() {
      try {
        process.stop();
      } finally {
        ServerDirs.deleteTree(dir);
      }
    }
  }
}
