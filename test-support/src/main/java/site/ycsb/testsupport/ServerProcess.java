package site.ycsb.testsupport;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * A server that a test runs as a child process: started from a command line, with stdout and
 * stderr going to a log file in a temporary directory of its own, stopped with SIGTERM (then
 * SIGKILL after a grace period) by {@link #stop()} or {@link #close()}, which also delete the
 * temporary directory. The last lines of the log are kept in memory after the stop, so a failed
 * test can still print them ({@link #logTail(int)}, {@link #dumpLog(PrintStream)}).
 *
 * <p>Every wait ({@link #awaitPort}, {@link #awaitLogLine}, {@link #awaitCondition}) fails at once
 * when the process exits, and its message carries the end of the log. Processes still running
 * when the JVM exits are killed by a shutdown hook, so an aborted test run leaves no server behind.
 */
public final class ServerProcess implements AutoCloseable {
  private static final long POLL_MILLIS = 50;

  private final String name;
  private final List<String> command;
  private final Path tempDir;
  private final ServerLog log;
  private final Process process;
  private final Instant startedAt;
  private final Duration stopGrace;

  ServerProcess(ServerProcessBuilder b) throws IOException {
    this.name = b.name;
    this.command = List.copyOf(b.command);
    this.stopGrace = b.stopGrace;
    this.tempDir = Files.createTempDirectory("ycsb-" + b.name.replaceAll("[^A-Za-z0-9_.-]", "_") + "-");
    this.log = new ServerLog(tempDir.resolve("server.log"));
    ProcessBuilder pb = new ProcessBuilder(command)
        .directory((b.workingDir != null ? b.workingDir : tempDir).toFile())
        .redirectErrorStream(true)
        .redirectOutput(log.file().toFile())
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    pb.environment().putAll(b.env);
    Process started;
    try {
      started = pb.start();
    } catch (IOException e) {
      ServerDirs.deleteTree(tempDir);
      throw new IOException("cannot start " + name + " (" + String.join(" ", command) + "): " + e.getMessage(), e);
    }
    this.process = started;
    this.startedAt = Instant.now();
    StartedServers.started(this);
  }

  /**
   * Starts describing a server process.
   *
   * @param name a short name for messages and the temporary directory, e.g. {@code redis-6390}
   * @param command the program and its arguments
   * @return a builder; call {@link ServerProcessBuilder#start()} to run it
   */
  public static ServerProcessBuilder builder(String name, List<String> command) {
    return new ServerProcessBuilder(name, command);
  }

  /**
   * Starts describing a server that is a Java program, run with the JVM running the tests.
   *
   * @param mainClass the fully qualified main class
   * @param classpath the class path, entries separated by {@link File#pathSeparator}; see
   *     {@link #classpathFromProperty(String)}
   * @param jvmArgs options for the JVM, e.g. {@code -Xmx512m}
   * @param args arguments for the main class
   * @return a builder; call {@link ServerProcessBuilder#start()} to run it
   */
  public static ServerProcessBuilder javaProcess(String mainClass, String classpath, List<String> jvmArgs,
                                                 List<String> args) {
    List<String> cmd = new ArrayList<>();
    cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(jvmArgs);
    cmd.add("-cp");
    cmd.add(classpath);
    cmd.add(mainClass);
    cmd.addAll(args);
    String simple = mainClass.substring(mainClass.lastIndexOf('.') + 1);
    return new ServerProcessBuilder(simple, cmd);
  }

  /**
   * Reads a class path that the module's pom hands to the tests as a system property (see
   * test-support/README.md: the dependency plugin's {@code build-classpath} goal writes it into a
   * Maven property, surefire's {@code systemPropertyVariables} passes it on).
   *
   * @param property the system property name
   * @return the class path
   * @throws IllegalStateException when the property is not set, e.g. the test was not run by Maven
   */
  public static String classpathFromProperty(String property) {
    String cp = System.getProperty(property);
    if (cp == null || cp.isBlank() || cp.startsWith("${")) {
      throw new IllegalStateException("system property " + property + " is not set: run this test through Maven"
          + " (the module's pom builds the server's class path with dependency:build-classpath and passes it"
          + " with surefire's systemPropertyVariables)");
    }
    return cp;
  }

  /** @return the short name given at start */
  public String name() {
    return name;
  }

  /** @return the command line the process was started with */
  public List<String> command() {
    return command;
  }

  /** @return the process id */
  public long pid() {
    return process.pid();
  }

  /** @return whether the process is still running */
  public boolean isAlive() {
    return process.isAlive();
  }

  /** @return when the process was started */
  public Instant startedAt() {
    return startedAt;
  }

  /** @return the temporary directory of this process (deleted by {@link #stop()}) */
  public Path tempDir() {
    return tempDir;
  }

  /** @return the file that receives the process's stdout and stderr (deleted by {@link #stop()}) */
  public Path logFile() {
    return log.file();
  }

  /**
   * Waits until something accepts TCP connections at host:port.
   *
   * @param host the host, usually 127.0.0.1
   * @param port the port
   * @param timeout how long to wait at most
   * @throws IllegalStateException when the process exits first or the time runs out
   */
  public void awaitPort(String host, int port, Duration timeout) {
    awaitCondition(host + ":" + port + " accepting connections", () -> FreePort.isListening(host, port), timeout);
  }

  /**
   * Waits until a line of the log (from its beginning) matches a regular expression.
   *
   * @param regex a pattern searched for in each line ({@link java.util.regex.Matcher#find()})
   * @param timeout how long to wait at most
   * @return the first matching line
   * @throws IllegalStateException when the process exits first or the time runs out
   */
  public String awaitLogLine(String regex, Duration timeout) {
    Pattern pattern = Pattern.compile(regex);
    String[] found = new String[1];
    awaitCondition("a log line matching /" + regex + "/", () -> {
      for (String line : log.lines()) {
        if (pattern.matcher(line).find()) {
          found[0] = line;
          return true;
        }
      }
      return false;
    }, timeout);
    return found[0];
  }

  /**
   * Polls a condition until it holds. An exception thrown by the condition counts as "not yet" and
   * becomes the cause of the timeout error.
   *
   * @param description what is awaited, for the error message
   * @param condition the check
   * @param timeout how long to wait at most
   * @throws IllegalStateException when the process exits first or the time runs out
   */
  public void awaitCondition(String description, Condition condition, Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    Exception last = null;
    while (true) {
      try {
        if (condition.holds()) {
          return;
        }
      } catch (Exception e) {
        last = e;
      }
      if (!process.isAlive()) {
        throw new IllegalStateException(name + " exited with code " + process.exitValue() + " while waiting for "
            + description + "\n" + tailForMessage(), last);
      }
      if (System.nanoTime() - deadline > 0) {
        throw new IllegalStateException("timed out after " + timeout.toMillis() + " ms waiting for " + description
            + " from " + name + "\n" + tailForMessage(), last);
      }
      try {
        Thread.sleep(POLL_MILLIS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while waiting for " + description, e);
      }
    }
  }

  /**
   * The last lines of the log; still available after {@link #stop()}.
   *
   * @param lines how many lines at most
   * @return the lines, oldest first
   */
  public List<String> logTail(int lines) {
    return log.tail(lines);
  }

  /**
   * Prints the end of the log (up to {@value ServerLog#KEPT_LINES} lines) with a header naming the process.
   *
   * @param out where to print, e.g. {@code System.err}
   */
  public void dumpLog(PrintStream out) {
    List<String> tail = logTail(ServerLog.KEPT_LINES);
    out.println("----- " + name + " (pid " + pid() + (isAlive() ? ", running" : ", exited") + "): last "
        + tail.size() + " log lines; command: " + String.join(" ", command));
    tail.forEach(out::println);
    out.println("----- end of " + name + " log");
    out.flush();
  }

  /**
   * Stops the process (SIGTERM, then SIGKILL after the grace period), keeps the end of its log in
   * memory and deletes its temporary directory. Calling it again does nothing.
   */
  public void stop() {
    terminate(false);
  }

  /**
   * Freezes the process (SIGSTOP): it keeps its connections open but answers nothing, as a
   * server in a long pause would, until {@link #resume()}.
   */
  public void pause() {
    ProcessFreezer.freeze(process.pid());
  }

  /**
   * Freezes the process now and lets it go on after a while, from a background thread.
   *
   * @param freeze how long it stays frozen
   * @return completes once the process runs again
   */
  public CompletableFuture<Void> pauseFor(Duration freeze) {
    pause();
    return CompletableFuture.runAsync(() -> {
      try {
        Thread.sleep(freeze.toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } finally {
        resume();
      }
    });
  }

  /** Lets a process frozen by {@link #pause()} go on (SIGCONT). */
  public void resume() {
    ProcessFreezer.thaw(process.pid());
  }

  /** Kills the process at once (SIGKILL), as a crash would, then cleans up as {@link #stop()} does. */
  public void kill() {
    terminate(true);
  }

  @Override
  public void close() {
    stop();
  }

  private synchronized void terminate(boolean forcibly) {
    if (log.kept()) {
      return;
    }
    try {
      if (process.isAlive()) {
        process.descendants().forEach(forcibly ? ProcessHandle::destroyForcibly : ProcessHandle::destroy);
        if (forcibly) {
          process.destroyForcibly();
        } else {
          process.destroy();
        }
        if (!process.waitFor(stopGrace.toMillis(), TimeUnit.MILLISECONDS)) {
          process.descendants().forEach(ProcessHandle::destroyForcibly);
          process.destroyForcibly();
          process.waitFor(10, TimeUnit.SECONDS);
        }
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    } finally {
      log.keepTail();
      StartedServers.stopped(this);
      ServerDirs.deleteTree(tempDir);
    }
  }

  /** At the JVM's exit: kills the process and its children, leaving no server behind. */
  void killAtExit() {
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
  }

  /**
   * Prints the logs of the processes that are still running or were started at or after a given
   * instant (up to the last {@value StartedServers#RECENT_LIMIT} started in this JVM).
   *
   * @param since the instant, e.g. the start of a test
   * @param out where to print
   */
  public static void dumpLogsSince(Instant since, PrintStream out) {
    for (ServerProcess p : StartedServers.recent()) {
      if (p.isAlive() || !p.startedAt.isBefore(since)) {
        p.dumpLog(out);
      }
    }
  }

  private String tailForMessage() {
    List<String> tail = logTail(40);
    return "last " + tail.size() + " lines of " + name + "'s log:\n  " + String.join("\n  ", tail);
  }

  /** A check polled by {@link #awaitCondition}. */
  @FunctionalInterface
  public interface Condition {
    /**
     * @return whether the awaited state is reached
     * @throws Exception counts as "not yet"
     */
    boolean holds() throws Exception;
  }
}
