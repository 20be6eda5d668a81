package site.ycsb.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import site.ycsb.cli.Run;
import site.ycsb.trace.CaptureReader;
import site.ycsb.trace.TracedOperation;

/**
 * The same seed makes the same operations ({@code seed}), as their capture shows them
 * ({@code capture}): the operation, its key and its values' checksum, the timing columns left
 * aside. One worker makes them in the same order; several workers, operations in flight or client
 * processes the same ones in some order. On both paths, on the simulated clock (no host timing in
 * any figure).
 */
class SeededRunsTest {
  private static final String DB = "simulated";
  /** A mix of every kind whose keys do not depend on inserts acknowledged meanwhile. */
  private static final String[] MIX = {"-p", "recordcount=500", "-p", "readproportion=0.3", "-p",
      "updateproportion=0.3", "-p", "scanproportion=0.1", "-p", "readmodifywriteproportion=0.2", "-p",
      "deleteproportion=0.1", "-p", "fieldlengthdistribution=uniform", "-p", "writeallfields=true"};
  @TempDir
  Path tmp;
  private int runs;

  /** Runs a phase with {@code args}, capturing; @return its results folder */
  private Path run(String command, String... args) {
    Path dir = tmp.resolve("run" + runs++);
    String[] head = {command, "-db", DB, "-P", "../workloads/workloada", "-p", "simulated.servicetime=1ms",
        "-p", "capture=true", "-p", "resultsdir=" + dir};
    Run r = Run.of(EnginePath.concat(head, args));
    assertEquals(0, r.exitCode, r.toString());
    return dir;
  }

  /** @return every captured operation as "OPERATION key checksum", in each worker's order, workers one after another */
  private static List<String> operations(Path results) throws IOException {
    List<String> out = new ArrayList<>();
    List<Path> files;
    try (Stream<Path> s = Files.list(results.resolve("capture"))) {
      files = s.sorted().toList();
    }
    for (Path f : files) {
      try (CaptureReader r = new CaptureReader(f)) {
        TracedOperation op;
        while ((op = r.next()) != null) {
          out.add(op.operation() + " " + op.key() + " " + Long.toHexString(op.valuesChecksum()));
        }
      }
    }
    return out;
  }

  private static List<String> sorted(List<String> ops) {
    List<String> s = new ArrayList<>(ops);
    Collections.sort(s);
    return s;
  }

  private static String[] with(String[] a, String... b) {
    return EnginePath.concat(a, b);
  }

  @ParameterizedTest
  @EnumSource(value = EnginePath.class, names = {"BLOCKING", "ASYNCHRONOUS"})
  void oneWorkerMakesTheSameOperationsInTheSameOrder(EnginePath path) throws IOException {
    String[] args = with(with(MIX, path.atOnce(1)), "-p", "operationcount=3000", "-p", "seed=7");
    List<String> first = operations(run("run", args));
    List<String> second = operations(run("run", args));
    assertEquals(3000, first.size());
    assertEquals(first, second);
    assertTrue(first.stream().anyMatch(o -> o.startsWith("READ_MODIFY_WRITE ")), "every kind of the mix ran");
    assertTrue(first.stream().anyMatch(o -> o.startsWith("SCAN ")));
    assertTrue(first.stream().anyMatch(o -> o.startsWith("DELETE ")));
    // values differ from update to update: the checksums are not all one
    assertTrue(first.stream().filter(o -> o.startsWith("UPDATE ")).map(o -> o.split(" ")[2]).distinct().count() > 100);

    List<String> otherSeed = operations(run("run", with(with(MIX, path.atOnce(1)), "-p", "operationcount=3000",
        "-p", "seed=8")));
    assertNotEquals(sorted(first), sorted(otherSeed), "another seed, other operations");
  }

  @ParameterizedTest
  @EnumSource(value = EnginePath.class, names = {"BLOCKING", "ASYNCHRONOUS"})
  void manyAtOnceMakeTheSameOperationsInSomeOrder(EnginePath path) throws IOException {
    // blocking: 4 threads; asynchronous: 16 in flight on each of 2 threads, and on 1
    String[] atOnce = path == EnginePath.BLOCKING ? new String[] {"-threads", "4"}
        : new String[] {"-threads", "2", "-inflight", "16"};
    List<String> one = operations(run("run", with(with(MIX, path.atOnce(1)), "-p", "operationcount=4000",
        "-p", "seed=11")));
    List<String> many = operations(run("run", with(with(MIX, atOnce), "-p", "operationcount=4000", "-p", "seed=11")));
    List<String> again = operations(run("run", with(with(MIX, atOnce), "-p", "operationcount=4000", "-p", "seed=11")));
    assertEquals(4000, many.size());
    assertEquals(sorted(one), sorted(many), "the same operations as one worker makes");
    assertEquals(sorted(many), sorted(again));
    if (path == EnginePath.ASYNCHRONOUS) {
      List<String> inflight16 = operations(run("run", with(with(MIX, "-threads", "1", "-inflight", "16"),
          "-p", "operationcount=4000", "-p", "seed=11")));
      assertEquals(sorted(one), sorted(inflight16));
    }
    List<String> otherSeed = operations(run("run", with(with(MIX, atOnce), "-p", "operationcount=4000",
        "-p", "seed=12")));
    assertNotEquals(sorted(many), sorted(otherSeed));
  }

  @ParameterizedTest
  @EnumSource(value = EnginePath.class, names = {"BLOCKING", "ASYNCHRONOUS"})
  void insertsWriteTheSameRecordsWhicheverWorkerTakesAKey(EnginePath path) throws IOException {
    // each insert takes the next key from a counter the workers share: the record follows the key
    String[] load = {"-p", "recordcount=3000", "-p", "fieldlengthdistribution=uniform", "-p", "seed=5"};
    List<String> one = operations(run("load", with(load, path.atOnce(1))));
    List<String> many = operations(run("load", with(load, path.atOnce(8))));
    assertEquals(3000, one.size());
    assertEquals(sorted(one), sorted(many));
    assertEquals(3000, one.stream().map(o -> o.split(" ")[1]).distinct().count(), "every key once");
  }

  @ParameterizedTest
  @EnumSource(value = EnginePath.class, names = {"BLOCKING", "ASYNCHRONOUS"})
  void twoClientsMakeTheirOwnOperationsTheSameEachTime(EnginePath path) throws IOException {
    List<List<String>> rounds = new ArrayList<>();
    List<String> client0 = null;
    List<String> client1 = null;
    for (int round = 0; round < 2; round++) {
      List<String> both = new ArrayList<>();
      for (int id = 0; id < 2; id++) {
        List<String> ops = operations(run("run", with(with(MIX, path.atOnce(4)), "-p", "operationcount=2000",
            "-p", "seed=3", "-p", "clientcount=2", "-p", "clientid=" + id)));
        assertEquals(2000, ops.size());
        if (id == 0) {
          client0 = ops;
        } else {
          client1 = ops;
        }
        both.addAll(ops);
      }
      rounds.add(sorted(both));
    }
    assertEquals(rounds.get(0), rounds.get(1));
    assertNotEquals(sorted(client0), sorted(client1), "each client its own operations");
    // client 0's are those a single client makes: its operation numbers start where a lone client's do
    List<String> alone = operations(run("run", with(with(MIX, path.atOnce(4)), "-p", "operationcount=2000",
        "-p", "seed=3")));
    assertEquals(sorted(alone), sorted(client0));
  }

  @Test
  void theSeedIsPrintedAndARunRepeatsWithIt() throws IOException {
    Path dir = tmp.resolve("unseeded");
    Run r = Run.of("run", "-db", DB, "-P", "../workloads/workloada", "-p", "recordcount=100", "-p",
        "operationcount=500", "-p", "capture=true", "-p", "resultsdir=" + dir);
    assertEquals(0, r.exitCode, r.toString());
    long seed = r.count("CLIENT", "Seed");
    assertTrue(Files.readString(dir.resolve("properties.txt")).contains("seed=" + seed));
    Path again = run("run", "-p", "recordcount=100", "-p", "operationcount=500", "-p", "seed=" + seed);
    assertEquals(operations(dir), operations(again));

    Run given = Run.of("run", "-db", DB, "-P", "../workloads/workloada", "-p", "recordcount=100", "-p",
        "operationcount=10", "-p", "seed=-12345");
    assertEquals(-12345, given.count("CLIENT", "Seed"), given.out);
  }

  @Test
  void badValuesAreRefusedInOneLine() {
    String[][] bad = {{"seed=twelve", "seed"}, {"seed=1.5", "seed"}, {"capture=maybe", "capture"}};
    for (String[] b : bad) {
      Run r = Run.of("run", "-db", DB, "-P", "../workloads/workloada", "-p", "recordcount=10", "-p",
          "operationcount=10", "-p", b[0]);
      assertEquals(2, r.exitCode, r.toString());
      assertEquals(1, r.err.strip().lines().count(), r.err);
      assertTrue(r.err.contains(b[1]), r.err);
    }
    Run noFolder = Run.of("run", "-db", DB, "-P", "../workloads/workloada", "-p", "recordcount=10", "-p",
        "operationcount=10", "-p", "capture=true");
    assertEquals(2, noFolder.exitCode, noFolder.toString());
    assertEquals(1, noFolder.err.strip().lines().count(), noFolder.err);
    assertTrue(noFolder.err.contains("capture=true") && noFolder.err.contains("resultsdir"), noFolder.err);
    assertFalse(noFolder.out.contains("[OVERALL]"), "nothing ran");
  }
}
