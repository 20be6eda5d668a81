package site.ycsb.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import site.ycsb.cli.Run;

/**
 * durability=true on both paths against a store that acknowledges every write and forgets some
 * updates: the lost writes and stale reads the client reports equal the store's own count; and
 * against a store that forgets nothing, with many operations in flight on one key space, the
 * client reports none (no false positives).
 */
class DurabilityRunTest {
  private static Run phase(String command, String[] path, String... more) {
    List<String> a = new ArrayList<>(List.of(command, "-db", ForgetfulDB.class.getName(),
        "-P", "../workloads/workloada", "-p", "recordcount=200", "-p", "fieldcount=4", "-p", "fieldlength=40",
        "-p", "writeallfields=true", "-p", "durability=true"));
    a.addAll(Arrays.asList(path));
    a.addAll(Arrays.asList(more));
    Run r = Run.of(a.toArray(new String[0]));
    assertEquals(0, r.exitCode, r.toString());
    return r;
  }

  @ParameterizedTest
  @EnumSource(value = EnginePath.class, names = {"BLOCKING", "ASYNCHRONOUS"})
  void lostWritesAndStaleReadsEqualTheStoresOwnCount(EnginePath path) {
    ForgetfulDB.reset(0);
    Run load = phase("load", path.atOnce(1));
    assertEquals(200, load.count("DURABILITY", "KeysVerified"), load.toString());
    assertEquals(0, load.count("DURABILITY", "LostWrites"), load.toString());
    // one operation at a time: the store's order of acknowledgement is the client's
    ForgetfulDB.dropEvery = 7;
    Run run = phase("run", path.atOnce(1), "-p", "operationcount=3000");
    long lost = ForgetfulDB.lostKeys();
    long stale = ForgetfulDB.readsOfLostKeys();
    assertTrue(lost > 0 && stale > 0, "the store forgot updates: " + lost + " keys, " + stale + " reads");
    assertEquals(lost, run.count("DURABILITY", "LostWrites"), run.toString());
    assertEquals(stale, run.count("DURABILITY", "StaleReads"), run.toString());
    assertEquals(stale, run.count("STALE-READ", "Operations"), run.toString());
    assertEquals(run.count("UPDATE", "Operations"), run.count("DURABILITY", "WritesAcknowledged"), run.toString());
    long judged = run.count("DURABILITY", "ReadsJudged");
    assertTrue(judged > stale && judged <= run.count("READ", "Operations"), run.toString());
    assertEquals(run.count("DURABILITY", "KeysWritten"),
        run.count("DURABILITY", "KeysVerified") + run.count("DURABILITY", "LostWrites"), run.toString());
    assertTrue(run.err.contains("lost their last acknowledged write"), run.err);
  }

  @ParameterizedTest
  @EnumSource(value = EnginePath.class, names = {"BLOCKING", "ASYNCHRONOUS"})
  void aStoreThatForgetsNothingShowsNoLossAndNoStaleRead(EnginePath path) {
    ForgetfulDB.reset(0);
    phase("load", path.atOnce(4));
    // a small key space and a hot spot: many writes of one key in flight together
    Run run = phase("run", path.atOnce(16), "-p", "operationcount=40000", "-p", "requestdistribution=zipfian",
        "-p", "recordcount=50", "-p", "insertstart=0");
    assertEquals(0, ForgetfulDB.lostKeys());
    assertEquals(0, run.count("DURABILITY", "LostWrites"), run.toString());
    assertEquals(0, run.count("DURABILITY", "StaleReads"), run.toString());
    assertTrue(run.count("DURABILITY", "ReadsJudged") > 15000, run.toString());
    assertEquals(run.count("DURABILITY", "KeysWritten"), run.count("DURABILITY", "KeysVerified"), run.toString());
  }

  @ParameterizedTest
  @EnumSource(value = EnginePath.class, names = {"BLOCKING", "ASYNCHRONOUS"})
  void deletesAmongTheWritesShowNoFalseLossOrStaleRead(EnginePath path) {
    ForgetfulDB.reset(0);
    phase("load", path.atOnce(4));
    // a delete and a write of one key in flight together may end either way: such a key is not judged
    Run run = phase("run", path.atOnce(16), "-p", "operationcount=6000", "-p", "deleteproportion=0.02",
        "-p", "readproportion=0.49", "-p", "updateproportion=0.49", "-p", "requestdistribution=zipfian");
    assertTrue(run.count("DELETE", "Operations") > 20, run.toString());
    assertTrue(run.count("DURABILITY", "ReadsJudged") > 100, run.toString());
    assertEquals(0, run.count("DURABILITY", "StaleReads"), run.toString());
    assertEquals(0, run.count("DURABILITY", "LostWrites"), run.toString());
  }
}
