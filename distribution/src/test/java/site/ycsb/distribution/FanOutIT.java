package site.ycsb.distribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.cli.Ycsb;
import site.ycsb.results.ResultsFolder;
import site.ycsb.testsupport.BusyCores;
import site.ycsb.testsupport.RedisServer;
import site.ycsb.testsupport.SshHosts;

/**
 * One phase on three hosts over real SSH (three sshd on loopback ports, keys made by the test):
 * the release package with the Redis binding is copied to each, client i runs with clientid=i of 3
 * against one real Redis, and the clients' results come back and are merged exactly. On the
 * staggered hosts the clients launch 0, 3 and 6 s late, so they become ready seconds apart and
 * meet at fanout's start barrier. A client killed mid-run is named, and the others' results are
 * merged without it; a client not ready in time is named and nothing runs.
 */
class FanOutIT {
  /** The package of one binding: what a fan-out needs, a tenth of the size of the one with every binding. */
  private static final Path PACKAGE = Path.of(System.getProperty("ycsb.package")).resolveSibling(
      "ycsb-redis-" + System.getProperty("ycsb.version") + ".tar.gz");
  private static final int RECORDS = 3000;

  @TempDir
  static Path dir;
  /** Hosts that launch a client at once. */
  private static SshHosts hosts;
  /** The same three hosts (the same remote folders), launching their clients 0, 3 and 6 s late. */
  private static SshHosts staggered;
  private static RedisServer redis;

  @BeforeAll
  static void start() {
    hosts = SshHosts.start(3);
    staggered = SshHosts.start(3, Duration.ZERO, Duration.ofSeconds(3), Duration.ofSeconds(6));
    redis = RedisServer.start();
  }

  @AfterAll
  static void stop() {
    if (redis != null) {
      redis.close();
    }
    for (SshHosts h : new SshHosts[] {staggered, hosts}) {
      if (h != null) {
        h.close();
      }
    }
  }

  private record Result(int exit, String out, String err) {
    @Override
    public String toString() {
      return "exit " + exit + "\nstdout:\n" + out + "\nstderr:\n" + err;
    }
  }

  private static Result fanout(SshHosts on, Path output, String... phase) {
    return fanout(on, List.of(), output, phase);
  }

  private static Result fanout(SshHosts on, List<String> options, Path output, String... phase) {
    return fanout(on, options, new ByteArrayOutputStream(), output, phase);
  }

  /** @param err receives fanout's messages as they come */
  private static Result fanout(SshHosts on, List<String> options, ByteArrayOutputStream err, Path output,
                               String... phase) {
    List<String> args = new ArrayList<>(List.of("fanout", "--hosts", String.join(",", on.names()),
        "--ssh-config", on.config().toString(), "--remote-dir", dir.resolve("remote").toString() + "/{host}",
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
    Result l = fanout(hosts, load, "load", "redis");
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
    Path launcher = dir.resolve("remote").resolve("host2").resolve("ycsb-redis-" + System.getProperty("ycsb.version"))
        .resolve("bin").resolve("ycsb");
    java.nio.file.attribute.FileTime unpacked = java.nio.file.Files.getLastModifiedTime(launcher);

    Path run = dir.resolve("run");
    Result r = fanout(hosts, run, "run", "redis", "-p", "operationcount=1500");
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
   * Clients that become ready seconds apart, on cores kept busy by other work, start together at
   * the instant fanout announces: none before it, and none the seconds later that it became ready
   * (the barrier's own cases, in one JVM: core's StartBarrierTest).
   */
  @Test
  void staggeredClientsOnABusyMachineStartTogether() throws Exception {
    Path run = dir.resolve("staggered");
    long launched = System.currentTimeMillis();
    Result r;
    try (BusyCores busy = new BusyCores()) {
      r = fanout(staggered, run, "run", "redis", "-p", "operationcount=600");
    }
    assertEquals(0, r.exit, r.toString());
    Matcher announced = Pattern.compile("fanout: 3 clients start together at (\\S+)").matcher(r.err);
    assertTrue(announced.find(), r.toString());
    long startAt = Instant.parse(announced.group(1)).toEpochMilli();
    long latest = 0;
    for (int c = 0; c < 3; c++) {
      long start = ResultsFolder.read(run.resolve("client-" + c), false).windowStartEpochMillis();
      assertTrue(start >= launched + 6000, "client " + c + " started before host2 had launched its client");
      assertTrue(start >= startAt, "client " + c + " started " + (startAt - start) + " ms before the announced instant");
      latest = Math.max(latest, start - startAt);
    }
    // how soon a busy host wakes a client at the instant only real time shows: the spread is the
    // latest client's own lag behind it, and far below the 3 s between the clients' launches
    long spread = line(run.resolve("merged"), "CLIENTS", "StartSpread(ms)");
    System.out.println("staggered clients: started " + spread + " ms apart, the latest " + latest
        + " ms after the announced instant");
    assertTrue(spread <= latest && latest < 3000, "the clients started " + spread + " ms apart, the latest "
        + latest + " ms after the announced instant: " + r);
    assertEquals(3 * 600, line(run.resolve("merged"), "OVERALL", "Operations"), "operationcount is per client");
  }

  @Test
  void aClientNotReadyInTimeIsNamedAndNothingRuns() throws Exception {
    Path run = dir.resolve("unready");
    long begun = System.nanoTime();
    Result r = fanout(staggered, List.of("--ready-timeout", "4s"), run, "run", "redis", "-p", "operationcount=600");
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
    CompletableFuture<Result> f = CompletableFuture.supplyAsync(() -> fanout(hosts, List.of(), messages, run, "run",
        "redis", "-p", "operationcount=0", "-p", "maxexecutiontime=5"));
    // the "remote" client 1 is a java process on this machine, started by sshd: kill it once the
    // clients have started together
    boolean killed = false;
    long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (!killed && System.nanoTime() < giveUp && !f.isDone()) {
      if (!messages.toString(StandardCharsets.UTF_8).contains("clients start together at")) {
        Thread.sleep(200);
        continue;
      }
      Thread.sleep(2000); // well into its run
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
