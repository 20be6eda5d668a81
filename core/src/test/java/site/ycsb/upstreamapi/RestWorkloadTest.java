package site.ycsb.upstreamapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.cli.Run;
import site.ycsb.workloads.RestWorkload;

/**
 * Upstream's web-service workload: every request names a URL of its operation's trace, with a
 * body of random bytes for writes, in the shares the proportions give.
 */
class RestWorkloadTest {
  @TempDir
  Path dir;

  @BeforeEach
  void reset() {
    KeyLogDB.reset();
  }

  private Path trace(String name, int urls) throws IOException {
    Path f = dir.resolve(name);
    Files.write(f, IntStream.range(0, urls).mapToObj(i -> "http://svc.test/" + name + "/" + i).toList());
    return f;
  }

  private static Run run(String... more) {
    List<String> args = new ArrayList<>(List.of("run", "-db", KeyLogDB.class.getName(), "-P",
        "../workloads/workloada", "-threads", "2", "-p", "workload=" + RestWorkload.class.getName(),
        "-p", "operationcount=4000", "-p", "fieldlength=500", "-p", "fieldlengthdistribution=uniform"));
    args.addAll(List.of(more));
    return Run.of(args.toArray(new String[0]));
  }

  @Test
  void eachOperationNamesAUrlOfItsOwnTraceInTheGivenShares() throws IOException {
    Run r = run("-p", "url.trace.read=" + trace("read", 50), "-p", "url.trace.update=" + trace("update", 20),
        "-p", "url.trace.insert=" + trace("insert", 10), "-p", "url.trace.delete=" + trace("delete", 5),
        "-p", "readproportion=0.4", "-p", "updateproportion=0.3", "-p", "insertproportion=0.2",
        "-p", "deleteproportion=0.1", "-p", "requestdistribution=uniform", "-p", "readrecordcount=30");
    assertEquals(0, r.exitCode, r.toString());
    Map<String, List<KeyLogDB.Call>> byOperation = KeyLogDB.CALLS.stream()
        .collect(Collectors.groupingBy(KeyLogDB.Call::operation));
    assertEquals(4000, KeyLogDB.CALLS.size());
    assertShare(byOperation, "READ", 0.4);
    assertShare(byOperation, "UPDATE", 0.3);
    assertShare(byOperation, "INSERT", 0.2);
    assertShare(byOperation, "DELETE", 0.1);
    assertEquals(byOperation.get("DELETE").size(), r.count("DELETE", "Operations"), "the summary counts them");
    for (KeyLogDB.Call c : KeyLogDB.CALLS) {
      String trace = c.operation().toLowerCase();
      assertTrue(c.key().startsWith("http://svc.test/" + trace + "/"), c.key() + " for " + c.operation());
      assertEquals(null, c.table(), "a URL names no table");
    }
    // readrecordcount=30: only the trace's first 30 URLs are requested, and all of them are
    assertEquals(IntStream.range(0, 30).mapToObj(i -> "http://svc.test/read/" + i).collect(Collectors.toSet()),
        byOperation.get("READ").stream().map(KeyLogDB.Call::key).collect(Collectors.toSet()));
    for (String write : List.of("UPDATE", "INSERT")) {
      for (KeyLogDB.Call c : byOperation.get(write)) {
        assertEquals(List.of("data"), List.copyOf(c.valueLengths().keySet()));
        long length = c.valueLengths().get("data");
        assertTrue(length >= 1 && length <= 500, "body of " + length + " bytes");
      }
    }
  }

  @Test
  void zipfianRequestsFavourTheTracesFirstUrls() throws IOException {
    Run r = run("-p", "url.trace.read=" + trace("read", 100), "-p", "readproportion=1", "-p", "updateproportion=0",
        "-p", "requestdistribution=zipfian", "-p", "readzipfconstant=0.99");
    assertEquals(0, r.exitCode, r.toString());
    Map<String, Long> hits = KeyLogDB.CALLS.stream()
        .collect(Collectors.groupingBy(KeyLogDB.Call::key, Collectors.counting()));
    long first = hits.getOrDefault("http://svc.test/read/0", 0L);
    // the most popular of 100 under zipfian 0.99 gets about 19%; uniform would give 1%
    assertTrue(first > 400, "first URL requested " + first + " times of 4000: " + hits);
  }

  @Test
  void aMissingTraceOfAnOperationWithAShareIsOneLine() throws IOException {
    Run r = run("-p", "url.trace.read=" + trace("read", 10), "-p", "url.trace.update=" + dir.resolve("nope.txt"));
    assertEquals(2, r.exitCode, r.toString());
    List<String> lines = r.err.lines().filter(l -> !l.isBlank()).toList();
    assertEquals(1, lines.size(), r.err);
    assertTrue(lines.get(0).contains("url.trace.update=" + dir.resolve("nope.txt") + ": no such file"), r.err);
  }

  @Test
  void anOperationWithoutAShareNeedsNoTrace() throws IOException {
    Run r = run("-p", "url.trace.read=" + trace("read", 10), "-p", "readproportion=1", "-p", "updateproportion=0");
    assertEquals(0, r.exitCode, r.toString());
    assertEquals(4000, r.count("READ", "Operations"));
  }

  private static void assertShare(Map<String, List<KeyLogDB.Call>> byOperation, String operation, double share) {
    double seen = byOperation.getOrDefault(operation, List.of()).size() / 4000.0;
    assertTrue(Math.abs(seen - share) < 0.04, operation + ": " + seen + " of the calls, expected about " + share);
  }
}
