package site.ycsb.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A throw-away {@code redis-server} (Debian package {@code redis-server}) on a free loopback port:
 * no persistence, in the foreground, its files in a temporary directory.
 *
 * <pre>
 * try (RedisServer master = RedisServer.start();
 *      RedisServer replica = RedisServer.builder().replicaOf(master).start()) {
 *   replica.awaitReplicationLink(Duration.ofSeconds(20));
 *   ... master.host(), master.port() ...
 * }
 * </pre>
 */
public final class RedisServer implements AutoCloseable {
  /** The address every test server binds. */
  public static final String HOST = "127.0.0.1";

  private static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(30);
  private static final int PORT_ATTEMPTS = 3;

  private final Builder spec;
  private final int port;
  private ServerProcess process;

  private RedisServer(Builder spec, int port, ServerProcess process) {
    this.spec = spec;
    this.port = port;
    this.process = process;
  }

  /** @return a default server, started and accepting commands */
  public static RedisServer start() {
    return builder().start();
  }

  /** @return a builder for a server with options (replica, cluster mode, extra arguments) */
  public static Builder builder() {
    return new Builder();
  }

  /** @return {@value #HOST} */
  public String host() {
    return HOST;
  }

  /** @return the port the server listens on (the same after {@link #restart()}) */
  public int port() {
    return port;
  }

  /** @return {@code 127.0.0.1:port} */
  public String address() {
    return HOST + ":" + port;
  }

  /** @return the running process, e.g. for {@link ServerProcess#dumpLog} */
  public synchronized ServerProcess process() {
    return process;
  }

  /** Stops the server (SIGTERM, then SIGKILL) and deletes its files. */
  public synchronized void stop() {
    process.stop();
  }

  /** Kills the server at once (SIGKILL), as a crash would. */
  public synchronized void kill() {
    process.kill();
  }

  /**
   * Starts the server again on the same port with the same options, after {@link #stop()} or
   * {@link #kill()} (stops it first if it still runs). Its data are gone: nothing is persisted.
   */
  public synchronized void restart() {
    process.stop();
    process = launch(spec, port);
    awaitReady(process);
  }

  @Override
  public synchronized void close() {
    process.stop();
  }

  /**
   * Runs {@code redis-cli -h 127.0.0.1 -p PORT args...} against this server.
   *
   * @param args the command and its arguments, e.g. {@code "INFO", "commandstats"}
   * @return what redis-cli printed (stdout and stderr)
   * @throws IllegalStateException when redis-cli exits with an error or takes over a minute
   */
  public String cli(String... args) {
    List<String> cmd = new ArrayList<>(List.of(binary("redis-cli").toString(), "-h", HOST, "-p", Integer.toString(port)));
    cmd.addAll(Arrays.asList(args));
    return run(cmd, Duration.ofMinutes(1));
  }

  /**
   * Loads records of a workload into this server with the Redis binding, in this JVM, and checks
   * every one was inserted.
   *
   * @param workload a workload file's name in {@code workloads/}, e.g. {@code "workloada"}
   * @param records the record count
   * @param threads the load's threads
   */
  public void load(String workload, int records, int threads) {
    WorkloadChecks.assertLoaded(YcsbRun.execute("load", "redis", "-P", YcsbRun.workload(workload).toString(),
        "-p", "redis.host=" + host(), "-p", "redis.port=" + port, "-p", "recordcount=" + records,
        "-threads", Integer.toString(threads)), records);
  }

  /**
   * Reads an INFO section (e.g. {@code replication}, {@code stats}, {@code commandstats}).
   *
   * @param section the section name
   * @return field name to value, in the server's order
   */
  public Map<String, String> info(String section) {
    Map<String, String> fields = new LinkedHashMap<>();
    for (String line : cli("INFO", section).split("\r?\n")) {
      int colon = line.indexOf(':');
      if (colon > 0 && !line.startsWith("#")) {
        fields.put(line.substring(0, colon), line.substring(colon + 1).trim());
      }
    }
    return fields;
  }

  /**
   * How often the server ran one command, from {@code INFO commandstats}.
   *
   * @param command the command in lower case, e.g. {@code hgetall}
   * @return the call count, 0 when never called
   */
  public long commandCalls(String command) {
    String stat = info("commandstats").get("cmdstat_" + command.toLowerCase(java.util.Locale.ROOT));
    if (stat == null) {
      return 0;
    }
    for (String part : stat.split(",")) {
      if (part.startsWith("calls=")) {
        return Long.parseLong(part.substring("calls=".length()));
      }
    }
    return 0;
  }

  /**
   * For a replica: waits until its link to the master is up and the first sync is done.
   *
   * @param timeout how long to wait at most
   */
  public void awaitReplicationLink(Duration timeout) {
    process().awaitCondition(address() + " replication link up",
        () -> "up".equals(info("replication").get("master_link_status")), timeout);
  }

  /**
   * Finds a Redis program in PATH, /usr/bin or /usr/sbin.
   *
   * @param program {@code redis-server}, {@code redis-cli} or {@code redis-benchmark}
   * @return its path
   * @throws IllegalStateException naming the Debian package to install when it is missing
   */
  public static Path binary(String program) {
    List<String> dirs = new ArrayList<>();
    String path = System.getenv("PATH");
    if (path != null) {
      dirs.addAll(Arrays.asList(path.split(java.io.File.pathSeparator)));
    }
    dirs.add("/usr/bin");
    dirs.add("/usr/sbin");
    for (String dir : dirs) {
      if (dir.isEmpty()) {
        continue;
      }
      Path candidate = Paths.get(dir, program);
      if (Files.isExecutable(candidate)) {
        return candidate;
      }
    }
    String pkg = "redis-server".equals(program) ? "redis-server" : "redis-tools";
    throw new IllegalStateException(program + " not found in PATH, /usr/bin or /usr/sbin: install the Debian package "
        + pkg + " (apt-get install -y redis-server redis-tools)");
  }

  static String run(List<String> cmd, Duration timeout) {
    try {
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
      p.getOutputStream().close();
      byte[] out = p.getInputStream().readAllBytes();
      if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        p.destroyForcibly();
        throw new IllegalStateException("timed out: " + String.join(" ", cmd));
      }
      String text = new String(out, StandardCharsets.UTF_8);
      if (p.exitValue() != 0) {
        throw new IllegalStateException("exit code " + p.exitValue() + " from " + String.join(" ", cmd) + ":\n" + text);
      }
      return text;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot run " + String.join(" ", cmd), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted: " + String.join(" ", cmd), e);
    }
  }

  private static ServerProcess launch(Builder spec, int port) {
    List<String> cmd = new ArrayList<>(List.of(binary("redis-server").toString(),
        "--port", Integer.toString(port), "--bind", HOST, "--save", "", "--appendonly", "no",
        "--daemonize", "no"));
    if (spec.replicaOf != null) {
      int colon = spec.replicaOf.lastIndexOf(':');
      cmd.addAll(List.of("--replicaof", spec.replicaOf.substring(0, colon), spec.replicaOf.substring(colon + 1)));
    }
    cmd.addAll(spec.extraArgs);
    return ServerProcess.builder("redis-" + port, cmd).start();
  }

  private static void awaitReady(ServerProcess p) {
    p.awaitLogLine("Ready to accept connections", STARTUP_TIMEOUT);
  }

  /** Options of a server before it starts. */
  public static final class Builder {
    private final List<String> extraArgs = new ArrayList<>();
    private String replicaOf;
    private int port;
    private boolean cluster;

    private Builder() {
    }

    /**
     * @param master the server to replicate ({@code --replicaof})
     * @return this builder
     */
    public Builder replicaOf(RedisServer master) {
      this.replicaOf = master.address();
      return this;
    }

    /**
     * Cluster mode: {@code --cluster-enabled yes --cluster-config-file nodes.conf} (in the server's
     * temporary directory). Join nodes into a cluster with {@link RedisCluster}.
     *
     * @return this builder
     */
    public Builder clusterEnabled() {
      cluster = true;
      return args("--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf");
    }

    /**
     * @param args more redis-server options, e.g. {@code "--requirepass", "secret"}
     * @return this builder
     */
    public Builder args(String... args) {
      extraArgs.addAll(Arrays.asList(args));
      return this;
    }

    /**
     * @param fixedPort a port to use instead of a free one
     * @return this builder
     */
    public Builder port(int fixedPort) {
      this.port = fixedPort;
      return this;
    }

    /**
     * Starts the server and waits until it accepts commands. A free port taken by someone else
     * between the look-up and the bind is retried with another port.
     *
     * @return the running server
     */
    public RedisServer start() {
      for (int attempt = 1; ; attempt++) {
        // a cluster node also listens on its bus port, port + 10000
        int p = port != 0 ? port : cluster ? FreePort.findWithOffset(10000) : FreePort.find();
        ServerProcess proc = launch(this, p);
        try {
          awaitReady(proc);
          return new RedisServer(this, p, proc);
        } catch (IllegalStateException e) {
          String log = String.join("\n", proc.logTail(50));
          boolean portTaken = log.contains("Address already in use") || log.contains("Could not create server TCP");
          proc.stop();
          if (!portTaken || port != 0 || attempt >= PORT_ATTEMPTS) {
            throw e;
          }
        }
      }
    }
  }
}
