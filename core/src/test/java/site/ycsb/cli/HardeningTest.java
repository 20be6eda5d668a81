package site.ycsb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What a YCSB user runs into by mistake, each ending at once with one line: a workload with no
 * keys to choose from, a binding whose driver is missing, a load that inserted fewer records than
 * asked; and distributions that could draw for ever.
 */
class HardeningTest {
  @Test
  @Timeout(10)
  void aRunWithNoRecordsToChooseFromIsAnInputError() {
    String[][] cases = {
        {"run", "basic", "-P", "../workloads/workloada", "-p", "recordcount=0", "-p", "operationcount=10"},
        {"run", "basic", "-P", "../workloads/workloadd", "-p", "recordcount=0", "-p", "operationcount=10"},
        {"run", "basic"},
        {"run", "basic", "-P", "../workloads/workloada", "-p", "recordcount=100", "-p", "insertstart=100",
            "-p", "operationcount=10"},
    };
    for (String[] args : cases) {
      Run r = Run.of(args);
      assertEquals(Ycsb.BAD_INPUT, r.exitCode, String.join(" ", args) + "\n" + r);
      assertEquals(1, r.err.strip().lines().count(), "one line: " + r.err);
      assertTrue(r.err.contains("recordcount=") && r.err.contains("insertcount="), r.err);
      assertEquals("", r.out);
    }
  }

  @Test
  @Timeout(10)
  void insertsAloneNeedNoRecords() {
    Run r = Run.of("run", "basic", "-P", "../workloads/workloada", "-p", "recordcount=0", "-p", "operationcount=50",
        "-p", "readproportion=0", "-p", "updateproportion=0", "-p", "insertproportion=1",
        "-p", "basicdb.verbose=false");
    assertEquals(0, r.exitCode, r.toString());
    assertEquals(50, r.count("OVERALL", "Operations"));
  }

  @Test
  @Timeout(30)
  void aDistributionOverKeysNotInsertedYetStillChoosesAKeyAtOnce() {
    // one record and a zipfian sized for half a billion inserts: nearly every draw misses the record
    Run r = Run.of("run", "basic", "-P", "../workloads/workloada", "-p", "recordcount=1",
        "-p", "operationcount=1000000000", "-p", "readproportion=0.5", "-p", "updateproportion=0",
        "-p", "insertproportion=0.5", "-p", "requestdistribution=zipfian", "-p", "maxexecutiontime=1",
        "-p", "basicdb.verbose=false");
    assertEquals(0, r.exitCode, r.toString());
    assertTrue(r.count("READ", "Operations") > 1000, "reads kept going:\n" + r);
  }

  @Test
  @Timeout(20)
  void aBindingWhoseDriverIsMissingEndsWithOneLine() throws IOException, URISyntaxException {
    // found through the binding's class: naming MissingDriver here would load it
    Path driver = Path.of(UpstreamStyleDB.class.getResource("MissingDriver.class").toURI());
    Files.delete(driver);
    Run r = Run.of("run", "-db", UpstreamStyleDB.class.getName(), "-P", "../workloads/workloada",
        "-p", "recordcount=10", "-p", "operationcount=10", "-threads", "4");
    assertEquals(Ycsb.COULD_NOT_RUN, r.exitCode, r.toString());
    assertEquals(1, r.err.strip().lines().count(), "one line, no stack trace: " + r.err);
    assertTrue(r.err.contains(UpstreamStyleDB.class.getName()) && r.err.contains("site.ycsb.cli.MissingDriver")
        && r.err.contains("NoClassDefFoundError"), r.err);
    assertFalse(r.err.contains("\tat "), r.err);
  }

  @Test
  @Timeout(10)
  void durabilityOnABindingThatStoresNothingIsRefusedBeforeThePhase() {
    String[][] cases = {
        {"run", "basic", "basic (site.ycsb.BasicDB)"},
        {"load", "-db", "site.ycsb.BasicDB", "site.ycsb.BasicDB"},
        {"run", "-db", "site.ycsb.GoodBadUglyDB", "site.ycsb.GoodBadUglyDB"}};
    for (String[] c : cases) {
      java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of(c).subList(0, c.length - 1));
      args.addAll(java.util.List.of("-P", "../workloads/workloada", "-p", "recordcount=20", "-p", "operationcount=20",
          "-p", "basicdb.verbose=false", "-p", "durability=true"));
      Run r = Run.of(args.toArray(new String[0]));
      assertEquals(Ycsb.BAD_INPUT, r.exitCode, args + "\n" + r);
      assertEquals("ERROR: property durability=true needs a binding that stores what it is written: "
          + c[c.length - 1] + " stores nothing, so every write would count as lost; expected the binding of a"
          + " database, e.g. rocksdb", r.err.strip(), r.toString());
      assertEquals("", r.out, "nothing ran");
    }
  }

  @Test
  void aLoadThatStoppedShortExitsNonZeroSayingHowManyRecordsExist() {
    Run r = Run.of("load", "basic", "-P", "../workloads/workloada", "-p", "recordcount=100000",
        "-p", "maxexecutiontime=0.2", "-p", "basicdb.simulatedelay=1", "-p", "basicdb.randomizedelay=false",
        "-p", "basicdb.verbose=false");
    assertEquals(Ycsb.COULD_NOT_RUN, r.exitCode, r.toString());
    long inserted = r.count("INSERT", "Operations");
    assertTrue(r.err.contains("ERROR: the load inserted " + inserted + " of 100000 records (maxexecutiontime ended"),
        r.err);
    Run complete = Run.of("load", "basic", "-P", "../workloads/workloada", "-p", "recordcount=100",
        "-p", "basicdb.verbose=false");
    assertEquals(0, complete.exitCode, complete.toString());
  }
}
