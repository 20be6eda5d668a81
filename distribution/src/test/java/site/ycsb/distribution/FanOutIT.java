package site.ycsb.distribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.cli.Ycsb;
import site.ycsb.results.ResultsFolder;
import site.ycsb.testsupport.BusyCores;
import site.ycsb.testsupport.RedisServer;
import site.ycsb.testsupport.SshHosts;

/**
 * One phase on three hosts over real SSH (three sshd on loopback ports, keys made by the test):
 * the release package is copied to each, client i runs with clientid=i of 3 against one real
 * Redis, and the clients' results come back and are merged exactly. The hosts launch their
 * clients 0, 3 and 6 s late, so the clients become ready seconds apart and meet at fanout's start
 * barrier. A client killed mid-run is named, and the others' results are merged without it; a
 * client not ready in time is named and nothing runs.
 */
class FanOutIT {
  private static final Path PACKAGE = Path.of(System.getProperty("ycsb.package"));
  private static final int RECORDS = 3000;

  @TempDir
  static Path dir;
  private static SshHosts hosts;
  private static RedisServer redis;

  @BeforeAll
  static void start() {
    hosts = SshHosts.start(3, Duration.ZERO, Duration.ofSeconds(3), Duration.ofSeconds(6));
    redis = RedisServer.start();
  }

  @AfterAll
  static void stop() {
    if (redis != null) {
      redis.close();
    }
    if (hosts != null) {
      hosts.close();
    }
  }

  private record Result(int exit, String out, String err) {
    @Override
    public String toString() {
      return "exit " + exit + "\nstdout:\n" + out + "\nstderr:\n" + err;
    }
  }

  private static Result fanout(Path output, String... phase) {
    return fanout(List.of(), output, phase);
  }

  private static Result fanout(List<String> options, Path output, String... phase) {
    return fanout(options, new ByteArrayOutputStream(), output, phase);
  }

  /** @param err receives fanout's messages as they come */
  private static Result fanout(List<String> options, ByteArrayOutputStream err, Path output, String... phase) {
    List<String> args = new ArrayList<>(List.of("fanout", "--hosts", String.join(",", hosts.names()),
        "--ssh-config", hosts.config().toString(), "--remote-dir", dir.resolve("remote").toString() + "/{host}",
        "--package", PACKAGE.toString(), "-o", output.toString()));
    args.addAll(options);
    args.addAll(List.of(phase));
    args.addAll(List.of("-P", "../workloads/workloada", "-p", "redis.host=127.0.0.1",
        "-p", "redis.port=" + redis.port(), "-p", "recordcount=" + RECORDS, "-threads", "2"));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int code = Ycsb.execute(args.toArray(new String[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  private static long line(Path folder, String section, String metric) throws Exception {
    return ResultsFolder.read(folder, false).line(section, metric).longValue();
  }

  @Test
  void threeClientsLoadDisjointBlocksAndTheirRunMergesExactly() throws Exception {
    redis.cli("FLUSHALL");
    Path load = dir.resolve("load");
    Result l = fanout(load, "load", "redis");
    assertEquals(0, l.exit, l.toString());
    assertEquals(Integer.toString(RECORDS), redis.cli("ZCARD", "_ycsb_index").trim(), "every record present");
    long sum = 0;
    for (int c = 0; c < 3; c++) {
      long inserted = line(load.resolve("client-" + c), "INSERT", "Return=OK");
      assertEquals(RECORDS / 3, inserted, "client " + c + " inserted its own block");
      sum += inserted;
    }
    assertEquals(RECORDS, sum);
    assertEquals(RECORDS, line(load.resolve("merged"), "INSERT", "Operations"));
    assertTrue(l.err.contains("fanout: merged 3 of 3"), l.toString());

    // the package was copied and unpacked once per host; the next phase finds it by its checksum
    Path launcher = dir.resolve("remote").resolve("host2").resolve("ycsb-" + System.getProperty("ycsb.version"))
        .resolve("bin").resolve("ycsb");
    java.nio.file.attribute.FileTime unpacked = java.nio.file.Files.getLastModifiedTime(launcher);

    Path run = dir.resolve("run");
    Result r = fanout(run, "run", "redis", "-p", "operationcount=1500");
    assertEquals(unpacked, java.nio.file.Files.getLastModifiedTime(launcher), "the package was not copied again");
    assertEquals(0, r.exit, r.toString());
    long ops = 0;
    for (int c = 0; c < 3; c++) {
      ops += line(run.resolve("client-" + c), "OVERALL", "Operations");
    }
    assertEquals(ops, line(run.resolve("merged"), "OVERALL", "Operations"), "merged = the sum of the clients'");
    assertTrue(r.out.contains("[OVERALL], Operations, " + ops), "the merged summary is printed: " + r.out);
    assertTrue(r.err.contains("fanout: merged 3 of 3 clients"), r.toString());
  }

  /**
   * Clients that become ready seconds apart, on cores kept busy by other work, start within tens
   * of milliseconds of each other, every time.
   */
  @RepeatedTest(2)
  void staggeredClientsOnABusyMachineStartTogether(RepetitionInfo repetition) throws Exception {
    Path run = dir.resolve("staggered-" + repetition.getCurrentRepetition());
    long launched = System.currentTimeMillis();
    Result r;
    try (BusyCores busy = new BusyCores()) {
      r = fanout(run, "run", "redis", "-p", "operationcount=600");
    }
    assertEquals(0, r.exit, r.toString());
    assertTrue(r.err.contains("fanout: 3 clients start together at"), r.toString());
    long spread = line(run.resolve("merged"), "CLIENTS", "StartSpread(ms)");
    assertTrue(spread <= 100, "the clients started " + spread + " ms apart: " + r);
    for (int c = 0; c < 3; c++) {
      long start = ResultsFolder.read(run.resolve("client-" + c), false).windowStartEpochMillis();
      assertTrue(start >= launched + 6000, "client " + c + " started before host2 had launched its client");
    }
    assertEquals(3 * 600, line(run.resolve("merged"), "OVERALL", "Operations"), "operationcount is per client");
  }

  @Test
  void aClientNotReadyInTimeIsNamedAndNothingRuns() throws Exception {
    Path run = dir.resolve("unready");
    long begun = System.nanoTime();
    Result r = fanout(List.of("--ready-timeout", "4s"), run, "run", "redis", "-p", "operationcount=600");
    assertEquals(1, r.exit, r.toString());
    assertTrue(r.err.contains("ERROR: the start was called off: ") && r.err.contains("client 2 on host2")
        && r.err.contains("not ready within 4 s"), r.toString());
    assertTrue(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - begun) < 90, "named within the bounded time");
    assertFalse(java.nio.file.Files.exists(run), "a fan-out that measured nothing leaves no folder: " + r);
    // the clients that were ready ended without running: no phase reached Redis
    assertFalse(r.err.contains("[OVERALL]"), r.toString());
  }

  @Test
  void aClientKilledMidRunIsNamedAndTheOthersAreMerged() throws Exception {
    Path run = dir.resolve("killed");
    ByteArrayOutputStream messages = new ByteArrayOutputStream();
    CompletableFuture<Result> f = CompletableFuture.supplyAsync(() -> fanout(List.of(), messages, run, "run", "redis",
        "-p", "operationcount=0", "-p", "maxexecutiontime=8"));
    // the "remote" client 1 is a java process on this machine, started by sshd: kill it once the
    // clients have started together
    boolean killed = false;
    long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (!killed && System.nanoTime() < giveUp && !f.isDone()) {
      if (!messages.toString(StandardCharsets.UTF_8).contains("clients start together at")) {
        Thread.sleep(200);
        continue;
      }
      Thread.sleep(3000); // well into its run
      for (ProcessHandle p : ProcessHandle.allProcesses().toList()) {
        String cmd = p.info().commandLine().orElse("");
        if (cmd.contains("site.ycsb.cli.Ycsb run redis") && cmd.contains("clientid=1 ")
            && p.info().command().orElse("").endsWith("java")) {
          p.destroyForcibly();
          killed = true;
        }
      }
    }
    Result r = f.get(120, TimeUnit.SECONDS);
    assertTrue(killed, "client 1's process was found and killed: " + r);
    assertEquals(1, r.exit, r.toString());
    assertTrue(r.err.contains("client 1 on host1"), r.toString());
    assertTrue(r.err.contains("merged 2 of 3 clients") && r.err.contains("missing: client 1 on host1"), r.toString());
    long ops = line(run.resolve("client-0"), "OVERALL", "Operations") + line(run.resolve("client-2"), "OVERALL",
        "Operations");
    assertEquals(ops, line(run.resolve("merged"), "OVERALL", "Operations"));
  }
}
