package site.ycsb.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Behaviour that needs real client processes: signals, crashes, and several clients at once; on
 * both paths where the path could make a difference.
 */
class ClientProcessesTest {
  private static final String DB = ScriptedDB.class.getName();

  private static Process start(Path dir, String name, String... args) throws IOException {
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx256m", "-cp", System.getProperty("java.class.path"), "site.ycsb.cli.Ycsb"));
    cmd.addAll(List.of(args));
    return new ProcessBuilder(cmd).redirectOutput(dir.resolve(name + ".out").toFile())
        .redirectError(dir.resolve(name + ".err").toFile()).start();
  }

  private static String read(Path dir, String file) throws IOException {
    return Files.readString(dir.resolve(file), StandardCharsets.UTF_8);
  }

  private static long value(String out, String section, String metric) {
    String prefix = "[" + section + "], " + metric + ", ";
    for (String line : out.split("\n")) {
      if (line.startsWith(prefix)) {
        return (long) Double.parseDouble(line.substring(prefix.length()).trim());
      }
    }
    throw new AssertionError("no " + prefix + " in\n" + out);
  }

  @ParameterizedTest
  @EnumSource(value = EnginePath.class, names = {"BLOCKING", "ASYNCHRONOUS"})
  void sigtermEndsTheRunAndStillPrintsResults(EnginePath path, @TempDir Path dir) throws Exception {
    Process p = start(dir, "run", EnginePath.concat(EnginePath.concat(
        new String[] {"run", "-db", DB, "-P", "../workloads/workloada"}, path.atOnce(4)),
        "-p", "operationcount=0", "-p", "maxexecutiontime=120", "-p", "scripted.delayms=5",
        "-p", "resultsdir=" + dir.resolve("results")));
    // signal once the window is open (a busy machine may take seconds to start the JVM and connect)
    Path started = dir.resolve("results").resolve("start.txt");
    long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
    while (!Files.exists(started) && p.isAlive() && System.nanoTime() < giveUp) {
      Thread.sleep(100);
    }
    assertTrue(Files.exists(started), "the run started: " + read(dir, "run.err"));
    Thread.sleep(1000);
    p.destroy(); // SIGTERM
    assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the client must exit after SIGTERM");
    String out = read(dir, "run.out");
    long runtime = value(out, "OVERALL", "RunTime(ms)");
    assertTrue(runtime > 500 && runtime < 10_000, "window ends at the signal: " + runtime + "\n" + out);
    assertTrue(value(out, "OVERALL", "Operations") > 0, out);
    assertTrue(read(dir, "run.err").contains("interrupted"), read(dir, "run.err"));
    String summary = read(dir.resolve("results"), "summary.json");
    assertTrue(summary.contains("\"complete\" : true"), summary);
    assertTrue(summary.contains("\"endedBy\" : \"interrupt\""), summary);
  }

  @Test
  void killMinus9LosesAtMostOneExportInterval(@TempDir Path dir) throws Exception {
    Path results = dir.resolve("results");
    Process p = start(dir, "run", "run", "-db", DB, "-P", "../workloads/workloada", "-threads", "2",
        "-p", "operationcount=0", "-p", "maxexecutiontime=120", "-p", "scripted.delayms=2",
        "-p", "resultsdir=" + results, "-p", "exportmeasurementsinterval=500", "-p", "timeseries.granularity=250");
    // wait until the run has been going for a while (JVM start-up time varies on a loaded machine)
    long until = System.nanoTime() + 60_000_000_000L;
    while (runtimeSoFar(results) < 2000 && System.nanoTime() < until) {
      Thread.sleep(100);
    }
    p.destroyForcibly(); // SIGKILL: no hook runs
    p.waitFor(30, TimeUnit.SECONDS);
    String summary = read(results, "summary.txt");
    long runtime = value(summary, "OVERALL", "RunTime(ms)");
    assertTrue(runtime >= 2000, "the summary so far survives: RunTime " + runtime);
    assertTrue(value(summary, "OVERALL", "Operations") > 0, summary);
    assertTrue(read(results, "summary.json").contains("\"complete\" : false"));
    List<String> rows = Files.readAllLines(results.resolve("timeseries.csv"));
    assertTrue(rows.size() > 5, "time series rows written as the run went: " + rows.size());
    long lastRow = Long.parseLong(rows.get(rows.size() - 1).split(",")[0]);
    // the summary is rewritten every 500 ms, the time series every 250 ms: the newest summary lags
    // the newest time-series row by at most one export interval plus one sample
    assertTrue(lastRow - runtime <= 500 + 250 + 100, "summary at " + runtime + " ms, time series at " + lastRow);
    assertTrue(Files.size(results.resolve("hdr/READ.hlog")) > 0);
  }

  private static long runtimeSoFar(Path results) {
    try {
      return value(read(results, "summary.txt"), "OVERALL", "RunTime(ms)");
    } catch (IOException | AssertionError notYet) {
      return 0;
    }
  }

  @ParameterizedTest
  @EnumSource(value = EnginePath.class, names = {"BLOCKING", "ASYNCHRONOUS"})
  void twoClientsInsertDisjointKeys(EnginePath path, @TempDir Path dir) throws Exception {
    Process[] clients = new Process[2];
    for (int id = 0; id < 2; id++) {
      clients[id] = start(dir, "client" + id, EnginePath.concat(EnginePath.concat(
          new String[] {"run", "-db", DB, "-P", "../workloads/workload_insert_only_uniform"}, path.atOnce(3)),
          "-p", "recordcount=1000", "-p", "operationcount=3000", "-p", "clientcount=2",
          "-p", "clientid=" + id, "-p", "scripted.keylog=" + dir.resolve("keys" + id)));
    }
    for (Process c : clients) {
      assertTrue(c.waitFor(60, TimeUnit.SECONDS));
      assertEquals(0, c.exitValue());
    }
    Set<String> first = new HashSet<>(Files.readAllLines(dir.resolve("keys0")));
    Set<String> second = new HashSet<>(Files.readAllLines(dir.resolve("keys1")));
    assertEquals(3000, first.size(), "client 0 inserted 3000 distinct keys");
    assertEquals(3000, second.size(), "client 1 inserted 3000 distinct keys");
    Set<String> both = new HashSet<>(first);
    both.retainAll(second);
    assertTrue(both.isEmpty(), "clients inserted the same keys: " + both.size());
  }

  @ParameterizedTest
  @EnumSource(value = EnginePath.class, names = {"BLOCKING", "ASYNCHRONOUS"})
  void startTimeHoldsTheStartUntilTheGivenInstant(EnginePath path, @TempDir Path dir) throws Exception {
    // two JVMs must start and connect before the instant; on a host too busy for that a client
    // refuses it as passed, and the test asks again with twice the lead, as a user would
    for (long lead = 3000; ; lead *= 2) {
      Path tried = Files.createDirectories(dir.resolve("lead-" + lead));
      long startAt = System.currentTimeMillis() + lead;
      Process[] clients = new Process[2];
      for (int id = 0; id < 2; id++) {
        clients[id] = start(tried, "client" + id, EnginePath.concat(EnginePath.concat(
            new String[] {"run", "-db", DB, "-P", "../workloads/workloada"}, path.atOnce(2)),
            "-p", "operationcount=10", "-p", "starttime=" + startAt, "-p", "resultsdir=" + tried.resolve("r" + id)));
      }
      boolean passed = false;
      for (int id = 0; id < 2; id++) {
        assertTrue(clients[id].waitFor(60 + lead / 1000, TimeUnit.SECONDS));
        String err = read(tried, "client" + id + ".err");
        passed |= err.contains("is in the past") || err.contains("choose a later start time");
      }
      if (passed && lead < 24_000) {
        continue;
      }
      for (int id = 0; id < 2; id++) {
        assertEquals(0, clients[id].exitValue(), read(tried, "client" + id + ".err"));
        String json = read(tried.resolve("r" + id), "summary.json");
        int at = json.indexOf("\"startEpochMillis\" : ") + "\"startEpochMillis\" : ".length();
        long s = Long.parseLong(json.substring(at, json.indexOf(',', at)).trim());
        // not before the instant, however early a client was ready; and at it, not a lead later, so
        // the two processes start together
        assertTrue(s >= startAt && s - startAt < lead / 2, "client " + id + " started at " + s + ", asked " + startAt);
      }
      return;
    }
  }
}
