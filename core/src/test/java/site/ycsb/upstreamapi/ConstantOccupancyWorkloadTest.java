package site.ycsb.upstreamapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import site.ycsb.cli.Run;
import site.ycsb.workloads.ConstantOccupancyWorkload;

/**
 * Upstream's storage-sized workload: the counts the phases run are the ones it works out from the
 * disk size, the occupancy and the record size, not the ones given.
 */
class ConstantOccupancyWorkloadTest {
  /** 0.5 of 100,000 bytes in records of 10 fields of 100 bytes: 50 records; 3 ages: 150 operations. */
  private static Run phase(String command, String... more) {
    List<String> args = new ArrayList<>(List.of(command, "basic", "-P", "../workloads/workloada", "-threads", "2",
        "-p", "workload=" + ConstantOccupancyWorkload.class.getName(), "-p", "basicdb.verbose=false",
        "-p", "disksize=100000", "-p", "occupancy=0.5", "-p", "storageages=3",
        "-p", "fieldcount=10", "-p", "fieldlength=100"));
    args.addAll(List.of(more));
    return Run.of(args.toArray(new String[0]));
  }

  @Test
  void theLoadInsertsWhatFitsAndTheRunReplacesItStorageAgesTimes() {
    Run load = phase("load");
    assertEquals(0, load.exitCode, load.toString());
    assertEquals(50, load.count("INSERT", "Operations"), load.toString());

    Run run = phase("run");
    assertEquals(0, run.exitCode, run.toString());
    assertEquals(150, run.count("READ", "Operations") + run.count("UPDATE", "Operations"), run.toString());
  }

  @Test
  void countsGivenByTheUserAreReplacedWithANote() {
    Run run = phase("run", "-p", "recordcount=7", "-p", "operationcount=1000");
    assertEquals(0, run.exitCode, run.toString());
    assertEquals(150, run.count("READ", "Operations") + run.count("UPDATE", "Operations"), run.toString());
    assertTrue(run.err.contains("NOTE: workload ConstantOccupancyWorkload set recordcount=50 (was 7), operationcount=150"
        + " (was 1000), insertcount=50 (was not set); the phase runs these"), run.err);
  }

  @Test
  void aDiskTooSmallForOneRecordIsOneLine() {
    Run run = phase("load", "-p", "disksize=500");
    assertEquals(2, run.exitCode, run.toString());
    List<String> lines = run.err.lines().filter(l -> !l.isBlank()).toList();
    assertEquals(1, lines.size(), run.err);
    assertTrue(lines.get(0).contains("disksize=500") && lines.get(0).contains("holds no record of 1000 bytes"),
        run.err);
  }
}
