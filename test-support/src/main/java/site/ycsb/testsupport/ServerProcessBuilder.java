package site.ycsb.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Describes a {@link ServerProcess} before it starts: its command line, environment, working
 * directory and how long a stop waits before it kills. Made by {@link ServerProcess#builder} or
 * {@link ServerProcess#javaProcess}.
 */
public final class ServerProcessBuilder {
  final String name;
  final List<String> command;
  final Map<String, String> env = new LinkedHashMap<>();
  Path workingDir;
  Duration stopGrace = Duration.ofSeconds(10);

  ServerProcessBuilder(String name, List<String> command) {
    if (command.isEmpty()) {
      throw new IllegalArgumentException("empty command for " + name);
    }
    this.name = name;
    this.command = new ArrayList<>(command);
  }

  /**
   * @param dir the working directory; by default the process's own temporary directory
   * @return this builder
   */
  public ServerProcessBuilder workingDir(Path dir) {
    this.workingDir = dir;
    return this;
  }

  /**
   * @param key an environment variable added to (or replacing one of) the test JVM's
   * @param value its value
   * @return this builder
   */
  public ServerProcessBuilder env(String key, String value) {
    env.put(key, value);
    return this;
  }

  /**
   * @param grace how long {@link ServerProcess#stop()} waits after SIGTERM before SIGKILL
   * @return this builder
   */
  public ServerProcessBuilder stopGrace(Duration grace) {
    this.stopGrace = grace;
    return this;
  }

  /**
   * Starts the process. It is running, not necessarily ready: follow with one of the waits.
   *
   * @return the running process
   * @throws UncheckedIOException when the program cannot be started
   */
  public ServerProcess start() {
    try {
      return new ServerProcess(this);
    } catch (IOException e) {
      throw new UncheckedIOException(e.getMessage(), e);
    }
  }

  /**
   * Starts the process and waits until it is ready; when it is not, prints its log, stops it
   * and throws.
   *
   * @param readiness the waits that tell it is ready, e.g. {@code p -> p.awaitPort(host, port, t)}
   * @return the ready process
   */
  public ServerProcess startReady(Consumer<ServerProcess> readiness) {
    ServerProcess p = start();
    try {
      readiness.accept(p);
      return p;
    } catch (RuntimeException e) {
      p.dumpLog(System.err);
      p.stop();
      throw e;
    }
  }
}
