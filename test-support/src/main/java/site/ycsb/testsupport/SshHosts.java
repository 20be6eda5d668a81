package site.ycsb.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Several "hosts" reachable over real SSH on this machine: one OpenSSH server ({@code sshd},
 * Debian's openssh-server) per host on its own loopback port, with host keys and a client key the
 * tests make, and an {@code ssh_config} that names them {@code host0}, {@code host1}... so that
 * {@code ssh -F config host1} reaches the second as a remote host would be reached. Logins are
 * the current user's, by key only.
 */
public final class SshHosts implements AutoCloseable {
  private static final Path SSHD = Path.of("/usr/sbin/sshd");
  private static final Path SFTP_SERVER = Path.of("/usr/lib/openssh/sftp-server");

  private final Path dir;
  private final Path config;
  private final List<ServerProcess> servers;

  private SshHosts(Path dir, Path config, List<ServerProcess> servers) {
    this.dir = dir;
    this.config = config;
    this.servers = servers;
  }

  /**
   * Starts {@code n} SSH servers.
   *
   * @param n how many hosts
   * @return the running hosts
   */
  public static SshHosts start(int n) {
    return start(n, new Duration[0]);
  }

  /**
   * Starts {@code n} SSH servers on which the benchmark client is slow to launch: a command that
   * runs {@code bin/ycsb} on host i begins {@code launchDelays[i]} late (as on a host that is busy,
   * far away or still pulling its image), every other command at once.
   *
   * @param n how many hosts
   * @param launchDelays the delay of each host's client launch; missing ones are zero
   * @return the running hosts
   */
  public static SshHosts start(int n, Duration... launchDelays) {
    if (!Files.isExecutable(SSHD)) {
      throw new IllegalStateException(SSHD + " is missing: install Debian's openssh-server package"
          + " (apt-get install -y openssh-server); the project's test script installs it");
    }
    try {
      Path dir = Files.createTempDirectory("ycsb-ssh-");
      // sshd refuses to start without its privilege separation folder
      Files.createDirectories(Path.of("/run/sshd"));
      keygen(dir.resolve("client_key"));
      Files.copy(dir.resolve("client_key.pub"), dir.resolve("authorized_keys"));
      String user = System.getProperty("user.name");
      StringBuilder clientConfig = new StringBuilder();
      List<ServerProcess> servers = new ArrayList<>();
      int[] ports = FreePort.findDistinct(n);
      for (int i = 0; i < n; i++) {
        Path host = Files.createDirectories(dir.resolve("host" + i));
        keygen(host.resolve("host_key"));
        Path sshdConfig = host.resolve("sshd_config");
        Path login = host.resolve("login.sh");
        long delay = i < launchDelays.length ? launchDelays[i].toMillis() : 0;
        // every command passes through this script; sftp (scp) is handed to the real server
        Files.writeString(login, String.join("\n",
            "#!/bin/sh",
            "case \"$SSH_ORIGINAL_COMMAND\" in",
            "  internal-sftp|sftp) exec " + SFTP_SERVER + " ;;",
            "  *bin/ycsb*) sleep " + delay / 1000.0 + " ;;",
            "esac",
            // the clients compile as the test JVM does (its -XX options, e.g. the quick compiler only)
            "export JAVA_OPTS='" + compilerOptions() + "'",
            "exec /bin/sh -c \"$SSH_ORIGINAL_COMMAND\"",
            ""), StandardCharsets.UTF_8);
        login.toFile().setExecutable(true);
        Files.writeString(sshdConfig, String.join("\n",
            "Port " + ports[i],
            "ListenAddress 127.0.0.1",
            "HostKey " + host.resolve("host_key"),
            "PidFile " + host.resolve("sshd.pid"),
            "AuthorizedKeysFile " + dir.resolve("authorized_keys"),
            "PubkeyAuthentication yes",
            "PasswordAuthentication no",
            "KbdInteractiveAuthentication no",
            "PermitRootLogin prohibit-password",
            "StrictModes no",
            "UsePAM no",
            "Subsystem sftp internal-sftp",
            "ForceCommand " + login,
            ""), StandardCharsets.UTF_8);
        int port = ports[i];
        servers.add(ServerProcess.builder("sshd-host" + i, List.of(SSHD.toString(), "-D", "-e", "-f",
            sshdConfig.toString())).workingDir(host).startReady(p -> p.awaitPort("127.0.0.1", port,
            Duration.ofSeconds(20))));
        clientConfig.append("Host host").append(i).append('\n')
            .append("  HostName 127.0.0.1\n")
            .append("  Port ").append(ports[i]).append('\n')
            .append("  User ").append(user).append('\n')
            .append("  IdentityFile ").append(dir.resolve("client_key")).append('\n')
            .append("  IdentitiesOnly yes\n")
            .append("  StrictHostKeyChecking no\n")
            .append("  UserKnownHostsFile /dev/null\n")
            .append("  LogLevel ERROR\n");
      }
      Path config = dir.resolve("ssh_config");
      Files.writeString(config, clientConfig.toString(), StandardCharsets.UTF_8);
      return new SshHosts(dir, config, servers);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void keygen(Path key) throws IOException {
    Process p = new ProcessBuilder("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", key.toString())
        .redirectErrorStream(true).start();
    try {
      if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
        throw new IOException("ssh-keygen failed: " + new String(p.getInputStream().readAllBytes(),
            StandardCharsets.UTF_8));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
  }

  /** @return the client configuration naming the hosts ({@code ssh -F file hostN}) */
  public Path config() {
    return config;
  }

  /** @return the names of the hosts, host0 first */
  public List<String> names() {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < servers.size(); i++) {
      out.add("host" + i);
    }
    return out;
  }

  /** @return a folder for the tests' own files (each host's remote folder, say), removed at close */
  public Path dir() {
    return dir;
  }

  @Override
  public void close() {
    for (ServerProcess s : servers) {
      s.stop();
    }
    ServerDirs.deleteTree(dir);
  }

  /** @return the -XX options this JVM was started with, for the JVMs the hosts start */
  private static String compilerOptions() {
    return ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
        .filter(a -> a.startsWith("-XX:") && !a.contains("'")).collect(Collectors.joining(" "));
  }
}
