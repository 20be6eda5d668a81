package site.ycsb.db.redis;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.SslOptions;
import io.lettuce.core.SslVerifyMode;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.cluster.ClusterClientOptions;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.metrics.CommandLatencyRecorder;
import io.lettuce.core.protocol.ProtocolVersion;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;
import io.lettuce.core.resource.Delay;
import io.netty.util.ResourceLeakDetector;
import io.netty.util.internal.logging.InternalLoggerFactory;
import io.netty.util.internal.logging.Slf4JLoggerFactory;
import java.io.FileInputStream;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.security.KeyStore;
import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import redis.clients.jedis.HostAndPort;
import site.ycsb.BindingContext;
import site.ycsb.DBException;

/**
 * A Lettuce client with its resources ({@link ClientResources}). Either shared per process (per
 * phase), with Lettuce's own event loops: one client for a single server and its replicas or for
 * a cluster, opened once through the binding context and closed by the engine after the workers'
 * connections. Or one worker's own ({@link #onWorkerLoop}): its connections on the worker's
 * event loop, closed by the worker.
 *
 * <p>The client options make failures visible the way the blocking side does: a command sent
 * while the connection is down fails at once (no buffering until the server is back), the
 * commands a lost connection had in flight fail at once too ({@link LostConnections}), a command
 * left without an answer for {@code redis.timeout} ms fails with a timeout, and the connection
 * comes back by itself (reconnect delays capped at one second).
 */
public final class LettuceClients implements AutoCloseable {
  private final ClientResources resources;
  private final RedisClient client;
  private final RedisClusterClient cluster;
  private final Settings settings;
  /** The worker's event loop its connections live on, or null: Lettuce's own event loops. */
  private final WorkerEventLoop loop;

  /**
   * The properties that shape connections, read once. A single server's connections take them
   * from the worker's own settings; a cluster client keeps those it was made with (its seed).
   */
  static final class Settings {
    final String user;
    final String password;
    final int database;
    final int timeoutMs;
    final int connectTimeoutMs;
    final boolean ssl;

    Settings(Properties p) {
      user = RedisProperties.USER.get(p);
      password = RedisProperties.PASSWORD.get(p);
      database = RedisProperties.DATABASE.getInt(p);
      timeoutMs = RedisProperties.TIMEOUT.getInt(p);
      connectTimeoutMs = RedisProperties.CONNECT_TIMEOUT.getInt(p);
      ssl = RedisProperties.SSL.getBoolean(p);
    }

    /** @return what makes two clients differ (the password only as set or not) */
    String key() {
      return "ssl=" + ssl + " timeout=" + timeoutMs + " connecttimeout=" + connectTimeoutMs + " user=" + user
          + " password=" + (password == null ? "unset" : "set") + " database=" + database;
    }
  }

  private LettuceClients(ClientResources resources, RedisClient client, RedisClusterClient cluster, Settings settings,
                         WorkerEventLoop loop) {
    this.resources = resources;
    this.loop = loop;
    this.client = client;
    this.cluster = cluster;
    this.settings = settings;
  }

  /**
   * @param settings the connection properties
   * @param clusterSeed a cluster node, or null for a single server (with replicas)
   * @param watch where the primary Sentinel names is, or null without Sentinel
   * @param context where lost connections that come back are reported
   * @return the client, with its own event loops
   * @throws DBException when the TLS key store cannot be read
   */
  static LettuceClients open(Settings settings, InetSocketAddress clusterSeed, RedisServerWatch watch,
                             BindingContext context) throws DBException {
    return open(settings, clusterSeed, watch, null, null, context);
  }

  /**
   * A single server's client whose connections all live on one worker's own event loop.
   *
   * @param settings the connection properties
   * @param watch where the primary Sentinel names is, or null without Sentinel
   * @param loop the worker's event loop
   * @param threads Lettuce's timer and task threads, shared by the process
   * @param context where lost connections that come back are reported
   * @return the worker's client
   * @throws DBException when the TLS key store cannot be read
   */
  static LettuceClients onWorkerLoop(Settings settings, RedisServerWatch watch, WorkerEventLoop loop,
                                     LettuceThreads threads, BindingContext context) throws DBException {
    return open(settings, null, watch, loop, threads, context);
  }

  private static LettuceClients open(Settings settings, InetSocketAddress clusterSeed, RedisServerWatch watch,
                                     WorkerEventLoop loop, LettuceThreads threads, BindingContext context)
      throws DBException {
    if (!(InternalLoggerFactory.getDefaultFactory() instanceof Slf4JLoggerFactory)) {
      // Netty (and Lettuce through it) log through SLF4J as Jedis does, so slf4j-nop keeps them quiet
      // (Netty passes over SLF4J's no-op provider and falls back to java.util.logging, which would
      // print every reconnect attempt); failures are reported once by the binding instead
      InternalLoggerFactory.setDefaultFactory(Slf4JLoggerFactory.INSTANCE);
    }
    SslOptions ssl = settings.ssl ? sslOptions() : null;
    if (System.getProperty("io.netty.leakDetection.level") == null) {
      // Netty's buffer leak tracking records a stack trace for one buffer in 128: about 2% of the
      // client's CPU in a pipelined run, for a check a benchmark does not need (set the property to keep it)
      ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
    }
    DirectReplies direct = new DirectReplies();
    DefaultClientResources.Builder builder = DefaultClientResources.builder()
        .commandLatencyRecorder(CommandLatencyRecorder.disabled())
        .nettyCustomizer(direct)
        .reconnectDelay(Delay.exponential(Duration.ofMillis(1), Duration.ofSeconds(1), 2, TimeUnit.MILLISECONDS));
    if (loop != null) {
      // the worker's loop does the I/O; timers (command timeouts, reconnects) and Lettuce's own
      // tasks run on threads the process shares, not on threads of every worker
      builder.eventLoopGroupProvider(loop).eventExecutorGroup(threads.tasks()).timer(threads.timer());
    }
    ClientResources resources = builder.build();
    try {
      if (clusterSeed == null) {
        // with Sentinel, connections to the primary open where the watch says it is
        RedisClient client = watch == null ? RedisClient.create(resources) : new WatchedRedisClient(resources, watch);
        ClientOptions options = options(ClientOptions.builder(), settings, ssl).build();
        // a cluster's connections keep Lettuce's decoder: its routing reads replies of its own
        direct.use(options, resources);
        client.setOptions(options);
        client.addListener(new LostConnections(context));
        return new LettuceClients(resources, client, null, settings, loop);
      }
      RedisClusterClient cluster = RedisClusterClient.create(resources, uri(settings, clusterSeed));
      cluster.setOptions(((ClusterClientOptions.Builder) options(ClusterClientOptions.builder(), settings, ssl)).build());
      cluster.addListener(new LostConnections(context));
      try {
        cluster.getPartitions(); // the topology, read once through the seed node
      } catch (RuntimeException e) {
        cluster.shutdown(Duration.ZERO, Duration.ofSeconds(1));
        throw RedisFailures.cannotReachCluster(clusterSeed.getHostString() + ":" + clusterSeed.getPort(), e);
      }
      return new LettuceClients(resources, null, cluster, settings, null);
    } catch (DBException | RuntimeException e) {
      resources.shutdown(0, 1, TimeUnit.SECONDS);
      throw e;
    }
  }

  private static ClientOptions.Builder options(ClientOptions.Builder b, Settings s, SslOptions ssl) {
    b.protocolVersion(ProtocolVersion.RESP2) // as Jedis speaks it; the replies are decoded by hand
        .autoReconnect(true)
        .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
        .pingBeforeActivateConnection(true)
        .socketOptions(SocketOptions.builder().connectTimeout(Duration.ofMillis(s.connectTimeoutMs)).tcpNoDelay(true)
            .build())
        .timeoutOptions(s.timeoutMs > 0 ? TimeoutOptions.enabled(Duration.ofMillis(s.timeoutMs))
            : TimeoutOptions.builder().timeoutCommands(false).build());
    if (ssl != null) {
      b.sslOptions(ssl);
    }
    return b;
  }

  /**
   * The JVM's trust store decides which server certificates are trusted (as on the blocking side);
   * a key store given with {@code javax.net.ssl.keyStore} supplies the client certificate, which
   * Netty's TLS would not pick up by itself.
   */
  private static SslOptions sslOptions() throws DBException {
    SslOptions.Builder b = SslOptions.builder().jdkSslProvider();
    String keyStore = System.getProperty("javax.net.ssl.keyStore");
    if (keyStore != null && !keyStore.isEmpty()) {
      String pw = System.getProperty("javax.net.ssl.keyStorePassword", "");
      try (InputStream in = new FileInputStream(keyStore)) {
        KeyStore ks = KeyStore.getInstance(System.getProperty("javax.net.ssl.keyStoreType", KeyStore.getDefaultType()));
        ks.load(in, pw.toCharArray());
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(ks, pw.toCharArray());
        b.keyManager(kmf);
      } catch (Exception e) {
        throw new DBException("cannot read the TLS key store " + keyStore + " (javax.net.ssl.keyStore): " + e.getMessage());
      }
    }
    return b.build();
  }

  /** @return the URI of one server with the connection properties */
  static RedisURI uri(Settings s, InetSocketAddress address) {
    return withSettings(RedisURI.Builder.redis(address.getHostString(), address.getPort()), s).build();
  }

  /**
   * The URI of the primary the sentinels name: a {@link WatchedRedisClient} opens it on the
   * address its {@link RedisServerWatch} holds, at connect and on every reconnect.
   *
   * @return the URI: the connection properties for the primary, the sentinels without any (see {@link Sentinels})
   */
  static RedisURI uri(Settings s, Sentinels sentinels) {
    RedisURI.Builder b = withSettings(RedisURI.builder().withSentinelMasterId(sentinels.masterName()), s);
    // added after withSsl and the library names, which the builder would apply to the sentinels added before them
    for (HostAndPort address : sentinels.addresses()) {
      RedisURI sentinel = RedisURI.create(address.getHost(), address.getPort());
      sentinel.setLibraryName("");
      sentinel.setLibraryVersion("");
      b.withSentinel(sentinel);
    }
    return b.build();
  }

  private static RedisURI.Builder withSettings(RedisURI.Builder b, Settings s) {
    b.withDatabase(s.database)
        .withSsl(s.ssl)
        .withVerifyPeer(SslVerifyMode.FULL)
        // no CLIENT SETINFO: unknown before Redis 7.2, and noise in the server's stats (as on the blocking side)
        .withLibraryName("")
        .withLibraryVersion("")
        // bounds the connection handshake (and asking a sentinel); commands have their own timeout
        // (TimeoutOptions). A handshake is part of connecting: it gets at least redis.connecttimeout, so a
        // short redis.timeout does not make connecting fail on a loaded machine
        .withTimeout(Duration.ofMillis(Math.max(s.connectTimeoutMs, s.timeoutMs > 0 ? s.timeoutMs : 10_000)));
    if (s.password != null) {
      if (s.user != null && !s.user.isEmpty()) {
        b.withAuthentication(s.user, s.password);
      } else {
        b.withPassword(s.password.toCharArray());
      }
    }
    return b;
  }

  /** @return the client for a single server and its replicas, or null in cluster mode */
  RedisClient client() {
    return client;
  }

  /** @return the cluster client, or null */
  RedisClusterClient cluster() {
    return cluster;
  }

  Settings settings() {
    return settings;
  }

  /** @return the worker's event loop the connections live on, or null for Lettuce's own */
  WorkerEventLoop loop() {
    return loop;
  }

  /** Closes the client(s), then the event loops, without the two-second quiet period Netty waits by default. */
  @Override
  public void close() {
    if (loop != null) {
      // the worker's thread runs the loop while the client closes on it, then ends the loop
      try {
        loop.await(client.shutdownAsync(0, 2, TimeUnit.SECONDS), 3_000);
      } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
        // closing is best effort: ending the loop closes whatever is left
      }
      resources.shutdown(0, 0, TimeUnit.SECONDS);
      loop.shutdown();
      return;
    }
    try {
      if (client != null) {
        client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
      }
      if (cluster != null) {
        cluster.shutdown(Duration.ZERO, Duration.ofSeconds(2));
      }
    } finally {
      resources.shutdown(0, 2, TimeUnit.SECONDS).awaitUninterruptibly(3, TimeUnit.SECONDS);
    }
  }
}
