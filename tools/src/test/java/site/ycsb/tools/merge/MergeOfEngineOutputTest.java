package site.ycsb.tools.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.cli.Run;
import site.ycsb.cli.Ycsb;

/**
 * What the engine writes in its less common forms merges as the engine wrote it: a binding's own
 * sections add up, each error code keeps its section, and folders of different workloads are
 * refused unless the user says they are meant to be one.
 */
class MergeOfEngineOutputTest {
  @TempDir
  Path tmp;

  @Test
  @Timeout(60)
  void foldersOfDifferentWorkloadsAreNotMergedAsOne() {
    Path a = tmp.resolve("a");
    Path c = tmp.resolve("c");
    assertEquals(0, Run.of("run", "basic", "-P", "../workloads/workloada", "-p", "operationcount=20",
        "-p", "clientcount=2", "-p", "clientid=0", "-p", "basicdb.verbose=false", "-p", "resultsdir=" + a).exitCode);
    assertEquals(0, Run.of("run", "basic", "-P", "../workloads/workloadc", "-p", "operationcount=20",
        "-p", "clientcount=2", "-p", "clientid=1", "-p", "basicdb.verbose=false", "-p", "resultsdir=" + c).exitCode);
    Run merged = Run.of("merge", a.toString(), c.toString(), "-o", tmp.resolve("m").toString());
    assertEquals(Ycsb.BAD_INPUT, merged.exitCode, merged.toString());
    assertEquals(1, merged.err.strip().lines().count(), "one line: " + merged.err);
    for (String m : new String[] {"ERROR: ", "the folders ran different workloads", "readproportion=0.5",
        "readproportion=1", "--mixed-workloads"}) {
      assertTrue(merged.err.contains(m), "should mention '" + m + "': " + merged.err);
    }
    assertFalse(Files.exists(tmp.resolve("m")));
    Run mixed = Run.of("merge", a.toString(), c.toString(), "-o", tmp.resolve("m").toString(), "--mixed-workloads");
    assertEquals(0, mixed.exitCode, mixed.toString());
  }

  @Test
  void mergingClientsAddsUpTheBindingsOwnSections() {
    long flushes = 0;
    for (int client = 0; client < 2; client++) {
      Run r = Run.of("run", "-db", "site.ycsb.upstreamapi.OwnFiguresDB", "-P", "../workloads/workloada",
          "-threads", "2", "-p", "operationcount=400", "-p", "clientcount=2", "-p", "clientid=" + client,
          "-p", "resultsdir=" + tmp.resolve("client" + client));
      assertEquals(0, r.exitCode, r.toString());
      flushes += r.count("HBASE-FLUSH", "Operations");
    }
    Run merged = Run.of("merge", tmp.resolve("client0").toString(), tmp.resolve("client1").toString(),
        "-o", tmp.resolve("merged").toString());
    assertEquals(0, merged.exitCode, merged.toString());
    assertEquals(flushes, merged.count("HBASE-FLUSH", "Operations"), merged.toString());
    assertEquals(flushes, merged.count("HBASE-FLUSH", "Return=OK"));
    assertFalse(merged.err.contains("HBASE-FLUSH"), "no warning about the section: " + merged.err);
  }

  @Test
  void everyErrorCodesSectionIsMergedAsItWasWritten() {
    Path a = tmp.resolve("a");
    Run r = Run.of("run", "-db", "site.ycsb.runner.ScriptedDB", "-P", "../workloads/workloada",
        "-p", "operationcount=3000", "-p", "scripted.failures=0.3", "-threads", "2",
        "-p", "reportlatencyforeacherror=true", "-p", "resultsdir=" + a);
    assertEquals(0, r.exitCode, r.toString());
    assertTrue(r.count("READ-NOT_FOUND", "Operations") > 0, r.out);
    Run merged = Run.of("merge", a.toString(), "-o", tmp.resolve("m").toString());
    assertEquals(0, merged.exitCode, merged.toString());
    assertEquals(r.count("READ-NOT_FOUND", "Operations"), merged.count("READ-NOT_FOUND", "Operations"));
    assertEquals(r.count("READ-NOT_FOUND", "MaxLatency(us)"), merged.count("READ-NOT_FOUND", "MaxLatency(us)"));
    assertFalse(merged.err.contains("left out"), merged.err);
  }
}
