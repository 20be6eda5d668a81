package site.ycsb.tools.scaleout;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import site.ycsb.startbarrier.StartBarriers;

/**
 * One client of a fan-out on one host, driven through the system's OpenSSH ({@code ssh} and
 * {@code scp} with the user's own keys, {@code ~/.ssh/config} or the file given): makes sure the
 * host has the release package (by checksum), runs the phase there streaming its lines prefixed
 * with the host's name, and copies its results folder back.
 */
final class RemoteClient {
  private final String host;
  private final int clientId;
  private final List<String> sshOptions;
  /** The client's folder on the host: the package is unpacked in it and results are written under it. */
  private final String remoteDir;

  RemoteClient(String host, int clientId, Path sshConfig, String remoteDir) {
    this.host = host;
    this.clientId = clientId;
    this.remoteDir = remoteDir;
    List<String> o = new ArrayList<>(List.of("-o", "BatchMode=yes", "-o", "ConnectTimeout=10"));
    if (sshConfig != null) {
      o.add(0, sshConfig.toString());
      o.add(0, "-F");
    }
    this.sshOptions = o;
  }

  String host() {
    return host;
  }

  int clientId() {
    return clientId;
  }

  String remoteDir() {
    return remoteDir;
  }

  /**
   * Copies and unpacks the package unless the host has this very package already.
   *
   * @param tarball the release package
   * @param sha256 its checksum
   * @param topFolder the folder the package unpacks into, e.g. {@code ycsb-1.0.0}
   * @throws FanOutException naming the host and what failed
   */
  void install(Path tarball, String sha256, String topFolder) throws FanOutException {
    Result have = ssh("mkdir -p " + q(remoteDir) + " && cat " + q(remoteDir + "/package.sha256") + " 2>/dev/null"
        + " && test -x " + q(remoteDir + "/" + topFolder + "/bin/ycsb") + " || true");
    if (have.exit != 0) {
      throw new FanOutException("host " + host + ": cannot connect with ssh: " + have.lastLine());
    }
    if (have.out.trim().startsWith(sha256)) {
      return;
    }
    Result copy = run(scp(tarball.toString(), host + ":" + remoteDir + "/package.tar.gz"));
    if (copy.exit != 0) {
      throw new FanOutException("host " + host + ": cannot copy the package: " + copy.lastLine());
    }
    Result unpack = ssh("cd " + q(remoteDir) + " && rm -rf " + q(topFolder) + " && tar -xzf package.tar.gz"
        + " && rm package.tar.gz && echo " + sha256 + " > package.sha256");
    if (unpack.exit != 0) {
      throw new FanOutException("host " + host + ": cannot unpack the package: " + unpack.lastLine());
    }
  }

  /** Copies a local file (a workload file) to the client's folder; @return its path on the host */
  String upload(Path file, String name) throws FanOutException {
    String remote = remoteDir + "/" + name;
    Result r = run(scp(file.toString(), host + ":" + remote));
    if (r.exit != 0) {
      throw new FanOutException("host " + host + ": cannot copy " + file + ": " + r.lastLine());
    }
    return remote;
  }

  /**
   * A phase running on the host: the ssh process, the thread that relays its messages and the
   * pipe to its standard input, where the start barrier's decision is written.
   */
  record Running(Process process, Thread messages) {
    /** @return the phase's exit code (ssh's own, 255, when the connection failed) */
    int await() throws InterruptedException {
      int code = process.waitFor();
      messages.join(5000);
      return code;
    }

    /** Tells the client the start barrier's decision, one line, and closes its input. */
    void tell(String line) {
      try (java.io.OutputStream in = process.getOutputStream()) {
        in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
      } catch (IOException e) {
        // the client has gone; its exit code says why
      }
    }

    /** Ends a client that did not end by itself in time: closing ssh closes its session on the host. */
    void endWithin(long millis) throws InterruptedException {
      if (!process.waitFor(millis, TimeUnit.MILLISECONDS)) {
        process.destroy();
        if (!process.waitFor(5, TimeUnit.SECONDS)) {
          process.destroyForcibly();
        }
      }
      // its last messages say why it ended
      messages.join(5000);
    }
  }

  /**
   * Runs {@code bin/ycsb} with these arguments in the unpacked package. Its messages (status
   * lines, warnings) are relayed line by line with the host's name in front, except its start
   * barrier lines, which go to {@code barrier}; its summary goes to {@code summary}.
   */
  Running start(String topFolder, List<String> ycsbArgs, Path summary, PrintStream err,
                java.util.function.Consumer<String> barrier) throws IOException {
    StringBuilder cmd = new StringBuilder("cd " + q(remoteDir + "/" + topFolder) + " && exec bin/ycsb");
    for (String a : ycsbArgs) {
      cmd.append(' ').append(q(a));
    }
    List<String> full = new ArrayList<>();
    full.add("ssh");
    full.addAll(sshOptions);
    full.add(host);
    full.add(cmd.toString());
    Process p = new ProcessBuilder(full).redirectOutput(summary.toFile()).start();
    return new Running(p, pump(p.getErrorStream(), err, "[" + host + "] ", barrier));
  }

  /** Copies the client's results folder back; @throws FanOutException when it cannot be copied */
  void collect(String remoteResults, Path local) throws FanOutException {
    Result r = run(scp("-r", host + ":" + remoteResults, local.toString()));
    if (r.exit != 0) {
      throw new FanOutException("host " + host + ": cannot copy its results back: " + r.lastLine());
    }
  }

  private List<String> scp(String... args) {
    List<String> cmd = new ArrayList<>();
    cmd.add("scp");
    cmd.add("-q");
    cmd.addAll(sshOptions);
    cmd.addAll(List.of(args));
    return cmd;
  }

  private Result ssh(String command) {
    List<String> cmd = new ArrayList<>();
    cmd.add("ssh");
    cmd.addAll(sshOptions);
    cmd.add(host);
    cmd.add(command);
    return run(cmd);
  }

  private record Result(int exit, String out, String err) {
    String lastLine() {
      String all = (err.isBlank() ? out : err).trim();
      int nl = all.lastIndexOf('\n');
      return all.isEmpty() ? "exit code " + exit : all.substring(nl + 1);
    }
  }

  private static Result run(List<String> cmd) {
    try {
      Process p = new ProcessBuilder(cmd).start();
      p.getOutputStream().close();
      StringBuilder out = new StringBuilder();
      StringBuilder err = new StringBuilder();
      Thread o = drain(p.getInputStream(), out);
      Thread e = drain(p.getErrorStream(), err);
      if (!p.waitFor(10, TimeUnit.MINUTES)) {
        p.destroyForcibly();
      }
      o.join();
      e.join();
      return new Result(p.isAlive() ? -1 : p.exitValue(), out.toString(), err.toString());
    } catch (IOException e) {
      return new Result(-1, "", cmd.get(0) + " cannot be started: " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Result(-1, "", "interrupted");
    }
  }

  private static Thread drain(InputStream in, StringBuilder into) {
    Thread t = new Thread(() -> {
      try {
        String s = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        synchronized (into) {
          into.append(s);
        }
      } catch (IOException e) {
        // the process ended
      }
    });
    t.setDaemon(true);
    t.start();
    return t;
  }

  private static Thread pump(InputStream in, PrintStream to, String prefix,
                             java.util.function.Consumer<String> barrier) {
    Thread t = new Thread(() -> {
      try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
        String line;
        while ((line = r.readLine()) != null) {
          if (line.startsWith(StartBarriers.STDIO_LINE_PREFIX)) {
            barrier.accept(line.substring(StartBarriers.STDIO_LINE_PREFIX.length()));
            continue;
          }
          synchronized (to) {
            to.println(prefix + line);
          }
        }
      } catch (IOException e) {
        // the connection ended
      }
    }, "ycsb-fanout-" + prefix.trim());
    t.setDaemon(true);
    t.start();
    return t;
  }

  /** @return the argument quoted for the remote shell */
  static String q(String s) {
    return "'" + s.replace("'", "'\\''") + "'";
  }
}
