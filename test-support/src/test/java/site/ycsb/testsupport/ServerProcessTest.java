package site.ycsb.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ServerProcessTest {
  private static ServerProcess shell(String script) {
    return ServerProcess.builder("sh", List.of("/bin/sh", "-c", script)).env("GREETING", "hello").start();
  }

  @Test
  void waitsForALogLineAndKeepsTheTailAfterStop() {
    ServerProcess p = shell("echo starting; sleep 0.2; echo \"$GREETING ready\" >&2; exec sleep 60");
    Path dir = p.tempDir();
    assertEquals("hello ready", p.awaitLogLine("ready$", Duration.ofSeconds(10)));
    assertTrue(p.isAlive());
    p.stop();
    assertFalse(p.isAlive());
    assertFalse(Files.exists(dir), "temp dir deleted");
    assertEquals(List.of("starting", "hello ready"), p.logTail(10));
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    p.dumpLog(new PrintStream(buf, true, StandardCharsets.UTF_8));
    assertTrue(buf.toString(StandardCharsets.UTF_8).contains("hello ready"));
    p.stop(); // idempotent
  }

  @Test
  void aProcessThatExitsFailsTheWaitAtOnceWithItsLog() {
    try (ServerProcess p = shell("echo 'fatal: bad config'; exit 3")) {
      long t0 = System.nanoTime();
      IllegalStateException e = assertThrows(IllegalStateException.class,
          () -> p.awaitLogLine("never printed", Duration.ofSeconds(30)));
      assertTrue(System.nanoTime() - t0 < Duration.ofSeconds(10).toNanos());
      assertTrue(e.getMessage().contains("exited with code 3"), e.getMessage());
      assertTrue(e.getMessage().contains("fatal: bad config"), e.getMessage());
    }
  }

  @Test
  void timesOutWithAClearMessage() {
    try (ServerProcess p = shell("exec sleep 60")) {
      IllegalStateException e = assertThrows(IllegalStateException.class,
          () -> p.awaitCondition("the impossible", () -> false, Duration.ofMillis(200)));
      assertTrue(e.getMessage().contains("timed out"), e.getMessage());
      assertTrue(e.getMessage().contains("the impossible"), e.getMessage());
    }
  }

  @Test
  void stopKillsAProcessThatIgnoresSigterm() {
    ServerProcess p = ServerProcess.builder("stubborn", List.of("/bin/sh", "-c", "trap '' TERM; echo up; while true; do sleep 0.1; done"))
        .stopGrace(Duration.ofMillis(300)).start();
    p.awaitLogLine("up", Duration.ofSeconds(10));
    p.stop();
    assertFalse(p.isAlive());
  }

  @Test
  void awaitPortAndJavaProcess() {
    int port = FreePort.find();
    assertNotEquals(0, port);
    // a Java "server": jshell-free, the JDK's own simple HTTP server would need a module; use a tiny
    // class from this test's class path instead
    String cp = System.getProperty("java.class.path");
    try (ServerProcess p = ServerProcess.javaProcess(TinyServer.class.getName(), cp, List.of("-Xmx32m"),
        List.of(Integer.toString(port))).start()) {
      p.awaitPort("127.0.0.1", port, Duration.ofSeconds(20));
      assertTrue(FreePort.isListening("127.0.0.1", port));
    }
    assertFalse(FreePort.isListening("127.0.0.1", port));
  }

  @Test
  void missingClasspathPropertyIsExplained() {
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> ServerProcess.classpathFromProperty("no.such.classpath"));
    assertTrue(e.getMessage().contains("build-classpath"), e.getMessage());
  }

  /** Listens on the port given as argument until killed. */
  public static final class TinyServer {
    public static void main(String[] args) throws Exception {
      try (java.net.ServerSocket s = new java.net.ServerSocket(Integer.parseInt(args[0]), 5,
          java.net.InetAddress.getLoopbackAddress())) {
        System.out.println("listening");
        while (true) {
          s.accept().close();
        }
      }
    }
  }
}
